import "@mantine/charts/styles.layer.css";
import { Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconFileSpreadsheet, IconFileTypePdf } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { QueryState } from "../../components/QueryState.tsx";
import { SetupFirst } from "../../components/SetupFirst.tsx";
import { useDates } from "../../lib/dates.ts";
import { toast } from "../../lib/toast.ts";
import { useCurrentUser } from "../auth/index.ts";
import {
  exportDashboard,
  useDashboard,
  useEffectiveness,
  useVisionOptions,
  type VisionFilters,
  visionQuery,
} from "./api/strategic-vision.ts";
import { Breakdown } from "./components/Breakdown.tsx";
import { ClassificationChart, OpenAgesChart } from "./components/Comparisons.tsx";
import { EscalationSetting } from "./components/EscalationSetting.tsx";
import { FilterBar } from "./components/FilterBar.tsx";
import { Heatmap } from "./components/Heatmap.tsx";
import { Kpis } from "./components/Kpis.tsx";
import { EarlyWarning, EffectivenessPanel, Escalated, SetupPanel } from "./components/Panels.tsx";

const KEYS = ["school_year_id", "period_id", "section_id", "grade_id", "group_id"] as const;
const WHOLE_YEAR = "whole_year";

/** The dashboard's filters from the address (a shared link or Back shows the same view). */
function readFilters(params: URLSearchParams): VisionFilters {
  const filters: VisionFilters = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value && /^[1-9]\d{0,9}$/.test(value)) filters[key] = Number(value);
  }
  if (params.get(WHOLE_YEAR) === "1" && !filters.period_id) filters.whole_year = 1;
  return filters;
}

/**
 * /strategic-vision (issue 14): the director's dashboard. Every figure, bar and cell opens the archive filtered to
 * exactly the incidents it counts; each chart has its table; the figures are at most a minute old.
 */
export default function StrategicVisionPage() {
  const { t } = useTranslation("strategicVision");
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const options = useVisionOptions();
  const dashboard = useDashboard(filters);
  const effectiveness = useEffectiveness(filters);
  const dates = useDates();
  const [exporting, setExporting] = useState<"pdf" | "xlsx" | null>(null);
  const user = useCurrentUser();

  const setFilters = (next: VisionFilters) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        for (const key of [...KEYS, WHOLE_YEAR]) out.delete(key);
        for (const [key, value] of new URLSearchParams(visionQuery(next))) out.set(key, value);
        return out;
      },
      { replace: true },
    );
  const onExport = async (format: "pdf" | "xlsx") => {
    setExporting(format);
    try {
      await exportDashboard(filters, format, `${t("fileName")}.${format}`);
    } catch (error) {
      toast("error", error instanceof Error && error.message ? error.message : t("exportFailed"));
    } finally {
      setExporting(null);
    }
  };

  const d = dashboard.data;
  // A new school without a school year (issue 26 §4): its figures would all be empty; say where set-up starts.
  if (d && d.range.school_year === null && !filters.school_year_id) {
    return (
      <SetupFirst
        screen="strategicVision"
        canConfigure={user.data?.permissionsModules?.includes("module-master-configuration") ?? false}
      />
    );
  }
  return (
    <Stack gap="md">
      <QueryState query={options} height={60} />
      {options.data && (
        <FilterBar
          options={options.data}
          filters={filters}
          shown={{ yearId: d?.range.school_year?.id ?? filters.school_year_id, periodId: d?.range.period?.id }}
          onChange={setFilters}
        />
      )}
      <QueryState query={dashboard} height={400} />
      {d && (
        <Stack gap="md" aria-busy={dashboard.isFetching}>
          <Group justify="space-between" gap="xs" align="flex-end">
            <Stack gap={0}>
              <Text fw={600}>
                {d.range.period ? `${d.range.period.name} · ` : ""}
                {dates.dayRange(d.range.from, d.range.to)}
              </Text>
              <Text size="xs" c="dimmed">
                {d.range.previous ? t("comparedWith", { name: d.range.previous.name }) : t("nothingToCompare")}
                {" · "}
                {d.scope === "own" ? t("scopeOwn") : t("scopeSchool")}
                {" · "}
                {t("updatedAt", { time: dates.time(d.computed_at) })}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconFileTypePdf size={16} aria-hidden />}
                loading={exporting === "pdf"}
                onClick={() => void onExport("pdf")}
              >
                {t("exportPdf")}
              </Button>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                loading={exporting === "xlsx"}
                onClick={() => void onExport("xlsx")}
              >
                {t("exportXlsx")}
              </Button>
            </Group>
          </Group>
          <Kpis d={d} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ClassificationChart d={d} />
            <OpenAgesChart d={d} />
            <EarlyWarning d={d} />
            <Escalated
              d={d}
              action={
                options.data?.settings.editable ? (
                  <EscalationSetting days={options.data.settings.escalate_after_days} />
                ) : undefined
              }
            />
          </SimpleGrid>
          <Heatmap cells={d.heatmap} />
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
            {d.breakdowns.grade.length > 0 && <Breakdown title={t("by.grade")} bars={d.breakdowns.grade} />}
            <Breakdown title={t("by.group")} bars={d.breakdowns.group} />
            <Breakdown title={t("by.category")} bars={d.breakdowns.category} />
            <Breakdown title={t("by.type")} bars={d.breakdowns.type} />
            <Breakdown title={t("by.place")} bars={d.breakdowns.place} />
            <Breakdown title={t("by.recorder")} bars={d.breakdowns.recorder} />
          </SimpleGrid>
          <EffectivenessPanel e={effectiveness.data} />
          <SetupPanel d={d} />
        </Stack>
      )}
    </Stack>
  );
}
