import type { ThreadMessage } from "@convive/domain";
import { Alert, Button, Group, Select, Skeleton, Stack, Text } from "@mantine/core";
import { IconCircleCheck, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { toast } from "../../../lib/toast.ts";
import { useConversation } from "../api/conversation.ts";
import { cannotWriteText } from "../format.ts";
import { useComposer } from "../use-composer.ts";
import { ComposerFields } from "./ComposerFields.tsx";

/** A student a message may be about: one of the incident's students the reader may name. */
export interface MessageStudent {
  id: number;
  name: string;
}

/**
 * "Enviar mensaje a la familia" from an incident's details (issue 27 §1): the message goes into the student's
 * conversation about this incident (its timeline then notes it was sent, without the text). With several
 * students the sender chooses whose family; once sent, the dialog offers to open the conversation.
 */
export function SendMessageModal({
  incident,
  students,
  onClose,
  onSent,
  onOpenThread,
}: {
  incident: { id: number; folio: string };
  students: readonly MessageStudent[];
  onClose: () => void;
  onSent?: (message: ThreadMessage) => void;
  onOpenThread: (studentId: number) => void;
}) {
  const { t, i18n } = useTranslation("messages");
  const [studentId, setStudentId] = useState<number | null>(students.length === 1 ? students[0]!.id : null);
  const [sent, setSent] = useState<{ studentId: number; name: string } | null>(null);
  const conversation = useConversation(studentId);
  const canMarkUrgent = conversation.data?.can_mark_urgent ?? false;
  const state = useComposer({
    studentId: studentId ?? 0,
    incidentId: incident.id,
    canMarkUrgent,
    onSent: (message) => {
      toast("success", t("send.done"));
      setSent({ studentId: message.student_id, name: students.find((s) => s.id === message.student_id)?.name ?? "" });
      onSent?.(message);
    },
  });
  const [pickProblem, setPickProblem] = useState<string | null>(null);
  const title = t("send.title", { folio: incident.folio });

  if (sent) {
    return (
      <FormModal opened onClose={onClose} title={title}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconCircleCheck size={28} color="var(--mantine-color-teal-8)" aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" role="status">
              {t("send.sentTo", { name: sent.name })}
            </Text>
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("common:actions.close")}
            </Button>
            <Button onClick={() => onOpenThread(sent.studentId)} data-autofocus>
              {t("send.openThread")}
            </Button>
          </Group>
        </Stack>
      </FormModal>
    );
  }

  const blocked = conversation.data && !conversation.data.can_write;
  const submit = () => {
    if (studentId === null) {
      setPickProblem(t("send.pickStudent"));
      return;
    }
    if (blocked) return;
    void state.submit();
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      submitLabel={t("composer.send")}
      busy={state.busy}
      failure={state.failure}
      onSubmit={
        blocked
          ? undefined
          : (event) => {
              event?.preventDefault();
              submit();
            }
      }
    >
      <Stack gap="sm">
        {students.length > 1 ? (
          <Select
            label={t("send.student")}
            placeholder={t("send.studentPlaceholder")}
            data={students.map((s) => ({ value: String(s.id), label: s.name }))}
            value={studentId === null ? null : String(studentId)}
            onChange={(value) => {
              setStudentId(value ? Number(value) : null);
              setPickProblem(null);
            }}
            error={pickProblem ?? undefined}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
        ) : (
          <Text size="sm">
            <Text span fw={600}>
              {t("send.student")}:
            </Text>{" "}
            {students[0]?.name}
          </Text>
        )}
        {studentId !== null && conversation.isPending && <Skeleton h={20} radius="sm" />}
        {conversation.data && (
          <Text size="sm" c="gray.8" data-testid="send-recipients">
            <Text span fw={600}>
              {t("send.to")}
            </Text>{" "}
            {conversation.data.family.length
              ? conversation.data.family.map((p) => p.name).join(", ")
              : t("participants.none")}
          </Text>
        )}
        {conversation.isError && (
          <Alert color="red" variant="light" role="alert">
            {conversation.error.message}
          </Alert>
        )}
        {blocked ? (
          <>
            <Alert
              color="gray"
              variant="light"
              icon={<IconInfoCircle size={18} aria-hidden />}
              data-testid="cannot-write"
            >
              {cannotWriteText(t, conversation.data?.cannot_write_reason ?? null, i18n.resolvedLanguage ?? "es")}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t("common:actions.close")}
              </Button>
            </Group>
          </>
        ) : (
          <ComposerFields
            state={state}
            canMarkUrgent={canMarkUrgent}
            onSend={submit}
            minRows={4}
            autoFocus={students.length === 1}
          />
        )}
      </Stack>
    </FormModal>
  );
}
