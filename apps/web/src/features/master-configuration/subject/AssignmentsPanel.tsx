import type { TeachingAssignmentBody } from "@convive/domain";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Paper,
  Group as Row,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import type { Group, SchoolMember, Subject, TeachingAssignment } from "../shared/api.ts";
import { byLabel, fullName } from "../shared/format.ts";
import { staffOptions } from "../shared/staff.ts";
import { useAddAssignment, useGroupAssignments, useRemoveAssignment } from "./api.ts";

interface Props {
  groups: Group[];
  subjects: Subject[];
  staff: SchoolMember[];
  canCreate: boolean;
  canDelete: boolean;
}

/** Teaching assignments of one group of the current year: who teaches which subject there. */
export function AssignmentsPanel({ groups, subjects, staff, canCreate, canDelete }: Props) {
  const { t, i18n } = useTranslation("masterConfiguration");
  const lang = i18n.resolvedLanguage ?? "es";
  const compare = byLabel(lang);
  const sorted = useMemo(
    () =>
      [...groups].sort(
        (a, b) =>
          compare(a.section_name, b.section_name) || compare(a.grade_name, b.grade_name) || compare(a.name, b.name),
      ),
    [groups, compare],
  );
  const [groupId, setGroupId] = useState<number | null>(sorted[0]?.id ?? null);
  const group = sorted.find((g) => g.id === groupId) ?? null;

  const groupOptions = useMemo(() => {
    const bySection = new Map<string, { value: string; label: string }[]>();
    for (const g of sorted) {
      bySection.set(g.section_name, [
        ...(bySection.get(g.section_name) ?? []),
        {
          value: String(g.id),
          label: t("groups.fullName", { grade: g.grade_name, name: g.name, section: g.section_name }),
        },
      ]);
    }
    return [...bySection].map(([section, items]) => ({ group: section, items }));
  }, [sorted, t]);

  return (
    <Stack gap="md">
      <Select
        label={t("assignments.group")}
        data={groupOptions}
        value={groupId ? String(groupId) : null}
        onChange={(v) => setGroupId(v ? Number(v) : null)}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t("assignments.noGroupFound")}
        w={{ base: "100%", sm: 360 }}
      />
      {group && (
        <GroupAssignments
          key={group.id}
          group={group}
          subjects={subjects.filter((s) => s.grade_ids.includes(group.grade_id))}
          staff={staff}
          canCreate={canCreate}
          canDelete={canDelete}
        />
      )}
    </Stack>
  );
}

