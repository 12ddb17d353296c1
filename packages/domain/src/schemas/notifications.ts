import { z } from "zod";
import { QueryId, QueryInt } from "./fields.ts";

/** Page size of the notifications list when the client names none, and the most it may ask for. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;

/** GET api/notifications: keyset pagination, `cursor` being the last id of the previous page. */
export const NotificationsQuery = z.object({
  cursor: QueryId.optional(),
  limit: QueryInt(1, NOTIFICATIONS_MAX_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

/** One notification already rendered in the reader's language. */
export const NotificationItem = z.object({
  id: z.number(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const NotificationsPage = z.object({
  notifications: z.array(NotificationItem),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.number().nullable(),
  /** Notifications not yet marked read (the bell's unviewed count is a separate number, spec §4). */
  unread_count: z.number(),
});
export type NotificationsPage = z.infer<typeof NotificationsPage>;

/** A read also settles the bell: what it counted that is now read comes off (issue 12 §4). */
export const NotificationReadResult = z.object({
  notification: NotificationItem,
  unread_count: z.number(),
  unviewed_notifications_count: z.number(),
});

export const NotificationsReadAllResult = z.object({
  updated: z.number(),
  unread_count: z.number(),
  unviewed_notifications_count: z.number(),
});
