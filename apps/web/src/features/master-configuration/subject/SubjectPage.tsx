import { Anchor, Button, Group as Row, Stack, Tabs, Text, TextInput } from "@mantine/core";
import { IconBook2, IconChalkboard, IconPlus, IconSearch, IconUsersGroup } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { childPath, useAccess } from "../shared/access.ts";
import { type Subject, useGrades, useGroups, useStaff, useSubjects } from "../shared/api.ts";
import { byLabel } from "../shared/format.ts";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import { AssignmentsPanel } from "./AssignmentsPanel.tsx";
import { useDeleteSubject } from "./api.ts";
import { SubjectForm } from "./SubjectForm.tsx";
import { SubjectsList } from "./SubjectsList.tsx";

const plain = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** master-configuration/subject: the subjects with their grades, and who teaches them in each group. */
export default function SubjectPage() {
  const { t } = useTranslation("masterConfiguration");
  const [tab, setTab] = useState<string | null>("subjects");
  return (
    <MasterConfigurationPage>
      <Tabs value={tab} onChange={setTab} keepMounted={false} variant="pills" radius="xl">
        <Tabs.List mb="md">
          <Tabs.Tab value="subjects" leftSection={<IconBook2 size={16} aria-hidden />}>
            {t("subjects.tab")}
          </Tabs.Tab>
          <Tabs.Tab value="assignments" leftSection={<IconChalkboard size={16} aria-hidden />}>
            {t("assignments.tab")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="subjects">
          <SubjectsTab />
        </Tabs.Panel>
        <Tabs.Panel value="assignments">
          <AssignmentsTab />
        </Tabs.Panel>
      </Tabs>
    </MasterConfigurationPage>
  );
}

function SubjectsTab() {
  const { t, i18n } = useTranslation("masterConfiguration");
  const access = useAccess();
  const subjects = useSubjects();
  const grades = useGrades();
  const deleteSubject = useDeleteSubject();
  const confirm = useConfirm();
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<{ subject: Subject | null } | null>(null);
  const can = {
    create: access.can("master-configuration-subjects", "create"),
    update: access.can("master-configuration-subjects", "update"),
    delete: access.can("master-configuration-subjects", "delete"),
  };
  const compare = byLabel(i18n.resolvedLanguage ?? "es");
  const list = useMemo(() => {
    const q = plain(search.trim());
    return [...(subjects.data ?? [])]
      .filter((s) => !q || plain(`${s.name} ${s.code ?? ""}`).includes(q))
      .sort((a, b) => compare(a.name, b.name));
  }, [subjects.data, search, compare]);

  const noGrades = grades.data !== undefined && grades.data.length === 0;
  const createButton = can.create && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ subject: null })}>
      {t("subjects.new")}
    </Button>
  );
  const total = subjects.data?.length ?? 0;

  return (
    <Stack gap="md">
      <QueryState query={subjects} />
      {subjects.data && total === 0 && (
        <EmptyState
          icon={<IconBook2 size={28} />}
          title={t("subjects.emptyTitle")}
          description={can.create ? t("subjects.emptyDescription") : t("subjects.emptyReadOnly")}
          action={
            <Stack align="center" gap="xs">
              {createButton}
              {noGrades && access.canOpen("level-grade-group") && (
                <Text size="sm" ta="center">
                  {t("subjects.gradesFirst")}{" "}
                  <Anchor component={Link} to={childPath("level-grade-group")} size="sm" fw={600} underline="always">
                    {t("subjects.goToGrades")}
                  </Anchor>
                </Text>
              )}
            </Stack>
          }
        />
      )}
      {total > 0 && (
        <>
          <Row justify="space-between" align="flex-end" gap="sm">
            <TextInput
              aria-label={t("subjects.search")}
              placeholder={t("subjects.search")}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              type="search"
              w={{ base: "100%", xs: 300 }}
            />
            <Row gap="md" justify="space-between" w={{ base: "100%", xs: "auto" }}>
              <Text size="sm" c="dimmed" aria-live="polite">
                {t("subjects.count", { count: total })}
              </Text>
              {createButton}
            </Row>
          </Row>
          {list.length > 0 ? (
            <SubjectsList
              subjects={list}
              grades={grades.data ?? []}
              onEdit={can.update ? (subject) => setEditing({ subject }) : undefined}
              onDelete={
                can.delete
                  ? (subject) =>
                      confirm.ask({
                        title: t("subjects.deleteTitle", { name: subject.name }),
                        message: t("subjects.deleteMessage", { name: subject.name }),
                        confirmLabel: t("actions.delete"),
                        danger: true,
                        action: () => deleteSubject.run(subject.id),
                      })
                  : undefined
              }
            />
          ) : (
            <Text c="dimmed" ta="center" py="xl">
              {t("subjects.nothingFound")}
            </Text>
          )}
        </>
      )}
      {editing && <SubjectForm subject={editing.subject} grades={grades.data ?? []} onClose={() => setEditing(null)} />}
      {confirm.dialog}
    </Stack>
  );
}

function AssignmentsTab() {
  const { t } = useTranslation("masterConfiguration");
  const access = useAccess();
  const groups = useGroups();
  const subjects = useSubjects();
  const staff = useStaff();
  if (!groups.data || !subjects.data || !staff.data) {
    return (
      <Stack gap="sm">
        <QueryState query={groups} />
        {!groups.isError && <QueryState query={subjects} />}
        {!groups.isError && !subjects.isError && <QueryState query={staff} />}
      </Stack>
    );
  }
  if (groups.data.length === 0) {
    return (
      <EmptyState
        icon={<IconUsersGroup size={28} />}
        title={t("assignments.noGroupsTitle")}
        description={t("assignments.noGroupsDescription")}
        action={
          access.canOpen("level-grade-group") && (
            <Button component={Link} to={childPath("level-grade-group")} variant="default">
              {t("subjects.goToGrades")}
            </Button>
          )
        }
      />
    );
  }
  return (
    <AssignmentsPanel
      groups={groups.data}
      subjects={subjects.data}
      staff={staff.data}
      canCreate={access.can("master-configuration-subjects", "create")}
      canDelete={access.can("master-configuration-subjects", "delete")}
    />
  );
}
