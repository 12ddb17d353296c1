import type { Grid, GridMeasure, RatingOptions } from "@convive/domain";
import { Alert, Button, Group, Select, Stack, Tabs, Text } from "@mantine/core";
import { IconCalendarOff, IconCopy, IconRefresh, IconUsersGroup } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useCopyPrevious, useGrid } from "../api/ratings.ts";
import { useGridCells } from "../use-grid-cells.ts";
import { useUndo } from "../use-undo.tsx";
import { CompletionPanel } from "./CompletionPanel.tsx";
import { CommentDialog, FillDialog } from "./GridDialogs.tsx";
import { PeriodActions, PeriodBanner, PeriodState } from "./PeriodBar.tsx";
import { PhoneRater } from "./PhoneRater.tsx";
import { periodName, RatingsGrid } from "./RatingsGrid.tsx";

// Another feature's panel, loaded only when its tab opens.
const GroupPointsPanel = lazy(() => import("../../points/index.ts").then((m) => ({ default: m.GroupPointsPanel })));

/** The group and period in the address (?group=&period=), defaulting to the member's own group and today's period. */
function useSelection(options: RatingOptions) {
  const [params, setParams] = useSearchParams();
  const groupParam = Number(params.get("group"));
  const periodParam = Number(params.get("period"));
  const group =
    options.groups.find((g) => g.id === groupParam) ?? options.groups.find((g) => g.mine) ?? options.groups[0] ?? null;
  const period =
    options.periods.find((p) => p.id === periodParam) ??
    options.periods.find((p) => p.current) ??
    [...options.periods].reverse().find((p) => p.state !== "upcoming") ??
    options.periods[0] ??
    null;
  const set = (key: "group" | "period", value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return { group, period, set };
}

/** Staff's /ratings: pick a group and period, rate in the grid (or one student at a time on a phone). */
export function StaffRatings({ options }: { options: RatingOptions }) {
  const { t, i18n } = useTranslation("ratings");
  const language = i18n.resolvedLanguage ?? "es";
  const { group, period, set } = useSelection(options);
  const [tab, setTab] = useState<string | null>("grid");
  if (options.periods.length === 0) return <EmptyState icon={<IconCalendarOff size={28} />} title={t("noPeriods")} />;
  if (!group || !period) return <EmptyState icon={<IconUsersGroup size={28} />} title={t("noGroups")} />;
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t("group")}
          data={options.groups.map((g) => ({
            value: String(g.id),
            label: g.mine ? `${g.label} ${t("mine")}` : g.label,
          }))}
          value={String(group.id)}
          onChange={(v) => set("group", v)}
          allowDeselect={false}
          searchable
          w={{ base: "100%", xs: 260 }}
        />
        <Select
          label={t("period")}
          data={options.periods.map((p) => ({ value: String(p.id), label: periodName(p, language) }))}
          value={String(period.id)}
          onChange={(v) => set("period", v)}
          allowDeselect={false}
          w={{ base: "100%", xs: 200 }}
        />
        <PeriodState period={period} />
        {options.manages && <PeriodActions period={period} groupId={group.id} />}
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="grid">{t("tabs.grid")}</Tabs.Tab>
          <Tabs.Tab value="points">{t("tabs.points")}</Tabs.Tab>
          {options.manages && <Tabs.Tab value="completion">{t("tabs.completion")}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="grid" pt="md">
          <GridTab groupId={group.id} periodId={period.id} canRate={options.can_rate} />
        </Tabs.Panel>
        <Tabs.Panel value="points" pt="md">
          <Suspense fallback={null}>
            <GroupPointsPanel groupId={group.id} periodId={period.id} />
          </Suspense>
        </Tabs.Panel>
        {options.manages && (
          <Tabs.Panel value="completion" pt="md">
            <CompletionPanel periodId={period.id} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

function GridTab({ groupId, periodId, canRate }: { groupId: number; periodId: number; canRate: boolean }) {
  const { t, i18n } = useTranslation("ratings");
  const grid = useGrid(groupId, periodId, i18n.resolvedLanguage ?? "es");
  if (!grid.data) return <QueryState query={grid} height={420} />;
  if (grid.data.students.length === 0)
    return <EmptyState icon={<IconUsersGroup size={28} />} title={t("noStudents")} />;
  return <GridView grid={grid.data} canRate={canRate} />;
}

function GridView({ grid, canRate }: { grid: Grid; canRate: boolean }) {
  const { t, i18n } = useTranslation("ratings");
  const language = i18n.resolvedLanguage ?? "es";
  const phone = useIsPhone();
  const cells = useGridCells(grid);
  const undo = useUndo(grid, cells);
  const copy = useCopyPrevious({ success: false });
  const [fill, setFill] = useState<GridMeasure | null>(null);
  const [comment, setComment] = useState<number | null>(null);
  const [copying, setCopying] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const previous = grid.previous_period;
  return (
    <Stack gap="sm">
      <PeriodBanner period={grid.period} />
      {!canRate && <Alert variant="light">{t("readOnly")}</Alert>}
      {grid.editable && (
        <Group justify="space-between" gap="sm">
          <Text fz="sm" c="gray.7" maw={640}>
            {phone ? "" : t("help")}
          </Text>
          <Group gap="sm">
            {previous && (
              <Button
                variant="default"
                leftSection={<IconCopy size={16} aria-hidden />}
                onClick={() => setCopying(true)}
              >
                {t("copy.action")}
              </Button>
            )}
          </Group>
        </Group>
      )}
      <Group gap="sm" mih={28} aria-live="polite">
        {cells.pending > 0 && (
          <Text fz="sm" c="gray.7" data-testid="pending">
            {t("pending", { count: cells.pending })}
          </Text>
        )}
        {cells.failed > 0 && (
          <>
            <Text fz="sm" c="red.9" fw={600}>
              {t("failedCount", { count: cells.failed })}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              color="red.9"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={cells.retryAll}
            >
              {t("retryAll")}
            </Button>
          </>
        )}
        {invalid && (
          <Text fz="sm" c="red.9" role="alert">
            {invalid}
          </Text>
        )}
      </Group>
      {phone ? (
        <PhoneRater grid={grid} cells={cells} onComment={setComment} />
      ) : (
        <RatingsGrid
          grid={grid}
          cells={cells}
          onFill={setFill}
          onComment={setComment}
          onInvalid={setInvalid}
          onChange={(change) => undo.record([change])}
          onUndo={undo.undoLast}
        />
      )}
      <FillDialog grid={grid} measure={fill} undo={undo} onClose={() => setFill(null)} />
      <CommentDialog grid={grid} studentId={comment} onClose={() => setComment(null)} />
      {previous && (
        <ConfirmDialog
          opened={copying}
          title={t("copy.title", { period: periodName(previous, language) })}
          message={t("copy.body", { period: periodName(previous, language) })}
          confirmLabel={t("copy.confirm")}
          busy={copy.busy}
          reason={copy.failure}
          onConfirm={() => {
            const before = undo.snapshot();
            void copy.submit({ group_id: grid.group.id, period_id: grid.period.id }, (result) => {
              undo.offer(before, result.ratings, t("copy.done", { count: result.saved }));
              setCopying(false);
            });
          }}
          onClose={() => {
            setCopying(false);
            copy.clearFailure();
          }}
        />
      )}
    </Stack>
  );
}
