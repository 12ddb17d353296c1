import type { ScheduledReport } from "@convive/domain";
import { perm } from "@convive/domain/core";
import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from "@mantine/core";
import {
  IconHistory,
  IconMailX,
  IconPencil,
  IconPlus,
  IconRotateClockwise,
  IconSend,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useCurrentUser } from "../../auth/index.ts";
import {
  useDeleteReport,
  useRetryDelivery,
  useScheduledReports,
  useSendNow,
  useUnsentReportDeliveries,
} from "../api/scheduled-reports.ts";
import { ReportForm } from "../components/ReportForm.tsx";
import { RunsModal } from "../components/RunsModal.tsx";

const AREA = "master-configuration-scheduled-reports" as const;

/** What the signed-in user may change here; the server checks every call again. */
function useCan() {
  const user = useCurrentUser().data;
  const held = new Set(user?.permissions ?? []);
  return {
    create: held.has(perm(AREA, "create")),
    update: held.has(perm(AREA, "update")),
    remove: held.has(perm(AREA, "delete")),
  };
}

/**
 * /master-configuration/automatic-reports (issue 31 §3): the school's scheduled reports — type, filters, when, to
 * whom, format — with their send history, "send now", and the reports' e-mails that could not be delivered
 * ('Unsent email list') with a retry.
 */
export default function ScheduledReportsPage() {
  const { t } = useTranslation("scheduledReports");
  const reports = useScheduledReports();
  const can = useCan();
  const [editing, setEditing] = useState<ScheduledReport | "new" | null>(null);
  const [history, setHistory] = useState<ScheduledReport | null>(null);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Text size="sm" c="gray.7" style={{ flex: "1 1 320px" }}>
          {t("intro")}
        </Text>
        {can.create && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing("new")}>
            {t("new")}
          </Button>
        )}
      </Group>
      {!reports.data ? (
        <QueryState query={reports} height={160} />
      ) : reports.data.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text c="gray.7">{t("empty")}</Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {reports.data.map((report) => (
            <ReportCard
              key={report.id}
              report={report}
              can={can}
              onEdit={() => setEditing(report)}
              onHistory={() => setHistory(report)}
            />
          ))}
        </Stack>
      )}
      <UnsentDeliveries canRetry={can.update} />
      {editing !== null && <ReportForm report={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {history && <RunsModal report={history} onClose={() => setHistory(null)} />}
    </Stack>
  );
}

export function useFrequencyText() {
  const { t } = useTranslation("scheduledReports");
  return (r: Pick<ScheduledReport, "frequency" | "weekday" | "day_of_month" | "time">) => {
    const weekdays = t("weekdays", { returnObjects: true }) as string[];
    return t(`every.${r.frequency}`, { time: r.time, weekday: weekdays[r.weekday ?? 1], day: r.day_of_month });
  };
}

