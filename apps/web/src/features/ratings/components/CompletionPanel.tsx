import { Group, Progress, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useCompletion } from "../api/ratings.ts";

function Bar({ rated, expected, label }: { rated: number; expected: number; label: string }) {
  const { t } = useTranslation("ratings");
  const percent = expected === 0 ? 0 : Math.round((rated / expected) * 100);
  return (
    <Group gap="xs" wrap="nowrap" miw={180}>
      <Progress
        value={percent}
        color={percent === 100 ? "teal.8" : "blue.8"}
        w={100}
        aria-label={`${label}: ${percent}%`}
      />
      <Text fz="sm">
        {t("completion.of", { rated, expected })} ({percent}%)
      </Text>
    </Group>
  );
}

/** For a director: rated cells over expected cells per group and per head teacher (issue 13 §2). */
export function CompletionPanel({ periodId }: { periodId: number }) {
  const { t } = useTranslation("ratings");
  const completion = useCompletion(periodId, true);
  if (!completion.data) return <QueryState query={completion} />;
  const { groups, teachers } = completion.data;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t("completion.byGroup")}
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("completion.group")}</Table.Th>
                <Table.Th scope="col">{t("completion.headTeacher")}</Table.Th>
                <Table.Th scope="col">{t("completion.students")}</Table.Th>
                <Table.Th scope="col">{t("completion.progress")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Th scope="row" fw={500}>
                    {g.label}
                  </Table.Th>
                  <Table.Td>{g.head_teacher?.name ?? t("completion.nobody")}</Table.Td>
                  <Table.Td>{g.students}</Table.Td>
                  <Table.Td>
                    <Bar rated={g.rated} expected={g.expected} label={g.label} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t("completion.byTeacher")}
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("completion.teacher")}</Table.Th>
                <Table.Th scope="col">{t("completion.groups")}</Table.Th>
                <Table.Th scope="col">{t("completion.progress")}</Table.Th>
                <Table.Th scope="col">{t("completion.ratedByThem")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {teachers.map((teacher) => (
                <Table.Tr key={teacher.id}>
                  <Table.Th scope="row" fw={500}>
                    {teacher.name}
                  </Table.Th>
                  <Table.Td>{teacher.groups}</Table.Td>
                  <Table.Td>
                    {teacher.expected > 0 ? (
                      <Bar rated={teacher.rated} expected={teacher.expected} label={teacher.name} />
                    ) : (
                      "—"
                    )}
                  </Table.Td>
                  <Table.Td>{teacher.rated_by_them}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Stack>
  );
}
