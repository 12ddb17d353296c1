import "@mantine/dates/styles.layer.css";
import { STUDENT_STATUSES, type Student } from "@convive/domain";
import { byText } from "@convive/domain/core";
import { Button, Menu } from "@mantine/core";
import {
  IconChevronDown,
  IconFileSpreadsheet,
  IconPhotoUp,
  IconSchool,
  IconUserPlus,
  IconUsers,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { FilterSelect } from "../../../components/FilterSelect.tsx";
import { ListFilters } from "../../../components/ListSearch.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { MassiveUpload } from "../imports/MassiveUpload.tsx";
import { DatesLanguage } from "../school-years/DateField.tsx";
import { useAccess } from "../shared/access.ts";
import { useGroups } from "../shared/api.ts";
import { Card } from "../shared/Card.tsx";
import { fullName } from "../shared/format.ts";
import { useRefreshAll } from "../shared/keys.ts";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import { PER_PAGE, useDeleteStudent, useStudents } from "./api.ts";
import { BulkPhotos } from "./BulkPhotos.tsx";
import { StudentEditor } from "./StudentEditor.tsx";
import { groupLabel } from "./StudentForm.tsx";
import { StudentsList } from "./StudentsList.tsx";

/** master-configuration/students-profile: students with their photo, group and family; bulk photos and imports. */
export default function StudentsProfilePage() {
  const { t, i18n } = useTranslation(["masterStudents", "masterUsers"]);
  const access = useAccess();
  const refresh = useRefreshAll();
  const confirm = useConfirm();
  const groups = useGroups();
  const deleteStudent = useDeleteStudent();
  // Page and filters live in the URL: a reload or a shared link shows the same list.
  const list = useListParams({ q: "", group: "", status: "" }, { size: PER_PAGE });
  const { q, group, status } = list.filters;
  const students = useStudents({ search: q, groupId: group || null, status: status || null, page: list.page });
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
  const groupData = [...(groups.data ?? [])]
    .sort(byText(i18n.resolvedLanguage ?? "es", groupLabel))
    .map((g) => ({ value: String(g.id), label: groupLabel(g) }));

  const remove = (s: Student) =>
    confirm.ask({
      title: t("list.deleteTitle", { name: fullName(s) }),
      message: t("list.deleteMessage", { name: fullName(s) }),
      confirmLabel: t("list.delete"),
      danger: true,
      action: () => deleteStudent.run(s.id),
    });

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
          <ListFilters
            listParams={list}
            search={{ label: t("list.search"), placeholder: t("list.searchPlaceholder"), width: 300 }}
          >
            <FilterSelect
              listParams={list}
              param="group"
              label={t("list.group")}
              placeholder={t("list.anyGroup")}
              data={groupData}
              clearable
              searchable
              w={{ base: "calc(60% - 6px)", xs: 240 }}
            />
            <FilterSelect
              listParams={list}
              param="status"
              label={t("list.status")}
              placeholder={t("list.anyStatus")}
              data={STUDENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              clearable
              w={{ base: "calc(40% - 6px)", xs: 160 }}
            />
          </ListFilters>

          <QueryState query={students} />
          {students.data && rows.length === 0 && (
            <EmptyState
              order={3}
              icon={<IconSchool size={28} />}
              title={list.filtered ? t("list.nothingFound") : t("list.emptyTitle")}
              description={list.filtered ? undefined : t("list.emptyDescription")}
            />
          )}
          {rows.length > 0 && (
            <StudentsList
              rows={rows}
              total={students.data?.total ?? 0}
              page={list.page}
              onPage={list.setPage}
              dimmed={students.isPlaceholderData}
              can={can}
              onEdit={(student) => setEditing({ student })}
              onDelete={remove}
            />
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
