import type { Dashboard } from "@convive/domain";
import { BarChart } from "@mantine/charts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ChartCard } from "./ChartCard.tsx";
import { listOf } from "./chart-text.ts";

type Clicked = { payload?: Record<string, string | number | null> };

/** Incidents by classification, this period beside the last; each bar opens its incidents. */
export function ClassificationChart({ d }: { d: Dashboard }) {
  const { t, i18n } = useTranslation("strategicVision");
  const lang = i18n.resolvedLanguage ?? "es";
  const navigate = useNavigate();
  const previous = d.range.previous;
  const data = d.by_classification.map((c) => ({
    label: t(`classification.${c.classification}`),
    current: c.current.value,
    previous: c.previous?.value ?? 0,
    currentLink: c.current.link,
    previousLink: c.previous?.link ?? null,
  }));
  const open = (key: "currentLink" | "previousLink") => (entry: Clicked) => {
    const link = entry.payload?.[key];
    if (typeof link === "string") navigate(link);
  };
  return (
    <ChartCard
      title={t("charts.byClassification")}
      // Said from the bars themselves (issue 26 §6), each period's classifications and their sum.
      summary={[
        t("charts.byClassificationSummary", {
          name: t("thisPeriod"),
          bars: listOf(
            data.map((b) => `${b.label.toLocaleLowerCase(lang)} ${b.current}`),
            lang,
          ),
          total: data.reduce((sum, b) => sum + b.current, 0),
        }),
        previous
          ? t("charts.byClassificationSummary", {
              name: previous.name,
              bars: listOf(
                data.map((b) => `${b.label.toLocaleLowerCase(lang)} ${b.previous}`),
                lang,
              ),
              total: data.reduce((sum, b) => sum + b.previous, 0),
            })
          : "",
      ]
        .filter(Boolean)
        .join(" ")}
      columns={[
        t("classificationLabel"),
        t("thisPeriod"),
        previous ? t("previousPeriod", { name: previous.name }) : "",
      ].filter(Boolean)}
      rows={d.by_classification.map((c, i) => ({
        key: c.classification,
        label: data[i]!.label,
        cells: [
          { value: c.current.value, link: c.current.link, name: t("open.incidents", { count: c.current.value }) },
          ...(c.previous
            ? [
                {
                  value: c.previous.value,
                  link: c.previous.link,
                  name: t("open.incidents", { count: c.previous.value }),
                },
              ]
            : []),
        ],
      }))}
      chart={
        <BarChart
          h={200}
          data={data}
          dataKey="label"
          barChartProps={{ accessibilityLayer: false }}
          withLegend
          series={[
            { name: "current", label: t("thisPeriod"), color: "blue.7" },
            ...(previous
              ? [{ name: "previous", label: t("previousPeriod", { name: previous.name }), color: "gray.5" }]
              : []),
          ]}
          barProps={(series) => ({
            cursor: "pointer",
            onClick: open(series.name === "current" ? "currentLink" : "previousLink"),
          })}
        />
      }
    />
  );
}

/** Open incidents by age (0–7, 8–30, more than 30 days). */
export function OpenAgesChart({ d }: { d: Dashboard }) {
  const { t, i18n } = useTranslation("strategicVision");
  const navigate = useNavigate();
  const data = d.open.ages.map((a) => ({ label: t(`ages.${a.bucket}`), value: a.value, link: a.link }));
  return (
    <ChartCard
      title={t("charts.openAges")}
      // Said from the bars themselves (issue 26 §6): each age's bar and their sum.
      summary={t("charts.openAgesSummary", {
        total: data.reduce((sum, b) => sum + b.value, 0),
        bars: listOf(
          data.map((b) => `${b.label.toLocaleLowerCase(i18n.resolvedLanguage)}: ${b.value}`),
          i18n.resolvedLanguage ?? "es",
        ),
      })}
      columns={[t("age"), t("incidents")]}
      rows={d.open.ages.map((a, i) => ({
        key: a.bucket,
        label: data[i]!.label,
        cells: [{ value: a.value, link: a.link, name: t("open.open", { count: a.value }) }],
      }))}
      chart={
        <BarChart
          h={180}
          data={data}
          dataKey="label"
          barChartProps={{ accessibilityLayer: false }}
          series={[{ name: "value", label: t("incidents"), color: "orange.7" }]}
          barProps={{
            cursor: "pointer",
            onClick: (entry: Clicked) => typeof entry.payload?.link === "string" && navigate(entry.payload.link),
          }}
        />
      }
    />
  );
}
