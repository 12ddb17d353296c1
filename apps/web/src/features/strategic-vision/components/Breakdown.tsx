import type { DashboardBar } from "@convive/domain";
import { BarChart } from "@mantine/charts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ChartCard } from "./ChartCard.tsx";

/** Shown as bars; the rest are in the table (and the XLSX). */
const MAX_BARS = 12;

/** One breakdown (grade, group, category, type, place, recorder): horizontal bars, each opening the archive. */
export function Breakdown({ title, bars }: { title: string; bars: DashboardBar[] }) {
  const { t } = useTranslation("strategicVision");
  const navigate = useNavigate();
  const shown = bars.slice(0, MAX_BARS);
  const top = bars[0];
  return (
    <ChartCard
      title={title}
      summary={top ? t("breakdownSummary", { count: bars.length, top: top.label, value: top.value }) : ""}
      columns={[t("name"), t("incidents")]}
      rows={bars.map((b) => ({
        key: b.key,
        label: b.label,
        cells: [{ value: b.value, link: b.link, name: t("openIncidentsOf", { count: b.value, label: b.label }) }],
      }))}
      chart={
        <BarChart
          h={Math.max(120, shown.length * 30 + 30)}
          data={shown.map((b) => ({ label: b.label, value: b.value, link: b.link }))}
          dataKey="label"
          barChartProps={{ accessibilityLayer: false }}
          orientation="vertical"
          series={[{ name: "value", label: t("incidents"), color: "blue.6" }]}
          yAxisProps={{ width: 130, interval: 0, tick: { fontSize: 11 } }}
          gridAxis="x"
          withTooltip
          barProps={{
            cursor: "pointer",
            onClick: (entry: { payload?: { link?: string } }) => entry.payload?.link && navigate(entry.payload.link),
          }}
        />
      }
    />
  );
}
