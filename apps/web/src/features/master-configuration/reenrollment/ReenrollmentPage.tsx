import {
  REENROLLMENT_EXCEPTIONS,
  type Reenrollment,
  type ReenrollmentExceptionBody,
  type ReenrollmentOverview,
  type ReenrollmentPreview,
  type ReenrollmentTarget,
} from "@convive/domain";
import { localName } from "@convive/domain/core";
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconCalendarPlus, IconUsersGroup } from "@tabler/icons-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { childPath, useAccess } from "../shared/access.ts";
import { formatRange, fullName } from "../shared/format.ts";
import { useRefreshAll } from "../shared/keys.ts";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import { useApplyReenrollment, useReenrollmentPreview, useReenrollments, useUndoReenrollment } from "./api.ts";

const NS = "reenrollment";
type Lang = string;
type Exception = { outcome: (typeof REENROLLMENT_EXCEPTIONS)[number]; to?: ReenrollmentTarget };
/** A cell of a row that wraps: side by side on a desktop, one under the other on a phone. */
const CELL = { flex: "1 1 220px", minWidth: 0 } as const;
const targetKey = (t: ReenrollmentTarget) => `${t.grade_id}|${t.name.trim().toLocaleLowerCase("es")}`;

/**
 * master-configuration/reenrollment-students (issue 31 §1): the current year's students into the next year's groups —
 * the groups' mapping, per-student exceptions, a preview with counts per group and every student's destination, the
 * apply as a job with its progress, undo until the new year starts.
 */
export default function ReenrollmentPage() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.resolvedLanguage ?? "es";
  const overview = useReenrollments();
  const access = useAccess();
  const [yearId, setYearId] = useState<number | null>(null);
  const data = overview.data;
  const target = data?.target_years.find((y) => y.id === yearId) ?? data?.target_years[0] ?? null;
  const mine = data?.reenrollments.filter((r) => r.to_year.id === target?.id) ?? [];
  const live = mine.find((r) => ["queued", "applying", "applied"].includes(r.status)) ?? null;
  const lastFailed = mine[0]?.status === "failed" ? mine[0] : null;
  const refreshAll = useRefreshAll();
  // When an apply finishes, the other screens' data (groups and their counts) moved too.
  const running = useRef(false);
  useEffect(() => {
    const now = live?.status === "queued" || live?.status === "applying";
    if (running.current && !now) void refreshAll();
    running.current = now;
  }, [live?.status, refreshAll]);

  return (
    <MasterConfigurationPage>
      {!data ? (
        <QueryState query={overview} height={320} />
      ) : !data.current_year || !target ? (
        <EmptyState
          icon={<IconCalendarPlus size={28} />}
          title={t(data.current_year ? "noTargetTitle" : "noCurrentTitle")}
          description={t(data.current_year ? "noTargetDescription" : "noCurrentDescription")}
          action={
            access.canOpen("scholar-cicle") && (
              <Button component={Link} to={childPath("scholar-cicle")} variant="default">
                {t("goToYears")}
              </Button>
            )
          }
        />
      ) : (
        <Stack gap="lg">
          <Text size="sm" c="gray.7">
            {t("intro")}
          </Text>
          <Paper withBorder radius="md" p="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {t("from")}
                </Text>
                <Text size="sm">
                  {data.current_year.name} · {formatRange(data.current_year.starts_on, data.current_year.ends_on, lang)}
                </Text>
              </Stack>
              <Select
                label={t("to")}
                data={data.target_years.map((y) => ({
                  value: String(y.id),
                  label: `${y.name} · ${formatRange(y.starts_on, y.ends_on, lang)}`,
                }))}
                value={String(target.id)}
                onChange={(v) => setYearId(v ? Number(v) : null)}
                allowDeselect={false}
              />
            </SimpleGrid>
          </Paper>
          {live ? (
            <Applied
              reenrollment={live}
              lang={lang}
              canUndo={access.can("master-configuration-re-enroll-students", "update")}
            />
          ) : (
            <Planner
              key={target.id}
              toYearId={target.id}
              lang={lang}
              failed={lastFailed}
              canApply={access.can("master-configuration-re-enroll-students", "create")}
            />
          )}
          <History list={data.reenrollments} />
        </Stack>
      )}
    </MasterConfigurationPage>
  );
}

