import type { MessageAttachment, ThreadMessage } from "@convive/domain";
import { MESSAGE_MAX_LENGTH } from "@convive/domain";
import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Textarea, VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle, IconFileDescription, IconPaperclip, IconPencil } from "@tabler/icons-react";
import { useEffect, useId, useReducer, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDates } from "../../../lib/dates.ts";
import { toast } from "../../../lib/toast.ts";
import { useCorrectMessage } from "../api/conversation.ts";
import { downloadAttachment } from "../api/files.ts";
import { correctionLeftMs, correctionOpen } from "../composer.ts";
import { fileSize } from "../format.ts";
import { receiptText, shortWhen } from "../receipts.ts";
import type { ThreadItem } from "../thread.ts";

/** Re-renders when the correction window closes, so "Corregir" goes at that moment. */
function useCorrectionWindow(message: ThreadMessage) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const left = correctionLeftMs(message, new Date());
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(rerender, left + 250);
    return () => clearTimeout(timer);
  }, [left]);
  return correctionOpen(message, new Date());
}

/**
 * One message of the thread: the reader's own on the right, others' on the left; its author (at the start of a
 * run), the urgent flag, the incident it is about, its text and files, when it was sent and whether it was
 * corrected. Under one's own: who read it and when ("Enviado" until someone does), and "Corregir" while the
 * correction window is open.
 */
