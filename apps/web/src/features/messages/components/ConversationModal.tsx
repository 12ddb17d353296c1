import { Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useConversation } from "../api/conversation.ts";
import { ConversationView } from "./ConversationView.tsx";

/**
 * "Detalle de mensajes": a student's conversation as a dialog over the screen that opened it (the inbox, an
 * incident's details) — the whole screen on a phone, where the thread takes the height and the composer stays at
 * the bottom above the keyboard.
 */
export function ConversationModal({ studentId, onClose }: { studentId: number; onClose: () => void }) {
  const { t } = useTranslation("messages");
  const phone = useIsPhone();
  const student = useConversation(studentId).data?.student;
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      radius="lg"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
      title={
        <Stack gap={0}>
          <Text component="span" fw={700} size="lg">
            {student ? t("details.title", { name: student.name }) : t("details.loading")}
          </Text>
          {student?.group && (
            <Text component="span" size="sm" c="gray.7">
              {student.group}
            </Text>
          )}
        </Stack>
      }
      styles={
        phone
          ? {
              content: { display: "flex", flexDirection: "column" },
              body: { flex: 1, display: "flex", flexDirection: "column", minHeight: 0 },
            }
          : undefined
      }
    >
      <ConversationView studentId={studentId} fill={phone} />
    </Modal>
  );
}
