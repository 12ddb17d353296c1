import type { IncidentMessageRef, ThreadMessage } from "@convive/domain";
import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconMessage, IconMessagePlus } from "@tabler/icons-react";
import { type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { useIncidentMessages } from "../api/incident-messages.ts";
import { threadHref } from "../link.ts";
import { useMessagesLive } from "../realtime.ts";
import { ConversationModal } from "./ConversationModal.tsx";
import { type MessageStudent, SendMessageModal } from "./SendMessageModal.tsx";

/** A plain click opens the conversation here; a new-tab click follows the link to the inbox. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * "Mensajes sobre esta incidencia" on an incident's details (issue 27 §1): the messages about it the reader may
 * see (who wrote, to whose family, when — the text stays in the conversation), each opening its conversation over
 * the details; staff who may write send one to a student's family from here.
 */
export function IncidentMessages({
  incident,
  family,
  onSent,
}: {
  incident: { id: number; folio: string | number; students: readonly { id: number | null; name: string | null }[] };
  family: boolean;
  /** After a message is sent (the incident's timeline has a new entry). */
  onSent?: (message: ThreadMessage) => void;
}) {
  const { t } = useTranslation("messages");
  const dates = useDates();
  const permissions = useCurrentUser().data?.permissions ?? [];
  const canRead = permissions.includes("messages.read");
  const canWrite = !family && permissions.includes("messages.create");
  const students: MessageStudent[] = incident.students.flatMap((s) =>
    s.id !== null && s.name ? [{ id: s.id, name: s.name }] : [],
  );
  const list = useIncidentMessages(incident.id, canRead);
  useMessagesLive();
  const [sending, setSending] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  if (!canRead) return null;

  const refs: IncidentMessageRef[] = list.data ?? [];
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby="incident-messages-title"
    >
      <Stack gap="sm">
        <Group gap={8} wrap="nowrap">
          <IconMessage size={18} aria-hidden />
          <Title order={3} size="h5" id="incident-messages-title">
            {t("incident.title")}
          </Title>
        </Group>
        {list.data ? (
          refs.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t("incident.empty")}
            </Text>
          ) : (
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }} data-testid="incident-messages">
              {refs.map((ref) => (
                <li key={ref.id}>
                  <Anchor
                    component={Link}
                    to={threadHref(ref.student_id)}
                    size="sm"
                    fw={600}
                    onClick={(event) => {
                      if (!plainClick(event)) return;
                      event.preventDefault();
                      setOpen(ref.student_id);
                    }}
                  >
                    {t("incident.open", { name: ref.student_name })}
                  </Anchor>
                  <Text size="xs" c="gray.7">
                    {t("incident.by", { name: ref.author_name, when: dates.dateTime(ref.created_at) })}
                  </Text>
                </li>
              ))}
            </Stack>
          )
        ) : (
          <QueryState query={list} height={48} />
        )}
        {canWrite && students.length > 0 && (
          <Button
            variant="default"
            leftSection={<IconMessagePlus size={16} aria-hidden />}
            onClick={() => setSending(true)}
            style={{ alignSelf: "flex-start" }}
          >
            {t("incident.send")}
          </Button>
        )}
      </Stack>
      {sending && (
        <SendMessageModal
          incident={{ id: incident.id, folio: String(incident.folio) }}
          students={students}
          onClose={() => setSending(false)}
          onSent={onSent}
          onOpenThread={(studentId) => {
            setSending(false);
            setOpen(studentId);
          }}
        />
      )}
      {open !== null && <ConversationModal studentId={open} onClose={() => setOpen(null)} />}
    </Paper>
  );
}