function GroupAssignments({
  group,
  subjects,
  staff,
  canCreate,
  canDelete,
}: {
  group: Group;
  subjects: Subject[];
  staff: SchoolMember[];
  canCreate: boolean;
  canDelete: boolean;
}) {
  const { t, i18n } = useTranslation("masterConfiguration");
  const lang = i18n.resolvedLanguage ?? "es";
  const compare = byLabel(lang);
  const assignments = useGroupAssignments(group.id);
  const removeAssignment = useRemoveAssignment();
  const confirm = useConfirm();
  const name = t("groups.fullName", { grade: group.grade_name, name: group.name, section: group.section_name });

  const rows = [...(assignments.data ?? [])].sort(
    (a, b) => compare(a.subject_name, b.subject_name) || compare(fullName(a.user), fullName(b.user)),
  );
  const taught = new Set(rows.map((a) => a.subject_id));
  const untaught = subjects.filter((s) => !taught.has(s.id)).sort((a, b) => compare(a.name, b.name));

  const remove = (a: TeachingAssignment) =>
    confirm.ask({
      title: t("assignments.removeTitle"),
      message: t("assignments.removeMessage", { user: fullName(a.user), subject: a.subject_name, group: name }),
      confirmLabel: t("assignments.remove"),
      danger: true,
      action: () => {
        const body: TeachingAssignmentBody = { user_id: a.user_id, group_id: a.group_id, subject_id: a.subject_id };
        return removeAssignment.run(body);
      },
    });

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} component="section" aria-label={name}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {name}
          </Title>
          <Text size="sm" c="dimmed">
            {group.head_teacher
              ? t("groups.headTeacherIs", { name: fullName(group.head_teacher) })
              : t("groups.noHeadTeacher")}
          </Text>
        </div>
        {canCreate && <AddAssignment group={group} subjects={subjects} staff={staff} />}
        <QueryState query={assignments} height={120} />
        {assignments.data && rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("assignments.none")}
          </Text>
        )}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("assignments.subject")}</Table.Th>
                  <Table.Th>{t("assignments.teacher")}</Table.Th>
                  {canDelete && (
                    <Table.Th w={48}>
                      <VisuallyHidden>{t("actions.column")}</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((a) => (
                  <Table.Tr key={`${a.user_id}-${a.subject_id}`}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {a.subject_name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Row gap={6}>
                        <Text size="sm">{fullName(a.user)}</Text>
                        {a.is_head_teacher && (
                          <Badge size="xs" variant="outline" color="institutional.9">
                            {t("assignments.headTeacher")}
                          </Badge>
                        )}
                      </Row>
                    </Table.Td>
                    {canDelete && (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red.9"
                          size="lg"
                          onClick={() => remove(a)}
                          aria-label={t("assignments.removeLabel", { user: fullName(a.user), subject: a.subject_name })}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {assignments.data && untaught.length > 0 && (
          <Alert
            variant="light"
            color="yellow"
            c="dark.8"
            title={t("assignments.untaughtTitle", { count: untaught.length })}
          >
            {untaught.map((s) => s.name).join(", ")}
          </Alert>
        )}
        {subjects.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("assignments.noSubjectsForGrade", { grade: `${group.grade_name} ${group.section_name}` })}
          </Text>
        )}
      </Stack>
      {confirm.dialog}
    </Paper>
  );
}

interface AddValues {
  subject_id: string | null;
  user_id: string | null;
}

function AddAssignment({ group, subjects, staff }: { group: Group; subjects: Subject[]; staff: SchoolMember[] }) {
  const { t, i18n } = useTranslation("masterConfiguration");
  const lang = i18n.resolvedLanguage ?? "es";
  const form = useForm<AddValues>({
    initialValues: { subject_id: null, user_id: null },
    validate: {
      subject_id: (v) => (v ? null : t("common:messages.emptyFields")),
      user_id: (v) => (v ? null : t("common:messages.emptyFields")),
    },
  });
  const save = useAddAssignment({ form });
  const compare = byLabel(lang);
  const subjectOptions = [...subjects]
    .sort((a, b) => compare(a.name, b.name))
    .map((s) => ({ value: String(s.id), label: s.code ? `${s.name} (${s.code})` : s.name }));
  const teacherOptions = useMemo(() => staffOptions(staff, lang), [staff, lang]);

  const submit = form.onSubmit((v) =>
    save.submit({ group_id: group.id, subject_id: Number(v.subject_id), user_id: Number(v.user_id) }, () =>
      form.reset(),
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t("assignments.add")}>
      <Paper radius="md" p="sm" bg="var(--mantine-color-gray-0)">
        <Grid gap="sm" align="flex-start">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Select
              label={t("assignments.subject")}
              placeholder={t("assignments.pickSubject")}
              data={subjectOptions}
              searchable
              nothingFoundMessage={t("assignments.noSubjectFound")}
              {...form.getInputProps("subject_id")}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Select
              label={t("assignments.teacher")}
              placeholder={t("assignments.pickTeacher")}
              data={teacherOptions}
              searchable
              nothingFoundMessage={t("groups.noStaff")}
              {...form.getInputProps("user_id")}
            />
          </Grid.Col>
          {/* Level with the inputs below their labels, also when a field shows an error. */}
          <Grid.Col span={{ base: 12, sm: 2 }} pt={{ base: "xs", sm: 25 }}>
            <Button type="submit" fullWidth loading={save.busy} leftSection={<IconPlus size={16} aria-hidden />}>
              {t("assignments.addShort")}
            </Button>
          </Grid.Col>
        </Grid>
        {save.failure && (
          <Text size="sm" c="red.9" role="alert" mt="xs">
            {save.failure}
          </Text>
        )}
      </Paper>
    </form>
  );
}
