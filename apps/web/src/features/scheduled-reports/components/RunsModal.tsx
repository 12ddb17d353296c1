import type { ReportRun, ScheduledReport } from "@convive/domain";
import { Badge, Group, Loader, Modal, Pagination, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useReportRuns } from "../api/scheduled-reports.ts";

const DELIVERY_COLOR = { pending: "blue", sent: "green", failed: "red" } as const;

/** A report's send history: each run (scheduled or sent now) with each recipient's e-mail and where it stands. */
export function RunsModal({ report, onClose }: { report: ScheduledReport; onClose: () => void }) {
  const { t } = useTranslation("scheduledReports");
  const { t: common } = useTranslation();
  const phone = useIsPhone();
  const [page, setPage] = useState(1);
  const runs = useReportRuns(report.id, page);
  const data = runs.data;
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${t("runs.title")} · ${report.name}`}
      size="lg"
      radius="lg"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": common("actions.close") }}
    >
      {!data ? (
        <QueryState query={runs} height={120} />
      ) : data.runs.length === 0 ? (
        <Text c="gray.7">{t("runs.empty")}</Text>
      ) : (
        <Stack gap="sm" data-testid="report-runs">
          {data.runs.map((run) => (
            <RunCard key={run.id} run={run} />
          ))}
          {data.total > data.per_page && (
            <Group justify="center">
              <Pagination value={page} onChange={setPage} total={Math.ceil(data.total / data.per_page)} />
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function RunCard({ run }: { run: ReportRun }) {
  const { t } = useTranslation("scheduledReports");
  const dates = useDates();
  const who =
    run.trigger === "schedule"
      ? t("runs.schedule")
      : run.requested_by
        ? t("runs.manual", { name: run.requested_by })
        : t("runs.manualNoName");
  const test = run.only_me ? ` (${t("runs.onlyMe")})` : "";
  return (
    <Paper withBorder radius="sm" p="sm">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{dates.dateTime(run.created_at)}</Text>
          {run.status === "queued" ? (
            <Group gap={6} role="status">
              <Loader size="xs" aria-hidden />
              <Text size="sm">{t("runs.queued")}</Text>
            </Group>
          ) : (
            <Badge variant="light" color={run.status === "done" ? "green" : "red"} c="dark.8">
              {t(`runs.${run.status}`)}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {who}
          {test}
          {run.rows !== null && ` · ${t("runs.rows", { count: run.rows })}`}
        </Text>
        {run.period_from && run.period_to && run.period_from !== run.period_to && (
          <Text size="sm" c="gray.7">
            {t("runs.period", { from: dates.dateTime(run.period_from), to: dates.dateTime(run.period_to) })}
          </Text>
        )}
        {run.error && (
          <Text size="sm" c="red.9" style={{ overflowWrap: "anywhere" }}>
            {run.error}
          </Text>
        )}
        {run.status === "done" && run.deliveries.length === 0 && (
          <Text size="sm" c="gray.7">
            {t("runs.noRecipients")}
          </Text>
        )}
        {run.deliveries.length > 0 && (
          <Stack gap={2} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {run.deliveries.map((d) => (
              <Group key={d.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
                <Badge size="sm" variant="light" color={DELIVERY_COLOR[d.status]} c="dark.8" style={{ flexShrink: 0 }}>
                  {t(`runs.delivery.${d.status}`)}
                </Badge>
                <Text size="sm" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                  {d.user_name ? `${d.user_name} · ${d.recipient}` : d.recipient} ({d.language.toUpperCase()})
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
