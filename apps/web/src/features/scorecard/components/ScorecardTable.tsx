import type { Scorecard, ScorecardCell } from "@convive/domain";
import { Badge, Box, Card, Group, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { scrollRegion } from "../../../components/scroll-region.ts";

/**
 * The periods side by side as one accessible table: a column per period, a row per measure (its value on the
 * scale version it was given on, the level's colour as a swatch beside its code and name, a mark where it does not
 * pass), then points, incidents by classification, formative actions and observations.
 */
export function ScorecardTable({ card }: { card: Scorecard }) {
  const { t, i18n } = useTranslation("scorecard");
  const en = i18n.resolvedLanguage === "en";
  const name = (x: { name_es: string; name_en: string }) => (en ? x.name_en : x.name_es);
  const { periods } = card;
  if (periods.length === 0) {
    return (
      <Card withBorder radius="lg" padding="md">
        <Text c="gray.7">{t("noPeriods")}</Text>
      </Card>
    );
  }
  const section = (label: string) => (
    <Table.Tr bg="gray.0">
      <Table.Th scope="colgroup" colSpan={periods.length + 1}>
        {label}
      </Table.Th>
    </Table.Tr>
  );
  const row = (label: string, cell: (p: Scorecard["periods"][number]) => ReactNode) => (
    <Table.Tr key={label}>
      <Table.Th scope="row" fw={500}>
        {label}
      </Table.Th>
      {periods.map((p) => (
        <Table.Td key={p.id} ta="center">
          {cell(p)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
  return (
    <Card withBorder radius="lg" padding={0}>
      <Table.ScrollContainer
        minWidth={120 + periods.length * 130}
        {...scrollRegion(t("tableRegion", { name: card.student.name }))}
      >
        <Table verticalSpacing="xs" horizontalSpacing="sm" withColumnBorders>
          <Table.Caption style={{ captionSide: "top", textAlign: "start", padding: "12px 12px 4px" }}>
            {t("tableCaption", { name: card.student.name })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("measure")}</Table.Th>
              {periods.map((p) => (
                <Table.Th key={p.id} scope="col" ta="center">
                  {name(p)}
                  {p.published_at === null && (
                    <Badge size="xs" variant="light" color="gray" ml={6}>
                      {t("notPublished")}
                    </Badge>
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {section(t("ratings"))}
            {card.measures.map((m) =>
              row(name(m), (p) => <RatingCell cell={p.ratings.find((r) => r.measure_id === m.id)} en={en} />),
            )}
            {section(t("points"))}
            {row(t("points"), (p) => (p.points > 0 ? `+${p.points}` : String(p.points)))}
            {section(t("incidents"))}
            {(["minor", "serious", "very-serious"] as const).map((k) => row(t(k), (p) => p.incidents[k]))}
            {section(t("actions"))}
            {row(t("completed"), (p) => p.formative_actions.completed)}
            {row(t("pending"), (p) => p.formative_actions.pending)}
            {section(t("observations"))}
            {row(t("observations"), (p) => p.observations)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function RatingCell({ cell, en }: { cell: ScorecardCell | undefined; en: boolean }) {
  const { t } = useTranslation("scorecard");
  if (!cell) {
    return (
      <Text span c="gray.7" size="sm">
        —<VisuallyHidden>{t("notRated")}</VisuallyHidden>
      </Text>
    );
  }
  const label = en ? cell.label_en : cell.label_es;
  const text = label === cell.value ? cell.value : `${cell.value} · ${label}`;
  return (
    <Group gap={6} justify="center" wrap="nowrap">
      {cell.colour && (
        <Box
          aria-hidden
          w={12}
          h={12}
          style={{ borderRadius: 3, background: cell.colour, flex: "none", border: "1px solid rgba(0,0,0,.2)" }}
        />
      )}
      <Text span size="sm" fw={600} c={cell.passing ? undefined : "red.9"}>
        {text}
      </Text>
      {!cell.passing && (
        <>
          <IconAlertTriangle size={14} color="var(--mantine-color-red-9)" aria-hidden />
          <VisuallyHidden>{t("notPassing")}</VisuallyHidden>
        </>
      )}
    </Group>
  );
}
