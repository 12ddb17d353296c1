import { Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconCloudUpload } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { type Outbox, useOutboxState } from "../../lib/offline/outbox.ts";
import type { Registered } from "./api/register.ts";
import { PanelActions } from "./PanelActions.tsx";

/**
 * After registering without a connection (issue 32 §3): the record is kept on this device, "pendiente de enviar";
 * the panel follows it — sending, sent with its folio, or held back with the reason (the list of pending records
 * above the form says what to do then).
 */
export function QueuedPanel({
  outbox,
  id,
  detailsLink,
  onAnother,
}: {
  outbox: Outbox;
  id: string;
  detailsLink: boolean;
  onAnother: () => void;
}) {
  const { t } = useTranslation(["registration", "incidents"]);
  const { entries, sent } = useOutboxState(outbox);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);
  const entry = entries.find((e) => e.id === id);
  const done = sent.find((s) => s.id === id);
  const incident = done?.kind === "incident" ? (done.result as Registered) : null;
  const refused = entry?.state === "refused";

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} maw={640} mx="auto" data-testid="registration-queued">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" color={done ? "teal.8" : refused ? "orange.8" : "blue.8"} aria-hidden>
          {done ? (
            <IconCircleCheck size={32} />
          ) : refused ? (
            <IconAlertTriangle size={32} />
          ) : (
            <IconCloudUpload size={32} />
          )}
        </ThemeIcon>
        <Title order={2} size="h3" ta="center" ref={heading} tabIndex={-1}>
          {t(done ? "offline.sentTitle" : "offline.queuedTitle")}
        </Title>
        <Text ta="center" role="status" data-testid="queued-state">
          {done
            ? incident
              ? t("incidents:folio", { folio: incident.folio })
              : t("offline.state.sent")
            : refused
              ? t("offline.state.refusedHint")
              : t(entry?.state === "sending" ? "offline.state.sending" : "offline.queuedText")}
        </Text>
        <PanelActions
          incidentId={incident && detailsLink ? incident.id : null}
          onAnother={onAnother}
          anotherLabel={t("saved.another")}
        />
      </Stack>
    </Paper>
  );
}
