import type { Dashboard, Effectiveness } from "@convive/domain";
import { formatPercent } from "@convive/domain/core";
import { Anchor, Badge, Card, Group, List, Progress, Stack, Table, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconCircleDashed } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDates } from "../../../lib/dates.ts";
import { useStudentFileHref } from "../../student-file/index.ts";

function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title id={id} order={2} size="h5">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/** Students with 3 or more incidents in the last 30 days: their file opens over the dashboard. */
export function EarlyWarning({ d }: { d: Dashboard }) {
  const { t } = useTranslation("strategicVision");
  const fileHref = useStudentFileHref();
  return (
    <Panel title={t("early.title")}>
      {d.early_warning.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("early.none")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={280}>
          <Table fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("student")}</Table.Th>
                <Table.Th scope="col">{t("group")}</Table.Th>
                <Table.Th scope="col">{t("incidents")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.early_warning.map((row) => (
                <Table.Tr key={row.student.id}>
                  <Table.Td>
                    <Anchor component={Link} to={fileHref(row.student.id)}>
                      {row.student.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.student.group ?? "—"}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={row.link}
                      aria-label={t("early.open", { count: row.incidents, name: row.student.name })}
                    >
                      {row.incidents}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Panel>
  );
}

/** Open incidents older than the school's escalation days, oldest first. */
export function Escalated({ d, action }: { d: Dashboard; action?: ReactNode }) {
  const { t } = useTranslation("strategicVision");
  const dates = useDates();
  const { escalated } = d;
  return (
    <Panel title={t("escalated.title", { days: escalated.days })} action={action}>
      {escalated.total.value === 0 ? (
        <Text size="sm" c="dimmed">
          {t("escalated.none")}
        </Text>
      ) : (
        <Stack gap="xs">
          <Anchor component={Link} to={escalated.total.link!} size="sm">
            {t("escalated.all", { count: escalated.total.value })}
          </Anchor>
          <List spacing={4} size="sm" listStyleType="none" p={0}>
            {escalated.incidents.slice(0, 8).map((i) => (
              <List.Item key={i.id}>
                <Anchor component={Link} to={i.link}>
                  {t("escalated.item", { folio: i.folio, type: i.type })}
                </Anchor>
                <Text span size="xs" c="dimmed">
                  {" "}
                  · {dates.day(i.occurred_at.slice(0, 10))} · {t("escalated.age", { count: i.age_days })} ·{" "}
                  {i.recorded_by}
                  {i.escalated_at && ` · ${t("escalated.notified")}`}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Panel>
  );
}

const pct = (share: number | null, lang: string) => (share === null ? "—" : formatPercent(share, lang, 0));

/** Issue 14 §3: per guideline, recurrence after the action against students of the same classification without it. */
export function EffectivenessPanel({ e }: { e: Effectiveness | undefined }) {
  const { t, i18n } = useTranslation("strategicVision");
  const lang = i18n.resolvedLanguage ?? "es";
  return (
    <Panel title={t("effectiveness.title")}>
      <Text size="xs" c="dimmed" mb="xs">
        {t("effectiveness.explain", { days: e?.window_days ?? 30, min: e?.min_cases ?? 10 })}
      </Text>
      {!e || e.guidelines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("effectiveness.none")}
        </Text>
      ) : (
        // No side-scrolling box (it would hold nothing to focus): the columns wrap on a phone.
        <Table fz="sm" verticalSpacing={4} horizontalSpacing={6} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("effectiveness.guideline")}</Table.Th>
              <Table.Th scope="col">{t("effectiveness.cases")}</Table.Th>
              <Table.Th scope="col">{t("effectiveness.with")}</Table.Th>
              <Table.Th scope="col">{t("effectiveness.without")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {e.guidelines.map((g) => (
              <Table.Tr key={`${g.guideline}|${g.classification}`}>
                <Table.Td>
                  {g.guideline}{" "}
                  <Badge size="xs" variant="light" color="gray" tt="none">
                    {t(`classification.${g.classification}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{g.cases}</Table.Td>
                {g.enough ? (
                  <>
                    <Table.Td>
                      {t("effectiveness.share", { share: pct(g.share, lang), recurred: g.recurred, cases: g.cases })}
                    </Table.Td>
                    <Table.Td>
                      {t("effectiveness.share", {
                        share: pct(g.without.share, lang),
                        recurred: g.without.recurred,
                        cases: g.without.cases,
                      })}
                    </Table.Td>
                  </>
                ) : (
                  <Table.Td colSpan={2}>
                    <Text size="sm" c="dimmed">
                      {t("effectiveness.notEnough", { min: e.min_cases })}
                    </Text>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Panel>
  );
}

const STAGE_SCREEN: Record<string, string> = {
  schoolYear: "scholar-cicle",
  periods: "scholar-cicle",
  grades: "level-grade-group",
  groups: "level-grade-group",
  subjects: "subject",
  students: "students-profile",
  users: "school-users",
};

/** The seven setup stages (spec §3), each missing one linking to the screen that completes it. */
export function SetupPanel({ d }: { d: Dashboard }) {
  const { t } = useTranslation("strategicVision");
  if (!d.setup) return null;
  const { setup } = d;
  return (
    <Panel title={t("setup.title")}>
      <Progress
        value={(setup.completed / setup.total) * 100}
        aria-label={t("setup.progress", { completed: setup.completed, total: setup.total })}
        mb={4}
      />
      <Text size="sm" mb="xs">
        {t("setup.progress", { completed: setup.completed, total: setup.total })}
      </Text>
      <List spacing={2} size="sm" listStyleType="none" p={0}>
        {Object.entries(setup.stages).map(([stage, done]) => (
          <List.Item
            key={stage}
            icon={
              done ? (
                <IconCircleCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />
              ) : (
                <IconCircleDashed size={16} color="var(--mantine-color-gray-7)" aria-hidden />
              )
            }
          >
            {done ? (
              t(`setup.stages.${stage}`)
            ) : (
              <Anchor component={Link} to={`/master-configuration/${STAGE_SCREEN[stage]}`}>
                {t(`setup.stages.${stage}`)}
              </Anchor>
            )}
            <Text span size="xs" c="dimmed">
              {" "}
              · {done ? t("setup.done") : t("setup.missing")}
            </Text>
          </List.Item>
        ))}
      </List>
    </Panel>
  );
}
