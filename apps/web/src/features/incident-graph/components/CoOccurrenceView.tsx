import { GRAPH_LIMITS, PAIR_KINDS } from "@convive/domain";
import { Alert, Box, Button, Grid, Group, Paper, Slider, Stack, Text } from "@mantine/core";
import { IconUsersGroup } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useGraphPairs } from "../api/graph.ts";
import { KIND_COLORS } from "../colors.ts";
import { type GraphState, pairsQuery } from "../url.ts";
import { PairsTable } from "./PairsTable.tsx";
import { StudentPanel } from "./StudentPanel.tsx";

const SigmaMap = lazy(() => import("./SigmaMap.tsx"));
const SLIDER_MAX = 10;

/**
 * "Mapa de coincidencias": who appears together in incidents. The strongest pairs table is the accessible form
 * and comes first on a phone (the map behind a button); on a desktop the map and the table sit side by side.
 */
export function CoOccurrenceView({
  state,
  onChange,
  phone,
}: {
  state: GraphState;
  onChange: (patch: Partial<Pick<GraphState, "min">>) => void;
  phone: boolean;
}) {
  const { t } = useTranslation("incidentGraph");
  const query = useGraphPairs(pairsQuery(state));
  const data = query.data;
  const [selected, setSelected] = useState<number | null>(null);
  const [noWebGl, setNoWebGl] = useState(false);
  const [mapOnPhone, setMapOnPhone] = useState(false);
  const nodes = useMemo(() => new Map((data?.nodes ?? []).map((n) => [n.id, n])), [data]);
  // The slider moves freely; the map asks again when it is let go.
  const [min, setMin] = useState(state.min);
  useEffect(() => setMin(state.min), [state.min]);

  const slider = (
    <Box maw={phone ? undefined : 360}>
      <Text size="sm" fw={500} id="graph-min-count">
        {t("map.minCount")}: {t("map.minCountValue", { count: min })}
      </Text>
      <Slider
        thumbLabel={t("map.minCount")}
        min={1}
        max={Math.min(SLIDER_MAX, GRAPH_LIMITS.maxMinCount)}
        step={1}
        value={min}
        onChange={setMin}
        onChangeEnd={(value) => onChange({ min: value })}
        marks={[1, 5, 10].map((value) => ({ value, label: String(value) }))}
        mb="lg"
      />
    </Box>
  );

  const legend = (
    <Stack gap={4}>
      <Group gap="md" wrap="wrap">
        {PAIR_KINDS.map((kind) => (
          <Group key={kind} gap={6} wrap="nowrap">
            <Box w={22} h={4} bg={KIND_COLORS[kind]} aria-hidden style={{ borderRadius: 2 }} />
            <Text size="xs">{t(`map.kinds.${kind}`)}</Text>
          </Group>
        ))}
      </Group>
      <Text size="xs" c="gray.7">
        {t("map.kindsHelp")} {data ? t("map.communities", { count: data.communities }) : ""}
      </Text>
    </Stack>
  );

  const hasPairs = data && data.edges.length > 0;
  const map = hasPairs && (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs">
        {noWebGl ? (
          <Alert color="gray" variant="light" data-testid="map-unavailable">
            {t("map.unavailable")}
          </Alert>
        ) : (
          <Suspense fallback={<Box h={phone ? 360 : 520} />}>
            <SigmaMap
              data={data}
              selected={selected}
              onSelect={setSelected}
              onFail={() => setNoWebGl(true)}
              height={phone ? 360 : 520}
              label={t("map.label", { nodes: data.nodes.length, edges: data.edges.length })}
            />
          </Suspense>
        )}
        <Text size="xs" c="gray.7">
          {t("map.clickHint")}
        </Text>
        {legend}
      </Stack>
    </Paper>
  );
  const table = hasPairs && <PairsTable edges={data.edges} nodes={nodes} onSelect={setSelected} />;

  return (
    <Stack gap="md">
      {slider}
      <Text size="sm" c="gray.7">
        {t("map.weights")} {t("cancelledNote")}
      </Text>
      {data?.truncated && (
        <Alert color="yellow" variant="light">
          {t("map.truncated", { count: data.edges.length })}
        </Alert>
      )}
      <QueryState query={query} height={phone ? 240 : 520} />
      {data && data.edges.length === 0 && (
        <EmptyState
          icon={<IconUsersGroup size={28} />}
          title={t("map.empty")}
          description={t("map.emptyDescription")}
        />
      )}
      {hasPairs && phone && (
        <Stack gap="md">
          {table}
          <Button variant="default" onClick={() => setMapOnPhone((v) => !v)} aria-expanded={mapOnPhone}>
            {mapOnPhone ? t("map.hide") : t("map.show")}
          </Button>
          {mapOnPhone && map}
        </Stack>
      )}
      {hasPairs && !phone && (
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 6 }}>{map}</Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>{table}</Grid.Col>
        </Grid>
      )}
      {data && (
        <StudentPanel
          student={selected === null ? null : (nodes.get(selected) ?? null)}
          filters={data.filters}
          onClose={() => setSelected(null)}
          phone={phone}
        />
      )}
    </Stack>
  );
}
