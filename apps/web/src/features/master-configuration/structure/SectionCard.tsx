import { localName } from "@convive/domain/core";
import { ActionIcon, Box, Button, Menu, Paper, Group as Row, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconDots, IconPencil, IconPlus, IconTrash, IconUser, IconUsers } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { type Grade, type Group, levelOf, type Section } from "../shared/api.ts";
import { fullName } from "../shared/format.ts";

export interface StructurePermissions {
  create: boolean;
  update: boolean;
  delete: boolean;
  /** Groups may be added and changed in the year shown (not a closed one). */
  groups: boolean;
}

interface Props {
  section: Section;
  grades: { grade: Grade; groups: Group[] }[];
  can: StructurePermissions;
  onEditSection: () => void;
  onDeleteSection: () => void;
  onAddGrade: () => void;
  onEditGrade: (grade: Grade) => void;
  onDeleteGrade: (grade: Grade) => void;
  onAddGroup: (grade: Grade) => void;
  onEditGroup: (grade: Grade, group: Group) => void;
  onDeleteGroup: (group: Group) => void;
}

/** A section (nivel) with its grades, and each grade with its groups of the year shown. */
export function SectionCard({ section, grades, can, ...on }: Props) {
  const { t, i18n } = useTranslation("masterConfiguration");
  const groupCount = grades.reduce((n, g) => n + g.groups.length, 0);
  // The level in the reader's language (issue 12 §6).
  const sectionName = localName(section, i18n.resolvedLanguage ?? "es");
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: "md", sm: "lg" }} aria-label={sectionName}>
      <Stack gap="md">
        <Row justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              {sectionName}
            </Title>
            <Text size="sm" c="dimmed">
              {t("sections.counts", { grades: grades.length, groups: groupCount })}
            </Text>
          </div>
          <Row gap="xs" wrap="nowrap">
            {can.create && (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={on.onAddGrade}
                aria-label={t("grades.addLabel", { section: sectionName })}
              >
                {t("grades.add")}
              </Button>
            )}
            <ItemMenu
              label={t("sections.moreLabel", { name: sectionName })}
              onEdit={can.update ? on.onEditSection : undefined}
              onDelete={can.delete ? on.onDeleteSection : undefined}
            />
          </Row>
        </Row>

        {grades.length === 0 ? (
          <Text size="sm" c="dimmed">
            {can.create ? t("grades.noneAdd") : t("grades.none")}
          </Text>
        ) : (
          <Stack gap={0}>
            {grades.map(({ grade, groups }) => (
              <Box key={grade.id} py="sm" style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}>
                <Row justify="space-between" gap="xs" mb="xs" wrap="nowrap">
                  <Row gap="xs" wrap="nowrap" miw={0}>
                    <Text fw={700} component="h3" m={0} size="md">
                      {t("grades.label", { name: grade.name })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t("grades.groupsCount", { count: groups.length })}
                    </Text>
                  </Row>
                  <Row gap={4} wrap="nowrap">
                    {can.create && can.groups && (
                      <Button
                        variant="subtle"
                        size="xs"
                        leftSection={<IconPlus size={14} aria-hidden />}
                        onClick={() => on.onAddGroup(grade)}
                        aria-label={t("groups.addLabel", { grade: grade.name, section: sectionName })}
                      >
                        {t("groups.add")}
                      </Button>
                    )}
                    <ItemMenu
                      label={t("grades.moreLabel", { name: grade.name, section: sectionName })}
                      onEdit={can.update ? () => on.onEditGrade(grade) : undefined}
                      onDelete={can.delete ? () => on.onDeleteGrade(grade) : undefined}
                      subtle
                    />
                  </Row>
                </Row>
                {groups.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t("groups.none")}
                  </Text>
                ) : (
                  <SimpleGrid
                    cols={{ base: 1, xs: 2, md: 3 }}
                    spacing="sm"
                    component="ul"
                    p={0}
                    m={0}
                    style={{ listStyle: "none" }}
                  >
                    {groups.map((group) => (
                      <GroupTile
                        key={group.id}
                        group={group}
                        onEdit={can.update && can.groups ? () => on.onEditGroup(grade, group) : undefined}
                        onDelete={can.delete && can.groups ? () => on.onDeleteGroup(group) : undefined}
                      />
                    ))}
                  </SimpleGrid>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function GroupTile({ group, onEdit, onDelete }: { group: Group; onEdit?: () => void; onDelete?: () => void }) {
  const { t, i18n } = useTranslation("masterConfiguration");
  const section = levelOf(group, i18n.resolvedLanguage ?? "es");
  const name = t("groups.fullName", { grade: group.grade_name, name: group.name, section });
  return (
    <Paper component="li" withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
      <Row justify="space-between" wrap="nowrap" gap="xs" align="center">
        <Text fw={700}>{t("groups.label", { name: group.name })}</Text>
        {(onEdit || onDelete) && (
          <Row gap={0} wrap="nowrap" mr={-6}>
            {onEdit && (
              <ActionIcon variant="subtle" color="gray.8" onClick={onEdit} aria-label={t("groups.editLabel", { name })}>
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            )}
            {onDelete && (
              <ActionIcon
                variant="subtle"
                color="red.9"
                onClick={onDelete}
                aria-label={t("groups.deleteLabel", { name })}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Row>
        )}
      </Row>
      <Row gap={6} wrap="nowrap" align="flex-start" mt={2}>
        <IconUser size={14} aria-hidden style={{ flex: "none", marginTop: 3, color: "var(--mantine-color-dimmed)" }} />
        {group.head_teacher ? (
          <Text size="sm" lineClamp={2}>
            <Text span inherit c="dimmed">
              {t("groups.headTeacherShort")}{" "}
            </Text>
            {fullName(group.head_teacher)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            {t("groups.noHeadTeacher")}
          </Text>
        )}
      </Row>
      <Row gap={6} wrap="nowrap" mt={2}>
        <IconUsers size={14} aria-hidden style={{ flex: "none", color: "var(--mantine-color-dimmed)" }} />
        <Text size="sm" c="dimmed">
          {t("groups.students", { count: group.students_count })}
        </Text>
      </Row>
    </Paper>
  );
}

/** Rename / delete of a section or grade, in a "…" menu. */
function ItemMenu({
  label,
  onEdit,
  onDelete,
  subtle,
}: {
  label: string;
  onEdit?: () => void;
  onDelete?: () => void;
  subtle?: boolean;
}) {
  const { t } = useTranslation("masterConfiguration");
  if (!onEdit && !onDelete) return null;
  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon
          variant={subtle ? "subtle" : "default"}
          color={subtle ? "gray.8" : undefined}
          size={subtle ? "md" : "lg"}
          aria-label={label}
        >
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onEdit && (
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
            {t("actions.rename")}
          </Menu.Item>
        )}
        {onDelete && (
          <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
            {t("actions.delete")}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
