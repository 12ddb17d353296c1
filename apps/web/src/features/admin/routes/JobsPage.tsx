import type { AdminJobProblem, AdminJobQueue } from "@convive/domain";
import { Badge, Button, Card, Code, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconRefresh, IconRotateClockwise } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { UnsentEmailsCard } from "../../outbox/index.ts";
import { useAdminJobs, useRetryJob } from "../api/jobs.ts";

const COUNTS = ["waiting", "active", "completed", "retrying", "dead"] as const;
/** Counts that need someone's eye are coloured; the rest stay grey. */
const COUNT_COLOR: Record<(typeof COUNTS)[number], string> = {
  waiting: "gray",
  active: "blue",
  completed: "gray",
  retrying: "orange",
  dead: "red",
};

/** admin-jobs (issue 25 §1, root only): the job runner's queues with their counts, and failed jobs with a retry. */
export default function JobsPage() {
  const { t } = useTranslation("admin");
  const jobs = useAdminJobs();
  const data = jobs.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Text c="dimmed" size="sm" maw={640}>
          {t("jobs.intro")}
        </Text>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void jobs.refetch()}
          loading={jobs.isFetching}
        >
          {t("jobs.refresh")}
        </Button>
      </Group>
      <QueryState query={jobs} />
      {data && (
        <>
          <section aria-labelledby="jobs-queues">
            <Title order={2} size="h4" id="jobs-queues" mb="sm">
              {t("jobs.queues")}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {data.queues.map((queue) => (
                <QueueCard key={queue.name} queue={queue} />
              ))}
            </SimpleGrid>
          </section>
          <section aria-labelledby="jobs-problems">
            <Title order={2} size="h4" id="jobs-problems" mb="sm">
              {t("jobs.problems")}
            </Title>
            {data.problems.length === 0 ? (
              <Text c="dimmed">{t("jobs.noProblems")}</Text>
            ) : (
              <Stack gap="sm">
                {data.problems.map((problem) => (
                  <ProblemCard key={problem.id} problem={problem} />
                ))}
              </Stack>
            )}
          </section>
          {/* Issue 25 §2: platform mail the outbox could not deliver (root's unsent list). */}
          <UnsentEmailsCard scope="platform" />
        </>
      )}
    </Stack>
  );
}

function QueueCard({ queue }: { queue: AdminJobQueue }) {
  const { t } = useTranslation("admin");
  return (
    <Card withBorder radius="md" padding="sm">
      <Text fw={600} mb={6} style={{ overflowWrap: "anywhere" }}>
        {queue.name}
      </Text>
      <Group gap={6}>
        {COUNTS.map((count) => (
          <Badge
            key={count}
            variant="light"
            color={queue[count] > 0 ? COUNT_COLOR[count] : "gray"}
            // The light variant's own text shade is under 4.5:1 on its tint for some colours (axe): the darkest one.
            c={queue[count] > 0 ? `${COUNT_COLOR[count]}.9` : "gray.8"}
            size="md"
          >
            {t(`jobs.${count}`)}: {queue[count]}
          </Badge>
        ))}
      </Group>
    </Card>
  );
}

function ProblemCard({ problem }: { problem: AdminJobProblem }) {
  const { t } = useTranslation("admin");
  const dates = useDates();
  const retry = useRetryJob();
  const dead = problem.state === "dead";
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={4} style={{ flex: "1 1 260px", minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {problem.queue}
            </Text>
            <Badge color={dead ? "red" : "orange"} c={dead ? "red.9" : "orange.9"} variant="light">
              {t(dead ? "jobs.stateDead" : "jobs.stateRetrying")}
            </Badge>
          </Group>
          <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {problem.error ?? t("jobs.noError")}
          </Code>
          <Text size="sm" c="dimmed">
            {t("jobs.failures", { count: problem.failures, total: problem.retry_limit + 1 })}
            {" · "}
            {t("jobs.createdAt", { date: dates.dateTime(problem.created_at) })}
            {problem.at && (
              <>
                {" · "}
                {t(dead ? "jobs.failedAt" : "jobs.nextTry", { date: dates.dateTime(problem.at) })}
              </>
            )}
          </Text>
        </Stack>
        {dead && (
          <Button
            variant="light"
            leftSection={<IconRotateClockwise size={16} aria-hidden />}
            aria-label={t("jobs.retryLabel", { queue: problem.queue })}
            loading={retry.busy}
            onClick={() => retry.run({ queue: problem.queue, id: problem.id })}
          >
            {t("jobs.retry")}
          </Button>
        )}
      </Group>
    </Card>
  );
}
