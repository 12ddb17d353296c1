import type {
  AnnouncementAudiences,
  AnnouncementDetail,
  AnnouncementsPage,
  MessageAttachment,
  SendAnnouncementBody,
} from "@convive/domain";
import { REQUEST_TIMEOUT_MS } from "@convive/domain/core";
import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, download } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

/**
 * Every announcement query of the school. The server writes the audience labels and profile names in the reader's
 * language, so each language has its own entries under this root.
 */
export const announcementsKey = (schoolId: string | null) => ["announcements", schoolId] as const;

/** The Messages tab's unread badge counts a family's unopened announcements too (features/messages). */
const unreadBadgeKey = (schoolId: string | null) => ["messages", schoolId, "unread"] as const;

function useKeys() {
  const { schoolId } = useSession();
  const language = useTranslation().i18n.resolvedLanguage ?? "es";
  const root = announcementsKey(schoolId);
  return {
    schoolId,
    root,
    list: [...root, language, "list"] as const,
    detail: (id: number) => [...root, language, "detail", id] as const,
    audiences: [...root, language, "audiences"] as const,
  };
}

type Pages = InfiniteData<AnnouncementsPage, number | undefined>;

export const fetchAnnouncements = (cursor: number | undefined, signal?: AbortSignal) =>
  api<{ data: AnnouncementsPage }>(`/api/announcements${cursor ? `?cursor=${cursor}` : ""}`, { signal }).then(
    (r) => r.data,
  );

/** Staff: what their scope sent, newest first; families: what they received. One keyset page at a time. */
export function useAnnouncements(enabled = true) {
  const keys = useKeys();
  return useInfiniteQuery({
    queryKey: keys.list,
    queryFn: ({ pageParam, signal }) => fetchAnnouncements(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
  });
}

/** One announcement; staff get the figures per group and who is still to read or confirm (fresh on every open). */
export function useAnnouncement(id: number | null) {
  const keys = useKeys();
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api<{ data: AnnouncementDetail }>(`/api/announcements/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** What the sender may address, with how many families each reaches (asked when the compose dialog opens). */
export function useAnnouncementAudiences(enabled: boolean) {
  const keys = useKeys();
  return useQuery({
    queryKey: keys.audiences,
    queryFn: ({ signal }) =>
      api<{ data: AnnouncementAudiences }>("/api/announcements/audiences", { signal }).then((r) => r.data.options),
    enabled,
    staleTime: 60_000,
  });
}

export const sendAnnouncement = (body: SendAnnouncementBody, key?: string) =>
  api<{ data: AnnouncementDetail }>("/api/announcements", { method: "POST", body, idempotencyKey: key }).then(
    (r) => r.data,
  );

/** Sends an announcement once however often the button is pressed (the submission's idempotency key). */
export function useSendAnnouncement(o?: SaveOptions) {
  const keys = useKeys();
  return useSave({ ...o, call: sendAnnouncement, invalidates: [keys.root] });
}

/**
 * A file for an announcement not yet sent, uploaded as it is chosen (the raw bytes with their type, as every
 * upload of the app); `attachment_ids` then names it. A retry after a failure sends the same key: one file.
 */
export const uploadAnnouncementAttachment = (file: File, idempotencyKey: string) =>
  api<{ data: MessageAttachment }>(`/api/announcement-attachments?name=${encodeURIComponent(file.name)}`, {
    method: "POST",
    body: file,
    idempotencyKey,
  }).then((r) => r.data);

/** An attachment's bytes: its URL needs the bearer token, so it is fetched rather than linked. */
export const fetchAttachment = (url: string) =>
  download(url, { timeoutMs: REQUEST_TIMEOUT_MS.mobile }).then((file) => file.blob);

/** Marks an announcement read on every cached list at once (its "New" mark goes before the lists refresh). */
function useMarkListsRead() {
  const client = useQueryClient();
  const keys = useKeys();
  return (id: number) =>
    client.setQueriesData<Pages>({ queryKey: [...keys.root] }, (data) =>
      data && "pages" in data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              announcements: page.announcements.map((a) =>
                a.id === id && a.mine && !a.mine.read_at
                  ? { ...a, mine: { ...a.mine, read_at: new Date().toISOString() } }
                  : a,
              ),
            })),
          }
        : data,
    );
}

/**
 * A family member opened it: read. Called with `run` (no toast: the card only loses its "New" mark); the
 * Messages tab's badge, which counts unopened announcements, is read again.
 */
export function useMarkAnnouncementRead() {
  const keys = useKeys();
  const markLists = useMarkListsRead();
  return useSave({
    call: (id: number) => api<unknown>(`/api/announcements/${id}/read`, { method: "POST" }),
    update: (_, id) => markLists(id),
    // The open detail too, so a second opening does not read it again.
    invalidates: [keys.root, unreadBadgeKey(keys.schoolId)],
  });
}

/** A family member taps "Enterado / Confirm": the detail and the lists are read again with the date. */
export function useConfirmAnnouncement(o?: SaveOptions) {
  const keys = useKeys();
  return useSave({
    ...o,
    call: (id: number, key) =>
      api<unknown>(`/api/announcements/${id}/confirm`, { method: "POST", idempotencyKey: key }),
    invalidates: [keys.root, unreadBadgeKey(keys.schoolId)],
  });
}

/** Staff remind those who have not read (or confirmed, when asked); the answer says how many. */
export function useRemindAnnouncement() {
  const keys = useKeys();
  return useSave({
    call: (id: number, key) =>
      api<{ data: { reminded: number } }>(`/api/announcements/${id}/remind`, {
        method: "POST",
        idempotencyKey: key,
      }).then((r) => r.data),
    invalidates: [keys.root],
  });
}
