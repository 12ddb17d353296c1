/**
 * The messages feature's public surface (issue 27 §1, §3): the inbox and its tab label (the notifications screen
 * places them), the conversation dialog, the send dialog and the incident's list of messages (the incident's
 * details place it), and the link into a conversation. Its tab in the student's file is registered by file from
 * app/student-file-tabs.ts.
 */
export { unreadKey as messagesUnreadKey } from "./api/keys.ts";
export { ConversationModal } from "./components/ConversationModal.tsx";
export { IncidentMessages } from "./components/IncidentMessages.tsx";
export { MessagesInbox } from "./components/MessagesInbox.tsx";
export { MessagesTabLabel } from "./components/MessagesTabLabel.tsx";
export { type MessageStudent, SendMessageModal } from "./components/SendMessageModal.tsx";
export { MESSAGES_TAB, TAB_PARAM, threadHref } from "./link.ts";
