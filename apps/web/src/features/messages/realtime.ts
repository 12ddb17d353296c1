import type { MessagesUnread } from "@convive/domain";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSession } from "../../lib/session.ts";
import { onSocketEvent, SOCKET_CONNECTED } from "../../lib/socket-events.ts";
import { conversationKey, inboxKey, incidentMessagesKey, messagesKey, unreadKey } from "./api/keys.ts";

/** `messages:new`: a message reached the reader (theirs from another tab too). */
interface NewMessage {
  student_id: number;
  conversation_id: number;
  message_id: number;
  incident_id?: number | null;
  schoolId?: string;
}

const isUnread = (value: unknown): value is MessagesUnread & { schoolId?: string } =>
  typeof value === "object" && value !== null && typeof (value as MessagesUnread).total === "number";

/**
 * What the socket's messages events change: a new message refreshes the inbox, the badge, that student's thread
 * (an open one shows it without reloading) and the lists of messages about incidents; `messages:unread` is the
 * badge's new figure; `messages:changed` (someone read the reader's messages, or one was corrected) refreshes that
 * thread. After a
 * (re)connection everything is read again, since what happened meanwhile sent no packet.
 */
function listen(client: QueryClient, schoolId: string | null) {
  const ours = (event: { schoolId?: string } | null | undefined) => !event?.schoolId || event.schoolId === schoolId;
  const refreshThread = (studentId: number) =>
    client.invalidateQueries({ queryKey: conversationKey(schoolId, studentId) });
  const off = [
    onSocketEvent("messages:new", (payload) => {
      const event = payload as NewMessage | undefined;
      if (!ours(event)) return;
      if (typeof event?.student_id === "number") void refreshThread(event.student_id);
      void client.invalidateQueries({ queryKey: inboxKey(schoolId) });
      void client.invalidateQueries({ queryKey: unreadKey(schoolId) });
      void client.invalidateQueries({
        queryKey: event?.incident_id
          ? incidentMessagesKey(schoolId, event.incident_id)
          : [...messagesKey(schoolId), "incident"],
      });
    }),
    onSocketEvent("messages:unread", (payload) => {
      if (!isUnread(payload) || !ours(payload)) return;
      const { conversations, announcements, total } = payload;
      client.setQueryData<MessagesUnread>(unreadKey(schoolId), { conversations, announcements, total });
    }),
    onSocketEvent("messages:changed", (payload) => {
      const event = payload as { student_id?: number; schoolId?: string } | undefined;
      if (ours(event) && typeof event?.student_id === "number") void refreshThread(event.student_id);
    }),
    // An announcement arrived, or was opened on another screen: its count is part of the badge.
    onSocketEvent("announcements:new", () => {
      void client.invalidateQueries({ queryKey: unreadKey(schoolId) });
    }),
    onSocketEvent(SOCKET_CONNECTED, () => {
      void client.invalidateQueries({ queryKey: messagesKey(schoolId) });
    }),
  ];
  return () => {
    for (const stop of off) stop();
  };
}

// One subscription however many components want it (the tab's badge, an open thread, an incident's list): each
// event refreshes each query once.
let holders = 0;
let stop: (() => void) | null = null;

/** Keeps the messages on screen live while the calling component is mounted (the layout owns the socket). */
export function useMessagesLive() {
  const client = useQueryClient();
  const { schoolId } = useSession();
  useEffect(() => {
    holders += 1;
    if (holders === 1) stop = listen(client, schoolId);
    return () => {
      holders -= 1;
      if (holders === 0) {
        stop?.();
        stop = null;
      }
    };
  }, [client, schoolId]);
}
