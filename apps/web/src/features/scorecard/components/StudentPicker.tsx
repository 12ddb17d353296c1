import type { ScorecardStudentItem } from "@convive/domain";
import { Avatar, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SetupFirst } from "../../../components/SetupFirst.tsx";
import { useCurrentUser } from "../../auth/index.ts";
import { useScorecardGroups, useScorecardStudents } from "../api/scorecard.ts";

/** Staff's picker: search by name or enrollment and filter by group; a chosen student's scorecard opens below. */
export function StudentPicker({ selected, onChoose }: { selected: number | null; onChoose: (id: number) => void }) {
  const { t, i18n } = useTranslation("scorecard");
  const en = i18n.resolvedLanguage === "en";
  const [q, setQ] = useState("");
  const [groupId, setGroupId] = useState<number | null>(null);
  const [debounced] = useDebouncedValue(q, 250);
  const groups = useScorecardGroups(true);
  const searching = debounced.trim().length > 0 || groupId !== null;
  const students = useScorecardStudents({ q: debounced, groupId }, searching);
  const list = searching ? (students.data ?? []) : [];
  const canConfigure = useCurrentUser().data?.permissionsModules?.includes("module-master-configuration") ?? false;

  // A new school (issue 26 §4): whoever sees every group and finds none is told where set-up starts.
  if (canConfigure && groups.data?.length === 0) return <SetupFirst screen="scorecard" canConfigure />;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="scorecard-picker">
      <Stack gap="sm">
        <Title id="scorecard-picker" order={2} size="h4">
          {t("pickerTitle")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t("search")}
            placeholder={t("searchPlaceholder")}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={q}
            onChange={(event) => setQ(event.currentTarget.value)}
            maxLength={80}
          />
          <Select
            label={t("group")}
            placeholder={t("allGroups")}
            clearable
            searchable
            value={groupId === null ? null : String(groupId)}
            onChange={(value) => setGroupId(value ? Number(value) : null)}
            data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: en ? g.label_en : g.label }))}
          />
        </SimpleGrid>
        {!searching ? (
          <Text size="sm" c="gray.7">
            {t("typeToSearch")}
          </Text>
        ) : students.isSuccess && list.length === 0 ? (
          <Text size="sm" c="gray.7" role="status">
            {t("noResults")}
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={6}
            m={0}
            p={0}
            aria-label={t("results")}
            style={{ listStyle: "none", maxHeight: 280, overflowY: "auto" }}
          >
            {list.map((student) => (
              <li key={student.id}>
                <StudentRow student={student} selected={student.id === selected} onChoose={onChoose} en={en} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function StudentRow(props: {
  student: ScorecardStudentItem;
  selected: boolean;
  onChoose: (id: number) => void;
  en: boolean;
}) {
  const { t } = useTranslation("scorecard");
  const { student, selected, en } = props;
  const group = student.group ? (en ? student.group.label_en : student.group.label) : t("noGroup");
  return (
    <UnstyledButton
      onClick={() => props.onChoose(student.id)}
      aria-current={selected ? "true" : undefined}
      w="100%"
      p={8}
      style={{
        borderRadius: 8,
        background: selected ? "var(--mantine-color-institutional-light, #e7f5ff)" : undefined,
        minHeight: 44,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <Avatar src={student.photo} size={32} radius="xl" alt="">
          {student.first_name[0]}
        </Avatar>
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
            {student.name}
          </Text>
          <Text size="xs" c="gray.7">
            {group} · {student.enrollment}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
