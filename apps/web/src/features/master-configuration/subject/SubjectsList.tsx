import { ActionIcon, Badge, Card, Group as Row, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { Grade, Subject } from "../shared/api.ts";
import { gradesBySection } from "./SubjectForm.tsx";

interface Props {
  subjects: Subject[];
  grades: Grade[];
  onEdit?: (subject: Subject) => void;
  onDelete?: (subject: Subject) => void;
}

/** "Primaria: all grades" or "Secundaria: 1°, 2°" for each section the subject is taught in. */
function useGradeSummary(grades: Grade[]) {
  const { t } = useTranslation("masterConfiguration");
  const sections = gradesBySection(grades);
  return (subject: Subject) =>
    [...sections].flatMap(([section, list]) => {
      const taught = list.filter((g) => subject.grade_ids.includes(g.id));
      if (taught.length === 0) return [];
      const names =
        taught.length === list.length && list.length > 1
          ? t("subjects.allGrades")
          : taught.map((g) => g.name).join(", ");
      return [{ section, names }];
    });
}

/** A table from 768 px up; cards on a phone. */
export function SubjectsList({ subjects, grades, onEdit, onDelete }: Props) {
  const { t } = useTranslation("masterConfiguration");
  const summary = useGradeSummary(grades);
  const gradesOf = (s: Subject) => {
    const parts = summary(s);
    if (parts.length === 0) {
      return (
        <Text size="sm" c="dimmed" fs="italic">
          {t("subjects.noGradesYet")}
        </Text>
      );
    }
    return (
      <Stack gap={2}>
        {parts.map((p) => (
          <Text size="sm" key={p.section}>
            <Text span inherit fw={600}>
              {p.section}:
            </Text>{" "}
            {p.names}
          </Text>
        ))}
      </Stack>
    );
  };
  const actions = (s: Subject) => (
    <Row gap={4} wrap="nowrap" justify="flex-end">
      {onEdit && (
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="lg"
          onClick={() => onEdit(s)}
          aria-label={t("subjects.editLabel", { name: s.name })}
        >
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      )}
      {onDelete && (
        <ActionIcon
          variant="subtle"
          color="red.9"
          size="lg"
          onClick={() => onDelete(s)}
          aria-label={t("subjects.deleteLabel", { name: s.name })}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      )}
    </Row>
  );
  const assignments = (s: Subject) => t("subjects.assignments", { count: s.assignments_count });

  return (
    <>
      <Table.ScrollContainer minWidth={640} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover withTableBorder bg="var(--mantine-color-body)">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("subjects.name")}</Table.Th>
              <Table.Th>{t("subjects.code")}</Table.Th>
              <Table.Th>{t("subjects.grades")}</Table.Th>
              <Table.Th>{t("subjects.teaching")}</Table.Th>
              {(onEdit || onDelete) && (
                <Table.Th>
                  <VisuallyHidden>{t("actions.column")}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {subjects.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {s.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {s.code ? (
                    <Badge variant="light" color="gray" c="gray.8" radius="sm" ff="monospace">
                      {s.code}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{gradesOf(s)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{assignments(s)}</Text>
                </Table.Td>
                {(onEdit || onDelete) && <Table.Td>{actions(s)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {subjects.map((s) => (
          <Card key={s.id} component="li" withBorder radius="md" padding="md">
            <Row justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Row gap="xs">
                  <Text fw={600}>{s.name}</Text>
                  {s.code && (
                    <Badge variant="light" color="gray" c="gray.8" radius="sm" ff="monospace">
                      {s.code}
                    </Badge>
                  )}
                </Row>
                <Text size="xs" c="dimmed">
                  {assignments(s)}
                </Text>
              </div>
              {actions(s)}
            </Row>
            <Stack mt="xs" gap={2}>
              {gradesOf(s)}
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}
