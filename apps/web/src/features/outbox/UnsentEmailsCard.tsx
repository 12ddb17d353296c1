import { Alert, Button, Card, Code, Group, Stack, Text, Title } from "@mantine/core";
import { IconMailX, IconRotateClockwise } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../components/QueryState.tsx";
import { useDates } from "../../lib/dates.ts";
import { type UnsentEmail, type UnsentScope, useRetryUnsent, useUnsentEmails } from "./api/unsent-emails.ts";

/**
 * Spec §8 "Unsent email list" (issue 25 §2): e-mails the outbox could not deliver after all its tries, each with
 * a retry. The Director sees the school's in master configuration; root sees platform mail beside the job runner.
 * Cards, not a table: one column on a phone, the same on a desktop.
 */
export function UnsentEmailsCard({ scope }: { scope: UnsentScope }) {
  const { t } = useTranslation("outbox");
  const unsent = useUnsentEmails(scope);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`unsent-${scope}`}>
      <Group gap="xs" mb="xs">
        <IconMailX size={20} aria-hidden />
        <Title order={2} size="h4" id={`unsent-${scope}`}>
          {t("title")}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t(scope === "school" ? "introSchool" : "introPlatform")}
      </Text>
      <QueryState query={unsent} />
      {unsent.data &&
        (unsent.data.length === 0 ? (
          <Text c="dimmed">{t("empty")}</Text>
        ) : (
          <Stack gap="sm">
            {unsent.data.map((mail) => (
              <UnsentRow key={mail.id} mail={mail} scope={scope} />
            ))}
          </Stack>
        ))}
    </Card>
  );
}

function UnsentRow({ mail, scope }: { mail: UnsentEmail; scope: UnsentScope }) {
  const { t } = useTranslation("outbox");
  const dates = useDates();
  const retry = useRetryUnsent(scope);
  return (
    <Card withBorder radius="sm" padding="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={4} style={{ flex: "1 1 240px", minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {mail.subject}
          </Text>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {t("to", { recipient: mail.recipient })}
          </Text>
          {mail.last_error && (
            <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {mail.last_error}
            </Code>
          )}
          <Text size="sm" c="dimmed">
            {t("tries", { count: mail.attempts })}
            {" · "}
            {t("written", { date: dates.dateTime(mail.created_at) })}
            {mail.failed_at && (
              <>
                {" · "}
                {t("failed", { date: dates.dateTime(mail.failed_at) })}
              </>
            )}
          </Text>
          {retry.failure && (
            <Alert color="red" variant="light" role="alert">
              {retry.failure}
            </Alert>
          )}
        </Stack>
        <Button
          type="button"
          variant="light"
          leftSection={<IconRotateClockwise size={16} aria-hidden />}
          aria-label={t("retryLabel", { recipient: mail.recipient })}
          loading={retry.busy}
          onClick={() => retry.run(mail.id)}
        >
          {t("retry")}
        </Button>
      </Group>
    </Card>
  );
}
