import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconChartBar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useFamilyRatings } from "../api/ratings.ts";
import { LevelDot } from "./CellValue.tsx";
import { measureName, periodName } from "./RatingsGrid.tsx";

/** A family's view (issue 13 §2): each child's ratings of the published periods, read only. */
export function FamilyRatingsView() {
  const { t, i18n } = useTranslation("ratings");
  const language = i18n.resolvedLanguage ?? "es";
  const dates = useDates();
  const family = useFamilyRatings(language);
  if (!family.data) return <QueryState query={family} />;
  const children = family.data.children;
  const any = children.some((c) => c.periods.length > 0);
  return (
    <Stack gap="lg" maw={960}>
      <Title order={2} fz="h3">
        {t("family.title")}
      </Title>
      {!any && (
        <EmptyState icon={<IconChartBar size={28} />} title={t("family.none")} description={t("family.noneBody")} />
      )}
      {children.map((child) => (
        <Stack key={child.student.id} gap="sm" component="section" aria-label={child.student.name}>
          <Group gap="xs" align="baseline">
            <Title order={3} fz="h4">
              {child.student.name}
            </Title>
            {child.student.group && (
              <Text fz="sm" c="gray.7">
                {child.student.group}
              </Text>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {[...child.periods].reverse().map((p) => (
              <Card key={p.period.id} withBorder radius="lg" padding="md">
                <Stack gap="xs">
                  <Group justify="space-between" align="baseline">
                    <Text fw={700}>{periodName(p.period, language)}</Text>
                    <Text fz="xs" c="gray.7">
                      {t("family.published", { date: dates.date(p.period.published_at) })}
                    </Text>
                  </Group>
                  <Table>
                    <Table.Tbody>
                      {p.ratings.map((r) => (
                        <Table.Tr key={r.measure_id}>
                          <Table.Th scope="row" fw={500}>
                            {measureName(r, language)}
                          </Table.Th>
                          <Table.Td ta="right">
                            {r.colour ? (
                              <Badge
                                size="lg"
                                variant="outline"
                                color="gray.8"
                                leftSection={<LevelDot colour={r.colour} />}
                                title={r.passing ? undefined : t("family.notPassing")}
                              >
                                {r.label}
                              </Badge>
                            ) : (
                              <Text span fw={700} c={r.passing ? undefined : "red.9"}>
                                {r.label}
                              </Text>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                  {p.comment && (
                    <Stack gap={2}>
                      <Text fz="xs" fw={700} c="gray.7">
                        {t("family.comment")}
                      </Text>
                      <Text fz="sm" style={{ whiteSpace: "pre-line" }}>
                        {p.comment}
                      </Text>
                    </Stack>
                  )}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
