import type { MessagesUnread } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { unreadKey } from "./keys.ts";

export const fetchUnread = (signal?: AbortSignal) =>
  api<{ data: MessagesUnread }>("/api/messages/unread", { signal }).then((r) => r.data);

/**
 * GET /api/messages/unread: the Messages tab's badge. The socket's `messages:unread` writes the new figures into
 * this query (realtime.ts); the 60 s refetch only covers a socket that is down.
 */
export function useMessagesUnread(enabled = true) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: unreadKey(schoolId),
    queryFn: ({ signal }) => fetchUnread(signal),
    enabled,
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}
