import type { FormCompletion, Language } from "@convive/domain";
import { answerText, labelIn } from "@convive/domain";
import { BarChart } from "@mantine/charts";
import { Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Table, Tabs, Text } from "@mantine/core";
import { IconBell, IconDownload, IconLock } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { toast } from "../../../lib/toast.ts";
import { exportForm, useFormAction, useFormAnswers, useFormCompletion, useFormSummary } from "../api/forms.ts";

/** Staff's view of a sent form (issue 29 §2): completion per group, reminders, each answer, a summary, the export. */
export function CompletionView({ formId }: { formId: number }) {
  const { t } = useTranslation("forms");
  const query = useFormCompletion(formId);
  const [tab, setTab] = useState<string | null>("completion");
  const form = query.data;
  if (!form) return <QueryState query={query} />;
  return (
    <Stack gap="md">
      <Header form={form} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="completion">{t("staff.tabs.completion")}</Tabs.Tab>
          <Tabs.Tab value="answers">{t("staff.tabs.answers")}</Tabs.Tab>
          <Tabs.Tab value="summary">{t("staff.tabs.summary")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="completion" pt="md">
          <Completion form={form} />
        </Tabs.Panel>
        <Tabs.Panel value="answers" pt="md">
          <Answers form={form} />
        </Tabs.Panel>
        <Tabs.Panel value="summary" pt="md">
          <Summary formId={form.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Header({ form }: { form: FormCompletion }) {
  const { t } = useTranslation("forms");
  const dates = useDates();
  const { ask, dialog } = useConfirm();
  const remind = useFormAction("remind", { success: false });
  const close = useFormAction("close");
  const open = form.status === "open";
  return (
    <Card withBorder radius="lg">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700} size="lg">
            {form.title}
          </Text>
          <Badge variant="filled" color={open ? "blue.9" : "gray.7"}>
            {t(open ? "status.open" : "status.closed")}
          </Badge>
        </Group>
        <Text size="sm" c="gray.7">
          {t("staff.meta", { audience: form.audience_label, date: dates.day(form.due_date), version: form.version })}
        </Text>
        <Text fw={600} data-testid="completion-total">
          {t("staff.answered", { done: form.submitted, total: form.students })}
        </Text>
        <Progress value={form.students ? (100 * form.submitted) / form.students : 0} aria-label={t("staff.progress")} />
        <Group gap="sm" wrap="wrap">
          {open && form.can_manage && (
            <Button
              leftSection={<IconBell size={16} />}
              variant="light"
              loading={remind.busy}
              onClick={() => void remind.submit(form.id, (n) => toast("success", t("staff.reminded", { count: n })))}
            >
              {t("staff.remind")}
            </Button>
          )}
          <Button
            leftSection={<IconDownload size={16} />}
            variant="default"
            onClick={() => void exportForm(form.id).catch((e: Error) => toast("error", e.message))}
          >
            {t("staff.export")}
          </Button>
          {open && form.can_manage && (
            <Button
              leftSection={<IconLock size={16} />}
              variant="subtle"
              color="red"
              onClick={() =>
                ask({
                  title: t("staff.closeTitle"),
                  message: t("staff.closeMessage"),
                  confirmLabel: t("staff.close"),
                  danger: true,
                  action: () => close.run(form.id),
                  successMessage: t("staff.closed"),
                  failureMessage: t("staff.closeFailed"),
                })
              }
            >
              {t("staff.close")}
            </Button>
          )}
        </Group>
      </Stack>
      {dialog}
    </Card>
  );
}

function Completion({ form }: { form: FormCompletion }) {
  const { t } = useTranslation("forms");
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: "start" }}>
      <Table striped withTableBorder aria-label={t("staff.byGroup")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("staff.group")}</Table.Th>
            <Table.Th>{t("staff.answeredShort")}</Table.Th>
            <Table.Th>{t("staff.drafts")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {form.groups.map((g) => (
            <Table.Tr key={g.group_id ?? 0}>
              <Table.Td>{g.group}</Table.Td>
              <Table.Td>
                {g.submitted} / {g.students}
              </Table.Td>
              <Table.Td>{g.drafts}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Card withBorder radius="md">
        <Text fw={600} mb="xs">
          {t("staff.missing", { count: form.missing_total })}
        </Text>
        <Stack gap={4}>
          {form.missing.map((m) => (
            <Group key={m.student.id} justify="space-between" gap="xs">
              <Text size="sm">
                {m.student.name}{" "}
                <Text span c="gray.7" size="xs">
                  {m.student.group}
                </Text>
              </Text>
              {m.status === "draft" && (
                <Badge size="xs" variant="light" color="yellow" c="yellow.9">
                  {t("status.draft")}
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}

function Answers({ form }: { form: FormCompletion }) {
  const { t, i18n } = useTranslation("forms");
  const dates = useDates();
  const query = useFormAnswers(form.id, true);
  const language = i18n.language as Language;
  if (!query.data) return <QueryState query={query} />;
  if (query.data.length === 0) return <Text c="gray.7">{t("staff.noAnswers")}</Text>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("staff.student")}</Table.Th>
            <Table.Th>{t("staff.by")}</Table.Th>
            {form.definition.fields.map((f) => (
              <Table.Th key={f.key}>{labelIn(f, language)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((row) => (
            <Table.Tr key={row.student.id}>
              <Table.Td>{row.student.name}</Table.Td>
              <Table.Td>
                {row.answered_by?.name}
                <Text size="xs" c="gray.7">
                  {row.submitted_at ? dates.dateTime(row.submitted_at) : ""}
                </Text>
              </Table.Td>
              {form.definition.fields.map((f) => (
                <Table.Td key={f.key}>{answerText(f, row.answers[f.key], language)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Summary({ formId }: { formId: number }) {
  const { t } = useTranslation("forms");
  const query = useFormSummary(formId, true);
  if (!query.data) return <QueryState query={query} />;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {query.data.questions.map((q) => (
        <Card key={q.key} withBorder radius="md">
          <Text fw={600}>{q.label}</Text>
          <Text size="sm" c="gray.7" mb="xs">
            {t("staff.answeredCount", { count: q.answered })}
          </Text>
          {q.options.length > 0 && (
            <>
              <BarChart
                h={40 + 36 * q.options.length}
                data={q.options.map((o) => ({ option: o.label, count: o.count }))}
                dataKey="option"
                orientation="vertical"
                yAxisProps={{ width: 110 }}
                series={[{ name: "count", label: t("staff.count"), color: "blue.6" }]}
                aria-hidden
              />
              {/* Every chart has a table alternative. */}
              <Table withTableBorder mt="xs" fz="sm">
                <Table.Tbody>
                  {q.options.map((o) => (
                    <Table.Tr key={o.value}>
                      <Table.Td>{o.label}</Table.Td>
                      <Table.Td>{o.count}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
