import type { Student } from "@convive/domain";
import { ActionIcon, Avatar, Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { type Column, PagedList } from "../../../components/PagedList.tsx";
import { StudentFileLink } from "../../student-file/index.ts";
import { fullName } from "../shared/format.ts";
import { PER_PAGE } from "./api.ts";
import { studentInitials } from "./PhotoCard.tsx";
import { groupLabel } from "./StudentForm.tsx";

const STATUS_COLOR: Record<string, string> = { active: "teal", withdrawn: "gray", graduated: "blue" };

interface StudentsListProps {
  rows: Student[];
  total: number;
  page: number;
  onPage: (page: number) => void;
  dimmed: boolean;
  can: { update: boolean; delete: boolean };
  onEdit: (student: Student) => void;
  onDelete: (student: Student) => void;
}

/** The school's students with photo, enrolment, group, status and family: a table on desktop, cards on a phone. */
export function StudentsList({ can, onEdit, onDelete, ...list }: StudentsListProps) {
  const { t } = useTranslation("masterStudents");
  const statusBadge = (s: Student) => (
    <Badge variant="light" color={STATUS_COLOR[s.status] ?? "gray"} c="dark.7" radius="sm">
      {t(`statuses.${s.status}`, { defaultValue: s.status })}
    </Badge>
  );
  const photo = (s: Student, size: number) => (
    <Avatar src={s.photo} size={size} radius="md" color="institutional" alt="">
      {studentInitials(s)}
    </Avatar>
  );
  const groupOf = (s: Student) =>
    s.group ? (
      <Text size="sm">{groupLabel({ ...s.group, name: s.group.name })}</Text>
    ) : (
      <Text size="sm" c="gray.7" fs="italic">
        {t("list.noGroup")}
      </Text>
    );
  const actions = (s: Student) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={can.update ? t("list.edit") : t("list.view")} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="lg"
          onClick={() => onEdit(s)}
          aria-label={t("list.editLabel", { name: fullName(s) })}
        >
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {can.delete && (
        <Tooltip label={t("list.delete")} withArrow>
          <ActionIcon
            variant="subtle"
            color="red.9"
            size="lg"
            onClick={() => onDelete(s)}
            aria-label={t("list.deleteLabel", { name: fullName(s) })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
  const family = (s: Student) => t("list.familyCount", { count: s.family_count });
  const columns: Column<Student>[] = [
    {
      key: "photo",
      header: <VisuallyHidden>{t("list.photo")}</VisuallyHidden>,
      render: (s) => photo(s, 40),
      width: 56,
    },
    {
      key: "name",
      header: t("list.name"),
      render: (s) => (
        <>
          <StudentFileLink studentId={s.id} name={fullName(s)} size="sm" fw={600} display="block" />
          {s.curp && (
            <Text size="xs" c="gray.7" ff="monospace">
              {s.curp}
            </Text>
          )}
        </>
      ),
    },
    {
      key: "enrollment",
      header: t("student.enrollment"),
      render: (s) => (
        <Text size="sm" ff="monospace">
          {s.enrollment}
        </Text>
      ),
    },
    { key: "group", header: t("student.group"), render: groupOf },
    { key: "status", header: t("student.status"), render: statusBadge },
    { key: "family", header: t("list.family"), render: (s) => <Text size="sm">{family(s)}</Text> },
    { key: "actions", header: null, render: actions },
  ];
  return (
    <PagedList
      {...list}
      perPage={PER_PAGE}
      columns={columns}
      verticalSpacing="xs"
      count={t("list.count", { count: list.total })}
      card={(s) => (
        <Group wrap="nowrap" align="flex-start" gap="sm">
          {photo(s, 48)}
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <StudentFileLink studentId={s.id} name={fullName(s)} size="sm" fw={600} display="block" />
            <Text size="xs" c="gray.7" ff="monospace">
              {s.enrollment}
            </Text>
            {groupOf(s)}
            <Group gap={6}>
              {statusBadge(s)}
              <Text size="xs" c="gray.7">
                {family(s)}
              </Text>
            </Group>
          </Stack>
          {actions(s)}
        </Group>
      )}
    />
  );
}
