import type { GraphEdge, GraphNode } from "@convive/domain";
import { Box, Button, Group, Paper, Stack, Table, Text, Title, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { KIND_COLORS } from "../colors.ts";

const PAGE = 25;

/** The strongest pairs, the map's accessible form: each student opens their incidents. */
export function PairsTable({
  edges,
  nodes,
  onSelect,
}: {
  edges: GraphEdge[];
  nodes: Map<number, GraphNode>;
  onSelect: (studentId: number) => void;
}) {
  const { t } = useTranslation("incidentGraph");
  const [shown, setShown] = useState(PAGE);
  const student = (id: number) => {
    const node = nodes.get(id);
    return (
      <UnstyledButton onClick={() => onSelect(id)} style={{ textAlign: "left", display: "block" }}>
        <Text span size="sm" fw={500} c="blue.8" td="underline">
          {node?.name}
        </Text>
        {node?.group_label && (
          <Text size="xs" c="gray.7">
            {node.group_label}
          </Text>
        )}
        <VisuallyHidden>{` ${t("pairs.showIncidents")}`}</VisuallyHidden>
      </UnstyledButton>
    );
  };
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} size="h4" mb="sm">
        {t("pairs.title")}
      </Title>
      <Table.ScrollContainer minWidth={400}>
        <Table striped highlightOnHover verticalSpacing="xs" captionSide="top" data-testid="strongest-pairs">
          <Table.Caption ta="left" c="gray.7">
            {t("pairs.caption")}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("pairs.pair")}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t("pairs.count")}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t("pairs.score")}
              </Table.Th>
              <Table.Th scope="col">{t("pairs.roles")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {edges.slice(0, shown).map((e) => (
              <Table.Tr key={`${e.a}-${e.b}`}>
                <Table.Td>
                  <Stack gap={2}>
                    {student(e.a)}
                    {student(e.b)}
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">{e.count}</Table.Td>
                <Table.Td ta="right">{e.score}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Box w={10} h={10} bg={KIND_COLORS[e.kind]} aria-hidden style={{ borderRadius: 5, flex: "none" }} />
                    <Text size="xs" fw={600}>
                      {t(`map.kinds.${e.kind}`)}
                    </Text>
                  </Group>
                  <Text size="xs" c="gray.7" mt={2}>
                    {t("pairs.breakdown", { ia: e.involved_affected, ii: e.involved_involved, other: e.other })}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {edges.length > shown && (
        <Button variant="default" size="xs" mt="sm" onClick={() => setShown((n) => n + PAGE)}>
          {t("pairs.more")}
        </Button>
      )}
    </Paper>
  );
}
