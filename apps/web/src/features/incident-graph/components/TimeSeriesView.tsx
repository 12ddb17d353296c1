import { GRAPH_INTERVALS, GRAPH_STACKS, type GraphInterval, type GraphSeries } from "@convive/domain";
import { BarChart } from "@mantine/charts";
import { Anchor, Box, Group, Paper, SegmentedControl, Select, Stack, Table, Text, Title } from "@mantine/core";
import { IconChartBar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useArchiveFilters } from "../../incidents/index.ts";
import { useGraphSeries } from "../api/graph.ts";
import { CLASSIFICATION_COLORS, stackColor } from "../colors.ts";
import { archiveHref, type GraphState, seriesQuery } from "../url.ts";

type Patch = Partial<Pick<GraphState, "interval" | "stack" | "category_id">>;

/** "Incidencias en el tiempo": stacked bars per day, week or month, each bar opening its incidents; the same as a table. */
export function TimeSeriesView({
  state,
  onChange,
  phone,
}: {
  state: GraphState;
  onChange: (patch: Patch) => void;
  phone: boolean;
}) {
  const { t, i18n } = useTranslation("incidentGraph");
  const lang = i18n.resolvedLanguage ?? "es";
  const query = useGraphSeries(seriesQuery(state));
  const categories = useArchiveFilters().data?.categories ?? [];
  const data = query.data;

  return (
    <Stack gap="md">
      <Group gap="md" align="end" wrap="wrap">
        <Box>
          <Text size="sm" fw={500} mb={4} id="graph-interval">
            {t("time.interval")}
          </Text>
          <SegmentedControl
            aria-labelledby="graph-interval"
            value={state.interval}
            onChange={(value) => onChange({ interval: value as GraphInterval })}
            data={GRAPH_INTERVALS.map((i) => ({ value: i, label: t(`time.intervals.${i}`) }))}
          />
        </Box>
        <Select
          label={t("time.stack")}
          w={phone ? "100%" : 200}
          data={GRAPH_STACKS.map((s) => ({ value: s, label: t(`time.stacks.${s}`) }))}
          value={state.stack}
          allowDeselect={false}
          onChange={(value) => value && onChange({ stack: value as GraphState["stack"] })}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t("filters.category")}
          w={phone ? "100%" : 240}
          placeholder={t("filters.any")}
          data={categories.map((c) => ({
            value: String(c.id),
            label: lang === "en" && c.name_en ? c.name_en : c.name_es,
          }))}
          value={state.category_id ? String(state.category_id) : null}
          onChange={(value) => onChange({ category_id: value ? Number(value) : undefined })}
          clearable
          clearButtonProps={{ "aria-label": t("filters.clear", { field: t("filters.category") }) }}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <QueryState query={query} height={320} />
      {data && data.total === 0 && (
        <EmptyState
          icon={<IconChartBar size={28} />}
          title={t("time.empty")}
          description={t("time.emptyDescription")}
        />
      )}
      {data && data.total > 0 && <SeriesChart data={data} phone={phone} />}
      {data && data.total > 0 && <SeriesTable data={data} />}
    </Stack>
  );
}

/** How a bucket is named: short under a bar, in full in the table and the links' names. */
function useBucketNames(interval: GraphInterval) {
  const { t, i18n } = useTranslation("incidentGraph");
  const dates = useDates();
  const lang = i18n.resolvedLanguage === "en" ? "en-US" : "es-MX";
  const at = (day: string) => new Date(`${day}T12:00:00Z`);
  const short = (start: string) =>
    interval === "month"
      ? at(start).toLocaleDateString(lang, { month: "short", year: "2-digit", timeZone: "UTC" })
      : at(start).toLocaleDateString(lang, { day: "numeric", month: "short", timeZone: "UTC" });
  const full = (start: string, end: string) =>
    interval === "day"
      ? dates.day(start, true)
      : interval === "week"
        ? t("time.weekOf", { day: dates.dayRange(start, end) })
        : at(start).toLocaleDateString(lang, { month: "long", year: "numeric", timeZone: "UTC" });
  return { short, full };
}

function seriesColors(data: GraphSeries) {
  return data.series.map((s, i) => ({
    name: s.key,
    label: s.label,
    color: data.stack === "classification" ? (CLASSIFICATION_COLORS[s.key] ?? stackColor(i)) : stackColor(i),
  }));
}

function SeriesChart({ data, phone }: { data: GraphSeries; phone: boolean }) {
  const { t } = useTranslation("incidentGraph");
  const navigate = useNavigate();
  const dates = useDates();
  const names = useBucketNames(data.interval);
  const rows = data.buckets.map((b, index) => ({ label: names.short(b.start), index, ...b.counts }));
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="sm" c="gray.7" mb="xs">
        {t("time.hint")} {t("cancelledNote")} {data.stack === "group" ? t("time.groupNote") : ""}
      </Text>
      <Box
        role="img"
        aria-label={t("time.chartLabel", {
          count: data.total,
          from: dates.day(data.from),
          to: dates.day(data.to),
          interval: t(`time.intervals.${data.interval}`).toLowerCase(),
        })}
      >
        <BarChart
          h={phone ? 260 : 340}
          data={rows}
          dataKey="label"
          type="stacked"
          series={seriesColors(data)}
          withLegend
          legendProps={{ verticalAlign: "bottom" }}
          tickLine="y"
          gridAxis="y"
          xAxisProps={{ interval: "preserveStartEnd", minTickGap: 12 }}
          barProps={(serie) => ({
            cursor: "pointer",
            onClick: (entry: { payload?: { index?: number } }) => {
              const bucket = data.buckets[entry.payload?.index ?? -1];
              const filter = data.series.find((s) => s.key === serie.name)?.filter ?? {};
              if (bucket) navigate(archiveHref(bucket.filters, filter as Record<string, string | number>));
            },
          })}
        />
      </Box>
    </Paper>
  );
}

/** The chart's table alternative: every count links to exactly those incidents. */
function SeriesTable({ data }: { data: GraphSeries }) {
  const { t } = useTranslation("incidentGraph");
  const names = useBucketNames(data.interval);
  const shown = data.buckets.filter((b) => b.total > 0);
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} size="h4" mb="sm">
        {t("time.tableTitle")}
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("time.period")}</Table.Th>
              {data.series.map((s) => (
                <Table.Th key={s.key} scope="col" ta="right">
                  {s.label}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="right">
                {t("time.total")}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((b) => {
              const period = names.full(b.start, b.end);
              return (
                <Table.Tr key={b.start}>
                  <Table.Th scope="row" fw={500}>
                    {period}
                  </Table.Th>
                  {data.series.map((s) => {
                    const count = b.counts[s.key] ?? 0;
                    return (
                      <Table.Td key={s.key} ta="right">
                        {count > 0 ? (
                          <Anchor
                            component={Link}
                            to={archiveHref(b.filters, s.filter as Record<string, string | number>)}
                            aria-label={t("time.open", { count, label: s.label, period })}
                          >
                            {count}
                          </Anchor>
                        ) : (
                          <Text span c="gray.7">
                            0
                          </Text>
                        )}
                      </Table.Td>
                    );
                  })}
                  <Table.Td ta="right" fw={600}>
                    <Anchor
                      component={Link}
                      to={archiveHref(b.filters)}
                      aria-label={t("time.openAll", { count: b.total, period })}
                    >
                      {b.total}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
