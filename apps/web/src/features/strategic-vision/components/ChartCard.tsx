import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import { IconChartBar, IconTable } from "@tabler/icons-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export interface ChartRow {
  key: string;
  label: string;
  /** One value per column after the label (a figure and where it opens, or text). */
  cells: { value: ReactNode; link?: string | null; name?: string }[];
}

/**
 * A chart with its table alternative (issue 14: "each chart has a table alternative a screen reader can read"):
 * the drawing is hidden from assistive technology and summarised in words; a button shows the same figures as a
 * table, each a link to the archive filtered to exactly those incidents.
 */
export function ChartCard(props: {
  title: string;
  summary: string;
  columns: string[];
  rows: ChartRow[];
  chart: ReactNode;
  empty?: string;
  action?: ReactNode;
}) {
  const { t } = useTranslation("strategicVision");
  const [table, setTable] = useState(false);
  const id = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`${id}-title`}>
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap" align="flex-start">
        <Title id={`${id}-title`} order={2} size="h5">
          {props.title}
        </Title>
        <Group gap={4} wrap="nowrap">
          {props.action}
          {props.rows.length > 0 && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              c="dark.6"
              leftSection={table ? <IconChartBar size={14} aria-hidden /> : <IconTable size={14} aria-hidden />}
              onClick={() => setTable((v) => !v)}
              aria-expanded={table}
              aria-controls={`${id}-table`}
            >
              {table ? t("showChart") : t("showTable")}
            </Button>
          )}
        </Group>
      </Group>
      {props.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.empty ?? t("noData")}
        </Text>
      ) : table ? (
        <Table.ScrollContainer minWidth={260} id={`${id}-table`}>
          <Table striped withTableBorder fz="sm" verticalSpacing={4}>
            <Table.Caption>{props.summary}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((c) => (
                  <Table.Th key={c} scope="col">
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Th scope="row" fw={400}>
                    {row.label}
                  </Table.Th>
                  {row.cells.map((cell, i) => (
                    <Table.Td key={props.columns[i + 1] ?? i}>
                      {cell.link ? (
                        <Anchor component={Link} to={cell.link} aria-label={cell.name}>
                          {cell.value}
                        </Anchor>
                      ) : (
                        cell.value
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap={4}>
          <div aria-hidden>{props.chart}</div>
          <Text size="xs" c="dimmed">
            {props.summary}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
