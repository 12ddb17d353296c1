import "@mantine/charts/styles.layer.css";
import { Stack, Tabs } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconChartBar, IconTopologyStar3 } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { QueryState } from "../../components/QueryState.tsx";
import { PHONE_QUERY } from "../../lib/use-is-phone.ts";
import { useGraphOptions } from "./api/graph.ts";
import { CoOccurrenceView } from "./components/CoOccurrenceView.tsx";
import { GraphFilters } from "./components/GraphFilters.tsx";
import { TimeSeriesView } from "./components/TimeSeriesView.tsx";
import { type GraphState, type GraphView, graphSearch, parseGraphSearch } from "./url.ts";

/**
 * /incident-graph (issue 14 §2): incidents over time with drill-down to the archive, and the co-occurrence map of
 * students who appear together in incidents. Staff with the incident graph module, within their incident scope
 * (the server decides; families never reach it). The state lives in the URL.
 */
export default function IncidentGraphPage() {
  const { t } = useTranslation("incidentGraph");
  const [params, setParams] = useSearchParams();
  const state = parseGraphSearch(params);
  const options = useGraphOptions();
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  const update = (patch: Partial<GraphState>) =>
    setParams(graphSearch({ ...state, ...patch }), { replace: patch.view === undefined });

  if (!options.data) return <QueryState query={options} height={320} />;
  // The dates asked for, or the school year's up to today: both views read the same range.
  const ranged: GraphState = {
    ...state,
    from: state.from ?? options.data.default_from,
    to: state.to ?? options.data.default_to,
  };
  return (
    <Stack gap="md">
      <GraphFilters state={ranged} options={options.data} onChange={update} phone={phone} />
      {/* On a phone the two tabs share the width, their names wrapping, instead of running off the screen (issue
          26 §6). */}
      <Tabs
        value={state.view}
        onChange={(value) => value && update({ view: value as GraphView })}
        keepMounted={false}
        styles={phone ? { tab: { whiteSpace: "normal", paddingInline: 8 } } : undefined}
      >
        <Tabs.List aria-label={t("tabs.label")} mb="md" style={{ flexWrap: "nowrap" }} grow={phone}>
          <Tabs.Tab value="time" leftSection={phone ? undefined : <IconChartBar size={16} aria-hidden />}>
            {t("tabs.time")}
          </Tabs.Tab>
          <Tabs.Tab value="map" leftSection={phone ? undefined : <IconTopologyStar3 size={16} aria-hidden />}>
            {t("tabs.map")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="time">
          <TimeSeriesView state={ranged} onChange={update} phone={phone} />
        </Tabs.Panel>
        <Tabs.Panel value="map">
          <CoOccurrenceView state={ranged} onChange={update} phone={phone} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