function ReportCard(props: {
  report: ScheduledReport;
  can: ReturnType<typeof useCan>;
  onEdit: () => void;
  onHistory: () => void;
}) {
  const { report, can } = props;
  const { t } = useTranslation("scheduledReports");
  const dates = useDates();
  const frequency = useFrequencyText();
  const [deleting, setDeleting] = useState(false);
  const { t: common } = useTranslation();
  const remove = useDeleteReport({ success: common("messages.removed"), failure: common("messages.deleteFailed") });
  const send = useSendNow(report.id, { success: t("queued") });
  const recipients =
    report.recipient_user_ids.length + report.recipient_profile_ids.length + report.recipient_emails.length;
  const sendNow = async (onlyMe: boolean) => {
    if (await send.submit({ only_me: onlyMe })) props.onHistory();
  };
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={report.name}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ flex: "1 1 260px", minWidth: 0 }}>
            <Title order={2} size="h4" style={{ overflowWrap: "anywhere" }}>
              {report.name}
            </Title>
            <Text size="sm">
              {report.type_name} · {report.format.toUpperCase()}
            </Text>
          </Stack>
          <Badge variant="light" color={report.active ? "green" : "gray"} c="dark.8">
            {report.active ? t("active") : t("paused")}
          </Badge>
        </Group>
        <Text size="sm">{frequency(report)}</Text>
        <Text size="sm" c="gray.7">
          {t("recipientsSummary", { count: recipients })}
          {" · "}
          {report.next_run_at ? t("nextRun", { date: dates.dateTime(report.next_run_at) }) : t("paused")}
          {" · "}
          {report.last_run_at ? t("lastRun", { date: dates.dateTime(report.last_run_at) }) : t("neverRun")}
        </Text>
        <Group gap="xs" mt={4} wrap="wrap">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconHistory size={14} aria-hidden />}
            aria-label={t("historyLabel", { name: report.name })}
            onClick={props.onHistory}
          >
            {t("history")}
          </Button>
          {can.update && (
            <>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPencil size={14} aria-hidden />}
                aria-label={t("editLabel", { name: report.name })}
                onClick={props.onEdit}
              >
                {t("edit")}
              </Button>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconSend size={14} aria-hidden />}
                aria-label={t("sendNowLabel", { name: report.name })}
                loading={send.busy}
                onClick={() => void sendNow(false)}
              >
                {t("sendNow")}
              </Button>
              <Button
                variant="subtle"
                size="xs"
                aria-label={t("sendToMeLabel", { name: report.name })}
                disabled={send.busy}
                onClick={() => void sendNow(true)}
              >
                {t("sendToMe")}
              </Button>
            </>
          )}
          {can.remove && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={t("deleteLabel", { name: report.name })}
              onClick={() => setDeleting(true)}
            >
              {t("delete")}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={deleting}
        title={t("deleteTitle")}
        message={t("deleteMessage", { name: report.name })}
        confirmLabel={t("delete")}
        danger
        busy={remove.busy}
        onClose={() => setDeleting(false)}
        onConfirm={() => void remove.submit(report.id, () => setDeleting(false))}
      />
    </Card>
  );
}

/** Spec §8 'Unsent email list': the reports' e-mails whose tries are spent, each with a retry. */
function UnsentDeliveries({ canRetry }: { canRetry: boolean }) {
  const { t } = useTranslation("scheduledReports");
  const dates = useDates();
  const unsent = useUnsentReportDeliveries();
  const retry = useRetryDelivery({ success: t("unsent.retried") });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="reports-unsent">
      <Group gap="xs" mb="xs">
        <IconMailX size={20} aria-hidden />
        <Title order={2} size="h4" id="reports-unsent">
          {t("unsent.title")}
        </Title>
      </Group>
      <Text size="sm" c="gray.7" mb="sm">
        {t("unsent.intro")}
      </Text>
      {!unsent.data ? (
        <QueryState query={unsent} height={60} />
      ) : unsent.data.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t("unsent.empty")}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="unsent-deliveries">
          {unsent.data.map((d) => (
            <Card key={d.id} withBorder radius="sm" padding="sm">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Stack gap={4} style={{ flex: "1 1 240px", minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                    {t("unsent.to", { report: d.report_name, recipient: d.recipient })}
                  </Text>
                  {d.last_error && (
                    <Text size="sm" c="red.9" style={{ overflowWrap: "anywhere" }}>
                      {d.last_error}
                    </Text>
                  )}
                  <Text size="sm" c="gray.7">
                    {t("unsent.tries", { count: d.attempts })}
                    {d.failed_at && ` · ${t("unsent.failed", { date: dates.dateTime(d.failed_at) })}`}
                  </Text>
                </Stack>
                {canRetry && (
                  <Button
                    variant="light"
                    leftSection={<IconRotateClockwise size={16} aria-hidden />}
                    aria-label={t("unsent.retryLabel", { recipient: d.recipient })}
                    loading={retry.busy}
                    onClick={() => void retry.submit(d.id)}
                  >
                    {t("unsent.retry")}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Card>
  );
}
