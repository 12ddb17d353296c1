import "@mantine/dates/styles.css";
import { STUDENT_STATUSES, type Student } from "@convive/domain";
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Group,
  Menu,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  IconChevronDown,
  IconFileSpreadsheet,
  IconPencil,
  IconPhotoUp,
  IconSchool,
  IconSearch,
  IconTrash,
  IconUserPlus,
  IconUsers,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { MassiveUpload } from "../imports/MassiveUpload.tsx";
import { DatesLanguage } from "../school-years/DateField.tsx";
import { useAccess } from "../shared/access.ts";
import { useGroups } from "../shared/api.ts";
import { Card } from "../shared/Card.tsx";
import { fullName } from "../shared/format.ts";
import { useRefreshAll } from "../shared/keys.ts";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import { deleteStudent, PER_PAGE, type StudentsFilter, useStudents } from "./api.ts";
import { BulkPhotos } from "./BulkPhotos.tsx";
import { studentInitials } from "./PhotoCard.tsx";
import { StudentEditor } from "./StudentEditor.tsx";
import { groupLabel } from "./StudentForm.tsx";

const STATUS_COLOR: Record<string, string> = { active: "teal", withdrawn: "gray", graduated: "blue" };

/** master-configuration/students-profile: students with their photo, group and family; bulk photos and imports. */
export default function StudentsProfilePage() {
  const { t } = useTranslation(["masterStudents", "masterUsers"]);
  const access = useAccess();
  const refresh = useRefreshAll();
  const confirm = useConfirm();
  const groups = useGroups();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [filter, setFilter] = useState<Omit<StudentsFilter, "search">>({ groupId: null, status: null, page: 1 });
  const students = useStudents({ ...filter, search: debounced });
  const [editing, setEditing] = useState<{ student: Student | null } | null>(null);
  const [importing, setImporting] = useState<"students" | "families" | null>(null);
  const [photos, setPhotos] = useState(false);

  const can = {
    create: access.can("master-configuration-students", "create"),
    update: access.can("master-configuration-students", "update"),
    delete: access.can("master-configuration-students", "delete"),
    upload: access.can("master-configuration-students-massive-upload", "create"),
  };

  const rows = students.data?.students ?? [];
  const total = students.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const groupData = [...(groups.data ?? [])]
    .sort((a, b) => groupLabel(a).localeCompare(groupLabel(b), undefined, { numeric: true }))
    .map((g) => ({ value: String(g.id), label: groupLabel(g) }));
  const filtered = Boolean(debounced || filter.groupId || filter.status);

  const remove = (s: Student) =>
    confirm.ask({
      title: t("list.deleteTitle", { name: fullName(s) }),
      message: t("list.deleteMessage", { name: fullName(s) }),
      confirmLabel: t("list.delete"),
      danger: true,
      action: async () => {
        await deleteStudent(s.id);
        await refresh();
      },
    });

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
          onClick={() => setEditing({ student: s })}
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
            onClick={() => remove(s)}
            aria-label={t("list.deleteLabel", { name: fullName(s) })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );

  return (
    <DatesLanguage>
      <MasterConfigurationPage>
        <Card
          title={t("list.title")}
          description={t("list.description")}
          actions={
            <>
              {can.upload && (
                <Menu position="bottom-end" shadow="md" width={240}>
                  <Menu.Target>
                    <Button
                      variant="default"
                      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                      rightSection={<IconChevronDown size={14} aria-hidden />}
                    >
                      {t("masterUsers:imports.open")}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconSchool size={16} aria-hidden />}
                      onClick={() => setImporting("students")}
                    >
                      {t("list.importStudents")}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconUsers size={16} aria-hidden />}
                      onClick={() => setImporting("families")}
                    >
                      {t("list.importFamilies")}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
              {can.update && (
                <Button
                  variant="default"
                  leftSection={<IconPhotoUp size={16} aria-hidden />}
                  onClick={() => setPhotos(true)}
                >
                  {t("list.bulkPhotos")}
                </Button>
              )}
              {can.create && (
                <Button
                  leftSection={<IconUserPlus size={16} aria-hidden />}
                  onClick={() => setEditing({ student: null })}
                >
                  {t("list.new")}
                </Button>
              )}
            </>
          }
        >
          <Group gap="sm" align="flex-end">
            <TextInput
              label={t("list.search")}
              placeholder={t("list.searchPlaceholder")}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setFilter((f) => (f.page === 1 ? f : { ...f, page: 1 }));
              }}
              type="search"
              w={{ base: "100%", sm: 300 }}
            />
            <Select
              label={t("list.group")}
              placeholder={t("list.anyGroup")}
              data={groupData}
              value={filter.groupId}
              onChange={(v) => setFilter((f) => ({ ...f, groupId: v, page: 1 }))}
              clearable
              searchable
              w={{ base: "calc(60% - 6px)", xs: 240 }}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t("list.status")}
              placeholder={t("list.anyStatus")}
              data={STUDENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              value={filter.status}
              onChange={(v) => setFilter((f) => ({ ...f, status: v, page: 1 }))}
              clearable
              w={{ base: "calc(40% - 6px)", xs: 160 }}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>

          <QueryState query={students} />
          {students.data && rows.length === 0 && (
            <EmptyState
              order={3}
              icon={<IconSchool size={28} />}
              title={filtered ? t("list.nothingFound") : t("list.emptyTitle")}
              description={filtered ? undefined : t("list.emptyDescription")}
            />
          )}
          {rows.length > 0 && (
            <>
              <Table.ScrollContainer minWidth={760} visibleFrom="sm">
                <Table
                  verticalSpacing="xs"
                  highlightOnHover
                  withTableBorder
                  style={{ opacity: students.isPlaceholderData ? 0.6 : 1 }}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={56}>
                        <VisuallyHidden>{t("list.photo")}</VisuallyHidden>
                      </Table.Th>
                      <Table.Th>{t("list.name")}</Table.Th>
                      <Table.Th>{t("student.enrollment")}</Table.Th>
                      <Table.Th>{t("student.group")}</Table.Th>
                      <Table.Th>{t("student.status")}</Table.Th>
                      <Table.Th>{t("list.family")}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t("list.actions")}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((s) => (
                      <Table.Tr key={s.id}>
                        <Table.Td>{photo(s, 40)}</Table.Td>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {fullName(s)}
                          </Text>
                          {s.curp && (
                            <Text size="xs" c="gray.7" ff="monospace">
                              {s.curp}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" ff="monospace">
                            {s.enrollment}
                          </Text>
                        </Table.Td>
                        <Table.Td>{groupOf(s)}</Table.Td>
                        <Table.Td>{statusBadge(s)}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{t("list.familyCount", { count: s.family_count })}</Text>
                        </Table.Td>
                        <Table.Td>{actions(s)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
                {rows.map((s) => (
                  <Paper key={s.id} component="li" withBorder radius="md" p="sm">
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      {photo(s, 48)}
                      <Stack gap={4} miw={0} style={{ flex: 1 }}>
                        <Text size="sm" fw={600}>
                          {fullName(s)}
                        </Text>
                        <Text size="xs" c="gray.7" ff="monospace">
                          {s.enrollment}
                        </Text>
                        {groupOf(s)}
                        <Group gap={6}>
                          {statusBadge(s)}
                          <Text size="xs" c="gray.7">
                            {t("list.familyCount", { count: s.family_count })}
                          </Text>
                        </Group>
                      </Stack>
                      {actions(s)}
                    </Group>
                  </Paper>
                ))}
              </Stack>
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="gray.7" aria-live="polite">
                  {t("list.count", { count: total })}
                </Text>
                {pages > 1 && (
                  <Pagination
                    total={pages}
                    value={filter.page}
                    onChange={(page) => setFilter((f) => ({ ...f, page }))}
                    size="sm"
                    siblings={1}
                    getControlProps={(control) => ({
                      "aria-label":
                        control === "previous"
                          ? t("masterUsers:list.previous")
                          : control === "next"
                            ? t("masterUsers:list.next")
                            : undefined,
                    })}
                    getItemProps={(page) => ({ "aria-label": t("masterUsers:list.page", { page }) })}
                  />
                )}
              </Group>
            </>
          )}
        </Card>
        {editing && (
          <StudentEditor
            student={editing.student}
            groups={groups.data ?? []}
            can={can}
            onClose={() => setEditing(null)}
          />
        )}
        {importing && (
          <MassiveUpload kind={importing} opened onClose={() => setImporting(null)} onDone={() => void refresh()} />
        )}
        <BulkPhotos opened={photos} onClose={() => setPhotos(false)} />
        {confirm.dialog}
      </MasterConfigurationPage>
    </DatesLanguage>
  );
}
