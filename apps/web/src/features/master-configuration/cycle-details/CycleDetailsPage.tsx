import { Accordion, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { IconArchive, IconCalendarTime } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { childPath, useAccess } from "../shared/access.ts";
import { byLabel, formatRange, fullName } from "../shared/format.ts";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import { type PastStudent, type PastYear, usePastYear, usePastYears } from "./api.ts";

/** master-configuration/cycle-details: the closed school years, read-only, with their groups and students. */
export default function CycleDetailsPage() {
  const { t, i18n } = useTranslation("masterConfiguration");
  const access = useAccess();
  const years = usePastYears();
  const [opened, setOpened] = useState<string[]>([]);
  const lang = i18n.resolvedLanguage ?? "es";

  return (
    <MasterConfigurationPage>
      <QueryState query={years} />
      {years.data && years.data.length === 0 && (
        <EmptyState
          icon={<IconArchive size={28} />}
          title={t("history.emptyTitle")}
          description={t("history.emptyDescription")}
          action={
            access.canOpen("scholar-cicle") && (
              <Button
                component={Link}
                to={childPath("scholar-cicle")}
                variant="default"
                leftSection={<IconCalendarTime size={16} aria-hidden />}
              >
                {t("history.goToYears")}
              </Button>
            )
          }
        />
      )}
      {years.data && years.data.length > 0 && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("history.intro")}
          </Text>
          <Accordion
            multiple
            value={opened}
            onChange={setOpened}
            variant="separated"
            radius="lg"
            chevronPosition="right"
            order={2}
          >
            {years.data.map((year) => (
              <Accordion.Item key={year.id} value={String(year.id)} bg="var(--mantine-color-body)">
                <Accordion.Control>
                  <YearHeading year={year} lang={lang} />
                </Accordion.Control>
                <Accordion.Panel>
                  <YearGroups year={year} enabled={opened.includes(String(year.id))} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      )}
    </MasterConfigurationPage>
  );
}

function YearHeading({ year, lang }: { year: PastYear; lang: string }) {
  const { t } = useTranslation("masterConfiguration");
  const { date } = useDates();
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Text fw={700} size="lg">
          {year.name}
        </Text>
        <Badge variant="light" color="gray" c="gray.8">
          {t("years.closed")}
        </Badge>
      </Group>
      <Text size="sm">{formatRange(year.starts_on, year.ends_on, lang)}</Text>
      <Text size="xs" c="dimmed">
        {t("history.counts", { groups: year.groups.length, students: year.students_count })} ·{" "}
        {t("years.closedOn", { date: date(year.closed_at) })}
      </Text>
    </Stack>
  );
}

/** The year's groups by section and grade, each opening to its students. */
function YearGroups({ year, enabled }: { year: PastYear; enabled: boolean }) {
  const { t, i18n } = useTranslation("masterConfiguration");
  const detail = usePastYear(year.id, enabled);
  const compare = byLabel(i18n.resolvedLanguage ?? "es");

  if (year.groups.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("history.noGroups")}
      </Text>
    );
  }
  if (!detail.data) return <QueryState query={detail} height={120} />;

  const groups = [...detail.data.groups].sort(
    (a, b) => compare(a.section_name, b.section_name) || compare(a.grade_name, b.grade_name) || compare(a.name, b.name),
  );
  return (
    <Accordion variant="contained" radius="md" chevronPosition="right" order={3}>
      {groups.map((g) => (
        <Accordion.Item key={g.id} value={String(g.id)}>
          <Accordion.Control>
            <Group justify="space-between" gap="xs" wrap="wrap" pr="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {t("history.groupName", { section: g.section_name, grade: g.grade_name, group: g.name })}
                </Text>
                <Text size="xs" c="dimmed">
                  {g.head_teacher
                    ? t("groups.headTeacherIs", { name: fullName(g.head_teacher) })
                    : t("groups.noHeadTeacher")}
                </Text>
              </div>
              <Badge variant="light" color="gray" c="gray.8">
                {t("groups.students", { count: g.students_count })}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Students students={g.students} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function Students({ students }: { students: PastStudent[] }) {
  const { t } = useTranslation("masterConfiguration");
  if (students.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("history.noStudents")}
      </Text>
    );
  }
  const status = (s: PastStudent) => t(`history.status.${s.status}`, { defaultValue: s.status });
  return (
    <>
      <Table.ScrollContainer minWidth={420} visibleFrom="sm">
        <Table striped verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("history.enrollment")}</Table.Th>
              <Table.Th>{t("history.student")}</Table.Th>
              <Table.Th>{t("history.statusLabel")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {students.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td ff="monospace">{s.enrollment}</Table.Td>
                <Table.Td>{fullName(s)}</Table.Td>
                <Table.Td>{status(s)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack component="ul" gap={6} hiddenFrom="sm" p={0} m={0} style={{ listStyle: "none" }}>
        {students.map((s) => (
          <li key={s.id}>
            <Text size="sm" fw={500}>
              {fullName(s)}
            </Text>
            <Text size="xs" c="dimmed">
              {s.enrollment} · {status(s)}
            </Text>
          </li>
        ))}
      </Stack>
    </>
  );
}