export function MessageBubble({ item, staff }: { item: ThreadItem; staff: boolean }) {
  const { t } = useTranslation("messages");
  const dates = useDates();
  const { message, mine, showAuthor } = item;
  const canCorrect = useCorrectionWindow(message);
  const [editing, setEditing] = useState(false);
  const now = new Date();
  const author = mine ? t("you") : message.author.name;

  return (
    <Box
      component="li"
      data-testid="message"
      data-mine={mine || undefined}
      style={{ display: "flex", justifyContent: mine ? "flex-end" : "flex-start" }}
    >
      <Stack gap={4} align={mine ? "flex-end" : "flex-start"} style={{ maxWidth: "min(85%, 560px)", minWidth: 0 }}>
        {showAuthor ? (
          <Text size="xs" fw={600} c="gray.8" px={4}>
            {author}
            <Text span fw={400} c="gray.7">
              {" · "}
              {message.author.role}
            </Text>
          </Text>
        ) : (
          <VisuallyHidden>{`${author} · ${message.author.role}`}</VisuallyHidden>
        )}
        <Paper
          withBorder
          radius="lg"
          px="md"
          py="xs"
          bg={mine ? "institutional.0" : "white"}
          style={{
            borderColor: message.urgent ? "var(--mantine-color-red-7)" : undefined,
            minWidth: 0,
            maxWidth: "100%",
          }}
        >
          <Stack gap={6}>
            {(message.urgent || message.incident_id !== null) && (
              <Group gap={6} wrap="wrap">
                {message.urgent && (
                  <Badge
                    color="red.8"
                    variant="filled"
                    size="sm"
                    leftSection={<IconAlertTriangle size={12} aria-hidden />}
                  >
                    {t("urgent")}
                  </Badge>
                )}
                {message.incident_id !== null && (
                  <Anchor
                    component={Link}
                    to={`/incident-details?id=${message.incident_id}`}
                    size="xs"
                    fw={600}
                    aria-label={t("incident.chipLabel", { folio: message.incident_folio ?? message.incident_id })}
                  >
                    <Group gap={4} component="span" wrap="nowrap">
                      <IconFileDescription size={14} aria-hidden />
                      {t("incident.chip", { folio: message.incident_folio ?? message.incident_id })}
                    </Group>
                  </Anchor>
                )}
              </Group>
            )}
            {editing ? (
              <CorrectForm message={message} onDone={() => setEditing(false)} />
            ) : (
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {message.body}
              </Text>
            )}
            {message.attachments.length > 0 && <Attachments attachments={message.attachments} />}
            <Group gap={6} justify="flex-end" wrap="wrap">
              {message.corrected_at && (
                <Text size="xs" c="gray.7" fs="italic">
                  {t("corrected")}
                </Text>
              )}
              <Text
                size="xs"
                c="gray.7"
                component="time"
                dateTime={message.created_at}
                title={dates.dateTime(message.created_at)}
              >
                {shortWhen(message.created_at, now, dates)}
              </Text>
            </Group>
          </Stack>
        </Paper>
        {staff && message.previous_bodies.length > 0 && <PreviousBodies message={message} />}
        {mine && (
          <Text size="xs" c="gray.7" px={4} data-testid="receipt">
            {receiptText(t, message.read_by, now, dates)}
          </Text>
        )}
        {mine && canCorrect && !editing && (
          <Button
            variant="subtle"
            size="compact-xs"
            color="gray"
            c="gray.8"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            {t("correct.action")}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** The files of a message, each downloaded on a press (their address needs the reader's token). */
function Attachments({ attachments }: { attachments: MessageAttachment[] }) {
  const { t, i18n } = useTranslation("messages");
  const [busy, setBusy] = useState<number | null>(null);
  const get = async (attachment: MessageAttachment) => {
    setBusy(attachment.id);
    try {
      await downloadAttachment(attachment);
    } catch (error) {
      toast("error", (error as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: "none" }} aria-label={t("attachments.title")}>
      {attachments.map((a) => (
        <li key={a.id}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void get(a)}
            disabled={busy === a.id}
            aria-label={t("attachments.download", { name: a.file_name })}
            style={{ textAlign: "start" }}
          >
            <Group gap={4} component="span" wrap="nowrap">
              <IconPaperclip size={14} aria-hidden style={{ flexShrink: 0 }} />
              <Text span size="sm" style={{ overflowWrap: "anywhere" }}>
                {a.file_name}
              </Text>
              <Text span size="xs" c="gray.7" style={{ flexShrink: 0 }}>
                {fileSize(a.size, i18n.resolvedLanguage ?? "es")}
              </Text>
            </Group>
          </Anchor>
        </li>
      ))}
    </Stack>
  );
}

/** Staff: what a corrected message said before (nothing is ever deleted), opened on request. */
function PreviousBodies({ message }: { message: ThreadMessage }) {
  const { t } = useTranslation("messages");
  const dates = useDates();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <Stack gap={4} px={4} maw="100%">
      <Anchor
        component="button"
        type="button"
        size="xs"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={listId}
      >
        {open ? t("correct.hidePrevious") : t("correct.showPrevious", { count: message.previous_bodies.length })}
      </Anchor>
      <Stack component="ol" id={listId} gap={4} m={0} p={0} style={{ listStyle: "none" }} hidden={!open}>
        {message.previous_bodies.map((previous) => (
          <Box component="li" key={previous.replaced_at}>
            <Text size="xs" c="gray.7">
              {t("correct.replacedAt", { when: dates.dateTime(previous.replaced_at) })}
            </Text>
            <Text size="xs" c="gray.8" td="line-through" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {previous.body}
            </Text>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

/** The author's correction, in place: the same rules as a new message; Escape gives up. */
function CorrectForm({ message, onDone }: { message: ThreadMessage; onDone: () => void }) {
  const { t } = useTranslation("messages");
  const [body, setBody] = useState(message.body);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useCorrectMessage({ failure: (error) => error.message });
  const submit = () => {
    const text = body.trim();
    if (!text) return setProblem(t("composer.problem.empty"));
    if (text.length > MESSAGE_MAX_LENGTH) return setProblem(t("composer.problem.tooLong"));
    if (text === message.body.trim()) return onDone();
    void save.submit({ id: message.id, body: text }, () => {
      toast("success", t("correct.done"));
      onDone();
    });
  };
  return (
    <Stack gap="xs" miw={{ base: 220, sm: 320 }}>
      <Textarea
        label={t("correct.label")}
        value={body}
        onChange={(event) => {
          setBody(event.currentTarget.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.stopPropagation();
            onDone();
          }
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            submit();
          }
        }}
        autosize
        minRows={2}
        maxRows={8}
        error={problem ?? save.failure ?? undefined}
        data-autofocus
        autoFocus
      />
      <Group gap="xs" justify="flex-end">
        <Button variant="default" size="xs" onClick={onDone} disabled={save.busy}>
          {t("common:actions.cancel")}
        </Button>
        <Button size="xs" onClick={submit} loading={save.busy}>
          {t("correct.save")}
        </Button>
      </Group>
    </Stack>
  );
}