function groupLabel(
  t: (key: string, o?: Record<string, unknown>) => string,
  lang: Lang,
  g: { grade_name: string; name: string; section_name: string; section_name_en: string | null },
) {
  return t("groupLabel", {
    grade: g.grade_name,
    group: g.name,
    section: localName({ name: g.section_name, name_en: g.section_name_en }, lang),
  });
}

/** A re-enrollment under way (its progress) or applied (the groups it filled, undo). */
function Applied({ reenrollment: r, lang, canUndo }: { reenrollment: Reenrollment; lang: Lang; canUndo: boolean }) {
  const { t } = useTranslation(NS);
  const dates = useDates();
  const undo = useUndoReenrollment();
  const confirm = useConfirm();
  if (r.status !== "applied") {
    const value = r.steps > 0 ? Math.round((100 * r.step) / r.steps) : 0;
    return (
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="reenrollment-progress">
        <Stack gap="xs">
          <Title order={2} size="h4" id="reenrollment-progress">
            {t("applying", { year: r.to_year.name })}
          </Title>
          <Text size="sm" role="status">
            {t("common:messages.processing")}
          </Text>
          <Progress value={value} aria-label={t("progressLabel")} animated />
        </Stack>
      </Paper>
    );
  }
  const placed = r.groups.reduce((n, g) => n + g.students_count, 0);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="reenrollment-applied">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="reenrollment-applied">
            {t("appliedTitle", { year: r.to_year.name })}
          </Title>
          <Badge color="gray" variant="light" c="gray.9">
            {t("status.applied")}
          </Badge>
        </Group>
        <Text size="sm">
          {t("appliedSummary", {
            date: r.applied_at ? dates.dateTime(r.applied_at) : "",
            students: placed,
            groups: r.groups.length,
          })}
        </Text>
        <Outcomes counts={r.counts} />
        <Table.ScrollContainer minWidth={320}>
          <Table striped data-testid="reenrollment-filled">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("nextGroup")}</Table.Th>
                <Table.Th>{t("students")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.groups.map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td>{groupLabel(t, lang, g)}</Table.Td>
                  <Table.Td>{g.students_count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="gray.7">
          {r.can_undo ? t("undoUntil", { date: dates.day(r.to_year.starts_on) }) : t("undoOver")}
        </Text>
        {r.can_undo && canUndo && (
          <Group justify="flex-end">
            <Button
              variant="default"
              color="red"
              onClick={() =>
                confirm.ask({
                  title: t("undoTitle", { year: r.to_year.name }),
                  message: t("undoMessage", { year: r.to_year.name }),
                  confirmLabel: t("undo"),
                  danger: true,
                  successMessage: t("undone"),
                  failureMessage: t("processingError"),
                  action: () => undo.run(r.id),
                })
              }
            >
              {t("undo")}
            </Button>
          </Group>
        )}
        {confirm.dialog}
      </Stack>
    </Paper>
  );
}

function Outcomes({ counts }: { counts: Reenrollment["counts"] }) {
  const { t } = useTranslation(NS);
  return (
    <Group gap="xs" wrap="wrap" data-testid="reenrollment-outcomes">
      {Object.entries(counts)
        .filter(([, n]) => n > 0)
        .map(([outcome, n]) => (
          <Badge key={outcome} variant="light" color="gray" c="gray.9" tt="none">
            {t(`outcome.${outcome}`)}: {n}
          </Badge>
        ))}
    </Group>
  );
}

