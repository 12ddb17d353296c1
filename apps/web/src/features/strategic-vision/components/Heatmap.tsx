import type { Dashboard } from "@convive/domain";
import { Anchor, Card, Table, Text, Title } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * Weekday × hour on the school's clock, as a table (a real table is its own accessible form): rows are the days,
 * columns the hours that have incidents; each cell with incidents opens them in the archive. The shade follows
 * the count; the number is always written, so colour is never the only cue.
 */
export function Heatmap({ cells }: { cells: Dashboard["heatmap"] }) {
  const { t } = useTranslation("strategicVision");
  const id = useId();
  const hours = [...new Set(cells.map((c) => c.hour))].sort((a, b) => a - b);
  const span = hours.length ? Array.from({ length: hours.at(-1)! - hours[0]! + 1 }, (_, i) => hours[0]! + i) : [];
  const weekend = cells.some((c) => c.weekday > 5);
  const days = weekend ? [1, 2, 3, 4, 5, 6, 7] : [1, 2, 3, 4, 5];
  const max = Math.max(1, ...cells.map((c) => c.value));
  const at = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c]));
  const hour = (h: number) => `${String(h).padStart(2, "0")}:00`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`${id}-title`}>
      <Title id={`${id}-title`} order={2} size="h5" mb="xs">
        {t("heatmap.title")}
      </Title>
      {cells.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("noData")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={Math.max(300, span.length * 44 + 90)}>
          <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={2} horizontalSpacing={4} ta="center">
            <Table.Caption>{t("heatmap.caption")}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Td />
                {span.map((h) => (
                  <Table.Th key={h} scope="col" ta="center">
                    {hour(h)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.map((day) => (
                <Table.Tr key={day}>
                  <Table.Th scope="row" ta="start">
                    {t(`weekdays.${day}`)}
                  </Table.Th>
                  {span.map((h) => {
                    const cell = at.get(`${day}:${h}`);
                    if (!cell)
                      return (
                        <Table.Td key={h} c="dimmed">
                          0
                        </Table.Td>
                      );
                    const share = cell.value / max;
                    return (
                      <Table.Td
                        key={h}
                        p={0}
                        style={{
                          background: `color-mix(in srgb, var(--mantine-color-orange-5) ${Math.round(share * 75)}%, white)`,
                        }}
                      >
                        <Anchor
                          component={Link}
                          to={cell.link}
                          display="block"
                          py={4}
                          fz="xs"
                          fw={600}
                          c="dark.9"
                          aria-label={t("heatmap.cell", {
                            count: cell.value,
                            day: t(`weekdays.${day}`),
                            hour: hour(h),
                          })}
                        >
                          {cell.value}
                        </Anchor>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
