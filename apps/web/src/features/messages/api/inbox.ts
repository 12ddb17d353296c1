import type { InboxPage } from "@convive/domain";
import { INBOX_PAGE_SIZE } from "@convive/domain";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { inboxKey } from "./keys.ts";

/** The inbox's filters as the screen holds them; empty values are left out of the request. */
export interface InboxFilters {
  filter: "all" | "unread" | "urgent";
  group_id: number | null;
  q: string;
}

/** GET /api/messages/inbox's query string for one page. */
export function inboxQuery(filters: InboxFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filters.filter !== "all") params.set("filter", filters.filter);
  if (filters.group_id !== null) params.set("group_id", String(filters.group_id));
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  params.set("limit", String(INBOX_PAGE_SIZE));
  return params.toString();
}

export const fetchInbox = (filters: InboxFilters, cursor: string | null, signal?: AbortSignal) =>
  api<{ data: InboxPage }>(`/api/messages/inbox?${inboxQuery(filters, cursor)}`, { signal }).then((r) => r.data);

/**
 * The reader's conversations, newest activity first, one keyset page at a time ("load more"): staff the threads
 * of their scope, a family one row per child. Changing a filter keeps the previous list on screen until the new
 * one arrives (no flash of the skeleton while typing).
 */
export function useInbox(filters: InboxFilters) {
  const { schoolId } = useSession();
  const language = useTranslation().i18n.resolvedLanguage ?? "es";
  return useInfiniteQuery({
    queryKey: [...inboxKey(schoolId), language, filters],
    queryFn: ({ pageParam, signal }) => fetchInbox(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
