import type { Conversation } from "@convive/domain";
import { ROLE_FAMILIAR } from "@convive/domain/core";
import { Alert, Box, Button, Divider, Group, Stack, Text } from "@mantine/core";
import { IconFileTypePdf, IconInfoCircle, IconSend } from "@tabler/icons-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useSession } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { useConversation, useMarkConversationRead } from "../api/conversation.ts";
import { openConversationPdf } from "../api/files.ts";
import { cannotWriteText } from "../format.ts";
import { useMessagesLive } from "../realtime.ts";
import { groupThread, newestFromOthers } from "../thread.ts";
import { useComposer } from "../use-composer.ts";
import { ComposerFields } from "./ComposerFields.tsx";
import { MessageBubble } from "./MessageBubble.tsx";

/**
 * A student's conversation (issue 27 §1): who is in it, the messages oldest first, and the composer — or, when the
 * reader may not write, why. Opening it marks it read, and so does every message that arrives while it is open
 * (the socket refreshes it). The details dialog and the student's file both show it; `fill` lets the thread take
 * the height it is given (a dialog on a phone) instead of a height of its own.
 */
export function ConversationView({ studentId, fill = false }: { studentId: number; fill?: boolean }) {
  const query = useConversation(studentId);
  useMessagesLive();
  const conversation = query.data;
  if (!conversation) return <QueryState query={query} height={240} />;
  return <Loaded conversation={conversation} studentId={studentId} fill={fill} />;
}

function Loaded({ conversation, studentId, fill }: { conversation: Conversation; studentId: number; fill: boolean }) {
  const { t, i18n } = useTranslation("messages");
  const dates = useDates();
  const { userId } = useSession();
  const staff = useCurrentUser().data?.roles?.[0]?.name !== ROLE_FAMILIAR;
  const markRead = useMarkConversationRead(studentId);
  const [exporting, setExporting] = useState(false);
  const days = groupThread(conversation.messages, userId, dates.date);

  // Seeing the thread is reading it: on opening, and again when a message from someone else arrives.
  const newest = newestFromOthers(conversation.messages, userId);
  const run = useRef(markRead.run);
  run.current = markRead.run;
  useEffect(() => {
    if (newest === null) return;
    run.current().catch((error) => console.warn("marking the conversation read failed", error));
  }, [newest]);

  // The newest message in sight: at the bottom on opening and whenever one arrives.
  const scroller = useRef<HTMLDivElement>(null);
  const count = conversation.messages.length;
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && count >= 0) box.scrollTop = box.scrollHeight;
  }, [count]);

  const exportPdf = async () => {
    setExporting(true);
    try {
      await openConversationPdf(studentId, t("pdfName", { name: conversation.student.name }));
    } catch (error) {
      toast("error", (error as Error).message);
    } finally {
      setExporting(false);
    }
  };

  const names = (people: Conversation["family"]) => people.map((p) => p.name).join(", ");
  return (
    <Stack gap="sm" style={fill ? { flex: 1, minHeight: 0 } : undefined}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: "1 1 240px" }}>
          <Text size="xs" c="gray.7" style={{ overflowWrap: "anywhere" }}>
            <Text span fw={600} c="gray.8">
              {t("participants.family")}
            </Text>{" "}
            {conversation.family.length ? names(conversation.family) : t("participants.none")}
          </Text>
          {conversation.team.length > 0 && (
            <Text size="xs" c="gray.7" style={{ overflowWrap: "anywhere" }}>
              <Text span fw={600} c="gray.8">
                {t("participants.team")}
              </Text>{" "}
              {conversation.team.map((p) => `${p.name} (${p.role})`).join(", ")}
            </Text>
          )}
        </Stack>
        {conversation.id !== null && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            loading={exporting}
            onClick={() => void exportPdf()}
          >
            {t("exportPdf")}
          </Button>
        )}
      </Group>
      <Box
        ref={scroller}
        tabIndex={0}
        role="log"
        aria-label={t("thread.label", { name: conversation.student.name })}
        bg="gray.0"
        p={{ base: "xs", sm: "sm" }}
        style={{
          overflowY: "auto",
          borderRadius: "var(--mantine-radius-md)",
          border: "1px solid var(--mantine-color-gray-3)",
          ...(fill ? { flex: 1, minHeight: 160 } : { maxHeight: "min(46vh, 520px)", minHeight: 160 }),
        }}
      >
        {days.length === 0 ? (
          <Text size="sm" c="gray.7" ta="center" py="lg">
            {conversation.can_write ? t("thread.empty") : t("thread.emptyReadOnly")}
          </Text>
        ) : (
          <Stack gap="md">
            {days.map((day) => (
              <Stack key={day.day} gap="xs">
                <Divider
                  label={day.day}
                  labelPosition="center"
                  color="gray.4"
                  styles={{ label: { color: "var(--mantine-color-gray-7)" } }}
                />
                <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: "none" }}>
                  {day.items.map((item) => (
                    <MessageBubble key={item.message.id} item={item} staff={staff} />
                  ))}
                </Stack>
              </Stack>
            ))}
          </Stack>
        )}
      </Box>
      {conversation.can_write ? (
        <Composer studentId={studentId} canMarkUrgent={conversation.can_mark_urgent} />
      ) : (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="cannot-write">
          {cannotWriteText(t, conversation.cannot_write_reason, i18n.resolvedLanguage ?? "es")}
        </Alert>
      )}
    </Stack>
  );
}

/** The thread's composer: the fields and "Enviar" (Ctrl+Enter too); the new message joins the thread at once. */
function Composer({ studentId, canMarkUrgent }: { studentId: number; canMarkUrgent: boolean }) {
  const { t } = useTranslation("messages");
  const state = useComposer({ studentId, canMarkUrgent });
  const send = () => void state.submit();
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      aria-label={t("composer.form")}
    >
      <Stack gap="xs">
        <ComposerFields state={state} canMarkUrgent={canMarkUrgent} onSend={send} minRows={2} />
        <Group justify="flex-end">
          <Button type="submit" loading={state.busy} leftSection={<IconSend size={16} aria-hidden />}>
            {t("composer.send")}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
