import type { NotificationItem, NotificationsPage } from "@convive/domain";
import { type InfiniteData, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { setBellCount } from "./reset-bell.ts";

export type { NotificationItem };

type Pages = InfiniteData<NotificationsPage, number | undefined>;

/** Every cached list of the school (each language has its own, since the server renders the texts). */
export const notificationsRootKey = (schoolId: string | null) => ["notifications", schoolId] as const;
const listKey = (schoolId: string | null, language: string) => [...notificationsRootKey(schoolId), language] as const;

export const fetchNotifications = (cursor: number | undefined) =>
  api<{ data: NotificationsPage }>(`/api/notifications${cursor ? `?cursor=${cursor}` : ""}`).then((r) => r.data);

/**
 * The user's notifications, newest first, one keyset page at a time ("load more"). The open list follows the bell
 * (issue 12 §4): when its count rises — a push, or the 30 s poll while the socket is down — what arrived is fetched.
 */
export function useNotifications(schoolId: string | null, language: string) {
  const list = useInfiniteQuery({
    queryKey: listKey(schoolId, language),
    queryFn: ({ pageParam }) => fetchNotifications(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
  const bell = useCurrentUser().data?.unviewed_notifications_count ?? 0;
  const refetch = useRef(list.refetch);
  refetch.current = list.refetch;
  const last = useRef(bell);
  useEffect(() => {
    if (bell > last.current) void refetch.current();
    last.current = bell;
  }, [bell]);
  return list;
}

/** Applies a change to every cached page of the school's lists, so the screen updates without a refetch. */
function useEditPages(schoolId: string | null) {
  const client = useQueryClient();
  return (edit: (item: NotificationItem) => NotificationItem, unread: number) =>
    client.setQueriesData<Pages>({ queryKey: notificationsRootKey(schoolId) }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              unread_count: unread,
              notifications: page.notifications.map(edit),
            })),
          }
        : data,
    );
}

/** A read also settles the bell (what it counted that is now read comes off): shown here at once. */
interface Settled {
  unread_count: number;
  unviewed_notifications_count: number;
}

/** Marks one notification read (no toast: the card changes; a failure toasts the server's reason). */
export function useMarkRead(schoolId: string | null, o: SaveOptions = { success: false, failure: (e) => e.message }) {
  const edit = useEditPages(schoolId);
  const { userId } = useSession();
  return useSave({
    ...o,
    call: (id: number) =>
      api<{ data: Settled & { notification: NotificationItem } }>(`/api/notifications/${id}/read`, {
        method: "POST",
      }).then((r) => r.data),
    update: ({ notification, unread_count, unviewed_notifications_count }) => {
      edit((item) => (item.id === notification.id ? { ...item, read_at: notification.read_at } : item), unread_count);
      setBellCount(userId, schoolId, unviewed_notifications_count);
    },
  });
}

export function useMarkAllRead(
  schoolId: string | null,
  o: SaveOptions = { success: false, failure: (e) => e.message },
) {
  const edit = useEditPages(schoolId);
  const { userId } = useSession();
  return useSave<void, Settled & { updated: number }>({
    ...o,
    call: () =>
      api<{ data: Settled & { updated: number } }>("/api/notifications/read-all", { method: "POST" }).then(
        (r) => r.data,
      ),
    update: ({ unread_count, unviewed_notifications_count }) => {
      const now = new Date().toISOString();
      edit((item) => (item.read_at ? item : { ...item, read_at: now }), unread_count);
      setBellCount(userId, schoolId, unviewed_notifications_count);
    },
  });
}
