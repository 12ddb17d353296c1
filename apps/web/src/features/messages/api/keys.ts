/**
 * Every query of the messages feature sits under ["messages", school], so one invalidation after a send or a
 * socket event refreshes whatever is on screen (the inbox, an open conversation, an incident's list, the badge).
 * The announcements feature invalidates `unreadKey` too (a family's unopened announcements count in the badge).
 */
export const messagesKey = (schoolId: string | null) => ["messages", schoolId] as const;
export const unreadKey = (schoolId: string | null) => [...messagesKey(schoolId), "unread"] as const;
export const inboxKey = (schoolId: string | null) => [...messagesKey(schoolId), "inbox"] as const;
export const conversationKey = (schoolId: string | null, studentId: number) =>
  [...messagesKey(schoolId), "conversation", studentId] as const;
export const incidentMessagesKey = (schoolId: string | null, incidentId: number) =>
  [...messagesKey(schoolId), "incident", incidentId] as const;