/** The plan being drawn up: the groups' mapping, the exceptions, the preview and the apply. */
function Planner({
  toYearId,
  lang,
  failed,
  canApply,
}: {
  toYearId: number;
  lang: Lang;
  failed: Reenrollment | null;
  canApply: boolean;
}) {
  const { t } = useTranslation(NS);
  const [mapping, setMapping] = useState<Map<number, ReenrollmentTarget | null>>(new Map());
  const [exceptions, setExceptions] = useState<Map<number, Exception>>(new Map());
  const [copyStaff, setCopyStaff] = useState(false);
  const body = useMemo(
    () => ({
      to_year_id: toYearId,
      groups: [...mapping].map(([source_group_id, to]) => ({ source_group_id, to })),
      exceptions: [...exceptions]
        .filter(([, e]) => e.outcome !== "changes_group" || e.to)
        .map(([student_id, e]): ReenrollmentExceptionBody => ({ student_id, ...e })),
    }),
    [toYearId, mapping, exceptions],
  );
  const preview = useReenrollmentPreview(body);
  const apply = useApplyReenrollment({ success: false });
  const confirm = useConfirm();
  // While an edit is being previewed, the last preview stays on screen.
  const last = useRef<ReenrollmentPreview | undefined>(undefined);
  if (preview.data) last.current = preview.data;
  const p = preview.data ?? last.current;
  if (!p) return <QueryState query={preview} height={240} />;

  const setException = (studentId: number, e: Exception | null) =>
    setExceptions((prev) => {
      const next = new Map(prev);
      if (e) next.set(studentId, e);
      else next.delete(studentId);
      return next;
    });

  return (
    <Stack gap="lg">
      {failed && (
        <Alert color="red" title={t("failedTitle")} role="alert">
          {failed.error}
        </Alert>
      )}
      {preview.error && (
        <Alert color="red" role="alert">
          {preview.error.message}
        </Alert>
      )}
      <Mapping preview={p} lang={lang} mapping={mapping} onChange={setMapping} />
      <PreviewCounts preview={p} lang={lang} />
      <Students preview={p} lang={lang} exceptions={exceptions} onException={setException} />
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="reenrollment-apply">
        <Stack gap="sm">
          <Title order={2} size="h4" id="reenrollment-apply">
            {t("applyTitle")}
          </Title>
          <Checkbox
            label={t("copyStaff")}
            description={t("copyStaffHint")}
            checked={copyStaff}
            onChange={(e) => setCopyStaff(e.currentTarget.checked)}
          />
          <Text size="xs" c="gray.7">
            {t("applyHint", { year: p.to_year.name })}
          </Text>
          {apply.failure && (
            <Text size="sm" c="red.9" role="alert">
              {apply.failure}
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              disabled={!canApply || preview.isFetching}
              leftSection={<IconUsersGroup size={16} aria-hidden />}
              onClick={() =>
                confirm.ask({
                  title: t("applyConfirmTitle", { year: p.to_year.name }),
                  message: t("applyConfirmMessage", {
                    students: p.students.filter((s) => s.to).length,
                    groups: p.targets.length,
                    year: p.to_year.name,
                  }),
                  confirmLabel: t("apply"),
                  successMessage: t("queued"),
                  failureMessage: t("processingError"),
                  action: () => apply.run({ ...body, copy_staff: copyStaff }),
                })
              }
            >
              {t("apply")}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {confirm.dialog}
    </Stack>
  );
}

/** Each group of this year and where it goes: a grade of the next year and a group name, or graduates. */
function Mapping({
  preview: p,
  lang,
  mapping,
  onChange,
}: {
  preview: ReenrollmentPreview;
  lang: Lang;
  mapping: Map<number, ReenrollmentTarget | null>;
  onChange: (next: Map<number, ReenrollmentTarget | null>) => void;
}) {
  const { t } = useTranslation(NS);
  const grades = new Map(p.grades.map((g) => [g.id, g]));
  const gradeOptions = [
    { value: "graduates", label: t("graduates") },
    ...p.grades.map((g) => ({
      value: String(g.id),
      label: `${g.name} ${localName({ name: g.section_name, name_en: g.section_name_en }, lang)}`,
    })),
  ];
  const set = (groupId: number, to: ReenrollmentTarget | null) => onChange(new Map(mapping).set(groupId, to));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="reenrollment-mapping">
      <Stack gap="sm">
        <Title order={2} size="h4" id="reenrollment-mapping">
          {t("mappingTitle")}
        </Title>
        <Text size="sm" c="gray.7">
          {t("mappingHint")}
        </Text>
        <Stack gap="xs">
          {p.groups.map((g) => {
            const grade = grades.get(g.grade_id)!;
            const label = groupLabel(t, lang, {
              grade_name: grade.name,
              name: g.name,
              section_name: grade.section_name,
              section_name_en: grade.section_name_en,
            });
            return (
              <Group key={g.id} gap="xs" align="flex-end" wrap="wrap" data-testid={`mapping-${g.id}`}>
                <Stack gap={0} justify="center" style={CELL}>
                  <Text size="sm" fw={600}>
                    {label}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t("studentsCount", { count: g.students_count })}
                  </Text>
                </Stack>
                <Select
                  style={CELL}
                  label={t("goesTo", { group: label })}
                  data={gradeOptions}
                  value={g.to ? String(g.to.grade_id) : "graduates"}
                  allowDeselect={false}
                  onChange={(v) =>
                    set(g.id, !v || v === "graduates" ? null : { grade_id: Number(v), name: g.to?.name ?? g.name })
                  }
                />
                <TextInput
                  style={CELL}
                  label={t("groupNameOf", { group: label })}
                  defaultValue={g.to?.name ?? ""}
                  key={`${g.id}-${g.to?.grade_id ?? "x"}`}
                  disabled={!g.to}
                  maxLength={20}
                  onBlur={(e) => {
                    const name = e.currentTarget.value.trim();
                    if (g.to && name && name !== g.to.name) set(g.id, { grade_id: g.to.grade_id, name });
                  }}
                />
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Counts per next-year group and per outcome, and who is left out. */
function PreviewCounts({ preview: p, lang }: { preview: ReenrollmentPreview; lang: Lang }) {
  const { t } = useTranslation(NS);
  const grades = new Map(p.grades.map((g) => [g.id, g]));
  const label = (x: { grade_id: number; name: string }) => {
    const g = grades.get(x.grade_id)!;
    return groupLabel(t, lang, {
      grade_name: g.name,
      name: x.name,
      section_name: g.section_name,
      section_name_en: g.section_name_en,
    });
  };
  const excluded = p.students.filter((s) => s.outcome === "not_reenrolled");
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="reenrollment-preview">
      <Stack gap="sm">
        <Title order={2} size="h4" id="reenrollment-preview">
          {t("previewTitle", { year: p.to_year.name })}
        </Title>
        <Outcomes counts={p.counts} />
        <Table.ScrollContainer minWidth={320}>
          <Table striped data-testid="reenrollment-targets">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("nextGroup")}</Table.Th>
                <Table.Th>{t("students")}</Table.Th>
                <Table.Th>{t("groupState")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.targets.map((x) => (
                <Table.Tr key={`${x.grade_id}|${x.name}`}>
                  <Table.Td>{label(x)}</Table.Td>
                  <Table.Td>{x.students_count}</Table.Td>
                  <Table.Td>
                    {x.group_id === null ? t("newGroup") : t("existingGroup", { count: x.existing_count })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {excluded.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t("excludedTitle")}
            </Text>
            {excluded.map((s) => (
              <Text key={s.id} size="sm">
                {fullName(s)} · {t("outcome.not_reenrolled")}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Every student by this year's group with their destination; an exception per student. */
function Students({
  preview: p,
  lang,
  exceptions,
  onException,
}: {
  preview: ReenrollmentPreview;
  lang: Lang;
  exceptions: Map<number, Exception>;
  onException: (studentId: number, e: Exception | null) => void;
}) {
  const { t } = useTranslation(NS);
  // Only the groups opened draw their students: a school's hundreds of rows stay cheap to re-render.
  const [opened, setOpened] = useState<string[]>([]);
  const grades = new Map(p.grades.map((g) => [g.id, g]));
  const label = (x: { grade_id: number; name: string }) => {
    const g = grades.get(x.grade_id)!;
    return groupLabel(t, lang, {
      grade_name: g.name,
      name: x.name,
      section_name: g.section_name,
      section_name_en: g.section_name_en,
    });
  };
  const targetOptions = p.targets.map((x) => ({ value: targetKey(x), label: label(x) }));
  const byKey = new Map(p.targets.map((x) => [targetKey(x), { grade_id: x.grade_id, name: x.name }]));
  const exceptionOptions = [
    { value: "none", label: t("noException") },
    ...REENROLLMENT_EXCEPTIONS.map((e) => ({ value: e, label: t(`exception.${e}`) })),
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="reenrollment-students">
      <Stack gap="sm">
        <Title order={2} size="h4" id="reenrollment-students">
          {t("studentsTitle")}
        </Title>
        <Text size="sm" c="gray.7">
          {t("studentsHint")}
        </Text>
        <Accordion
          multiple
          value={opened}
          onChange={setOpened}
          variant="contained"
          radius="md"
          chevronPosition="right"
          order={3}
        >
          {p.groups.map((g) => {
            const list = p.students.filter((s) => s.source_group_id === g.id);
            const own = label({ grade_id: g.grade_id, name: g.name });
            const changed = list.filter((s) => exceptions.has(s.id)).length;
            return (
              <Accordion.Item key={g.id} value={String(g.id)}>
                <Accordion.Control>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {own}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {t("studentsCount", { count: list.length })}
                      {changed > 0 ? ` · ${t("exceptionsCount", { count: changed })}` : ""}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  {opened.includes(String(g.id)) && (
                    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
                      {list.map((s) => {
                        const name = fullName(s);
                        const e = exceptions.get(s.id);
                        const fixed = s.outcome === "not_reenrolled" || s.outcome === "already_enrolled";
                        return (
                          <li key={s.id} data-testid={`student-${s.id}`}>
                            <Group gap="xs" align="flex-end" wrap="wrap">
                              <Stack gap={2} justify="center" style={CELL}>
                                <Text size="sm" fw={500}>
                                  {name}
                                </Text>
                                <Group gap={4} wrap="wrap">
                                  <Text size="xs" c="gray.8">
                                    {s.to ? `${t(`outcome.${s.outcome}`)} → ${label(s.to)}` : t(`outcome.${s.outcome}`)}
                                  </Text>
                                  {s.conditioned && (
                                    <Badge size="sm" variant="light" color="orange" c="orange.9" tt="none">
                                      {t(`conditioned.${s.conditioned.outcome ?? "open"}`)}
                                    </Badge>
                                  )}
                                </Group>
                              </Stack>
                              {fixed ? (
                                <Text size="xs" c="gray.7" style={CELL}>
                                  {t(`fixed.${s.outcome}`)}
                                </Text>
                              ) : (
                                <NativeSelect
                                  style={CELL}
                                  label={t("exceptionOf", { name })}
                                  data={exceptionOptions}
                                  value={e?.outcome ?? "none"}
                                  onChange={(ev) => {
                                    const v = ev.currentTarget.value;
                                    onException(
                                      s.id,
                                      v === "none"
                                        ? null
                                        : {
                                            outcome: v as Exception["outcome"],
                                            to: v === "changes_group" ? e?.to : undefined,
                                          },
                                    );
                                  }}
                                />
                              )}
                              {e?.outcome === "changes_group" && (
                                <NativeSelect
                                  style={CELL}
                                  label={t("movesTo", { name })}
                                  data={[{ value: "", label: t("chooseGroup") }, ...targetOptions]}
                                  value={e.to ? targetKey(e.to) : ""}
                                  error={e.to ? undefined : t("chooseGroup")}
                                  onChange={(ev) =>
                                    onException(s.id, {
                                      outcome: "changes_group",
                                      to: byKey.get(ev.currentTarget.value),
                                    })
                                  }
                                />
                              )}
                            </Group>
                          </li>
                        );
                      })}
                    </Stack>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      </Stack>
    </Paper>
  );
}

/** The re-enrollments so far, newest first. */
function History({ list }: { list: ReenrollmentOverview["reenrollments"] }) {
  const { t } = useTranslation(NS);
  const dates = useDates();
  if (list.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="reenrollment-history">
      <Title order={2} size="h4" id="reenrollment-history" mb="xs">
        {t("historyTitle")}
      </Title>
      <Stack gap={6} data-testid="reenrollment-history">
        {list.map((r) => (
          <Group key={r.id} gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {dates.dateTime(r.created_at)}
            </Text>
            <Text size="sm">
              {r.from_year.name} → {r.to_year.name}
            </Text>
            <Badge variant="light" color="gray" c="gray.9" tt="none">
              {t(`status.${r.status}`)}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
