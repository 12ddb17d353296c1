import type { DashboardBar } from "@convive/domain";
import { BarChart } from "@mantine/charts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { ChartCard } from "./ChartCard.tsx";
import { largest, listOf, tickLabel } from "./chart-text.ts";

/** Shown as bars; the rest are in the table (and the XLSX). */
const MAX_BARS = 12;

/**
 * One breakdown (grade, group, category, type, place, recorder): horizontal bars, each opening the archive. Each
 * name takes one line beside its bar (cut with an ellipsis; the table and the tooltip say it whole), and the caption
 * speaks of the bars drawn (issue 26 §6).
 */
export function Breakdown({ title, bars }: { title: string; bars: DashboardBar[] }) {
  const { t, i18n } = useTranslation("strategicVision");
  const navigate = useNavigate();
  const phone = useIsPhone();
  const shown = bars.slice(0, MAX_BARS);
  const top = largest(shown);
  const axis = phone ? { width: 104, chars: 12 } : { width: 130, chars: 16 };
  const summary =
    top.length === 0
      ? ""
      : [
          t("breakdownSummary", {
            count: bars.length,
            top: listOf(
              top.map((b) => b.label),
              i18n.resolvedLanguage ?? "es",
            ),
            value: top[0]!.value,
            context: top.length > 1 ? "tied" : undefined,
          }),
          shown.length < bars.length ? t("breakdownShown", { shown: shown.length, count: bars.length }) : "",
        ]
          .filter(Boolean)
          .join(" ");
  return (
    <ChartCard
      title={title}
      summary={summary}
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
          yAxisProps={{
            width: axis.width,
            interval: 0,
            tick: { fontSize: 11 },
            tickFormatter: (label: string) => tickLabel(String(label), axis.chars),
          }}
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
