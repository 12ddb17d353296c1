import type { Conversation, CorrectMessageBody, MessagesUnread, SendMessageBody, ThreadMessage } from "@convive/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { studentFileKey } from "../../student-file/index.ts";
import { conversationKey, inboxKey, messagesKey, unreadKey } from "./keys.ts";

export type { Conversation, ThreadMessage };

export const fetchConversation = (studentId: number, signal?: AbortSignal) =>
  api<{ data: Conversation }>(`/api/students/${studentId}/conversation`, { signal }).then((r) => r.data);

/**
 * GET /api/students/:id/conversation: the thread, oldest first, with who is in it and whether the reader may
 * write. Read afresh on every open (receipts move while it is closed); profiles come in the reader's language, so
 * each language has its own entry. A socket event for the student refreshes it (realtime.ts).
 */
export function useConversation(studentId: number | null) {
  const { schoolId } = useSession();
  const language = useTranslation().i18n.resolvedLanguage ?? "es";
  return useQuery({
    queryKey: [...conversationKey(schoolId, studentId ?? 0), language],
    queryFn: ({ signal }) => fetchConversation(studentId!, signal),
    enabled: studentId !== null,
    staleTime: 0,
    retry: (count, error) => count < 2 && !("status" in error && (error.status === 404 || error.status === 403)),
  });
}

/** Adds or replaces one message in every cached copy of the student's conversation (each language's). */
function usePatchConversation() {
  const client = useQueryClient();
  const { schoolId } = useSession();
  return (message: ThreadMessage) =>
    client.setQueriesData<Conversation>({ queryKey: conversationKey(schoolId, message.student_id) }, (data) => {
      if (!data) return data;
      const known = data.messages.some((m) => m.id === message.id);
      return {
        ...data,
        id: data.id ?? message.conversation_id,
        messages: known ? data.messages.map((m) => (m.id === message.id ? message : m)) : [...data.messages, message],
      };
    });
}

/**
 * POST /api/students/:id/conversation/read: the reader has seen the thread (its receipts, the inbox's unread count
 * and the tab's badge move; the answer is the new badge). Called with `run`, without toasts: nothing the reader did needs confirming.
 */
export function useMarkConversationRead(studentId: number) {
  const { schoolId } = useSession();
  const client = useQueryClient();
  return useSave<void, MessagesUnread>({
    call: () =>
      api<{ data: MessagesUnread }>(`/api/students/${studentId}/conversation/read`, { method: "POST" }).then(
        (r) => r.data,
      ),
    // The answer is the reader's new badge.
    update: (unread) => client.setQueryData(unreadKey(schoolId), unread),
    invalidates: [inboxKey(schoolId)],
  });
}

export const sendMessage = (studentId: number, body: SendMessageBody, key?: string) =>
  api<{ data: ThreadMessage }>(`/api/students/${studentId}/messages`, {
    method: "POST",
    body,
    idempotencyKey: key,
  }).then((r) => r.data);

/**
 * POST /api/students/:id/messages, once however often it is pressed (the submission's idempotency key). The
 * message joins the open thread at once; the inbox, the badge, an incident's list and the student's file (its
 * section count) are read again.
 */
export function useSendMessage(studentId: number, o?: SaveOptions) {
  const { schoolId } = useSession();
  const patch = usePatchConversation();
  return useSave({
    success: false,
    ...o,
    call: (body: SendMessageBody, key) => sendMessage(studentId, body, key),
    update: (message) => patch(message),
    invalidates: [messagesKey(schoolId), studentFileKey(schoolId)],
  });
}

/** PATCH /api/messages/:id — its author, within the correction window; the thread shows it as corrected. */
export function useCorrectMessage(o?: SaveOptions) {
  const { schoolId } = useSession();
  const patch = usePatchConversation();
  return useSave({
    success: false,
    ...o,
    call: ({ id, body }: { id: number } & CorrectMessageBody) =>
      api<{ data: ThreadMessage }>(`/api/messages/${id}`, { method: "PATCH", body: { body } }).then((r) => r.data),
    update: (message) => patch(message),
    invalidates: [messagesKey(schoolId)],
  });
}
