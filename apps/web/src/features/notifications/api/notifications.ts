import type { NotificationItem, NotificationsPage } from "@convive/domain";
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export type { NotificationItem };

type Pages = InfiniteData<NotificationsPage, number | undefined>;

/** Every cached list of the school (each language has its own, since the server renders the texts). */
export const notificationsRootKey = (schoolId: string | null) => ["notifications", schoolId] as const;
const listKey = (schoolId: string | null, language: string) => [...notificationsRootKey(schoolId), language] as const;

export const fetchNotifications = (cursor: number | undefined) =>
  api<{ data: NotificationsPage }>(`/api/notifications${cursor ? `?cursor=${cursor}` : ""}`).then((r) => r.data);

/** The user's notifications, newest first, one keyset page at a time ("load more"). */
export function useNotifications(schoolId: string | null, language: string) {
  return useInfiniteQuery({
    queryKey: listKey(schoolId, language),
    queryFn: ({ pageParam }) => fetchNotifications(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
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

export function useMarkRead(schoolId: string | null) {
  const edit = useEditPages(schoolId);
  return useMutation({
    mutationFn: (id: number) =>
      api<{ data: { notification: NotificationItem; unread_count: number } }>(`/api/notifications/${id}/read`, {
        method: "POST",
      }).then((r) => r.data),
    onSuccess: ({ notification, unread_count }) =>
      edit((item) => (item.id === notification.id ? { ...item, read_at: notification.read_at } : item), unread_count),
  });
}

export function useMarkAllRead(schoolId: string | null) {
  const edit = useEditPages(schoolId);
  return useMutation({
    mutationFn: () =>
      api<{ data: { updated: number; unread_count: number } }>("/api/notifications/read-all", { method: "POST" }).then(
        (r) => r.data,
      ),
    onSuccess: ({ unread_count }) => {
      const now = new Date().toISOString();
      edit((item) => (item.read_at ? item : { ...item, read_at: now }), unread_count);
    },
  });
}
