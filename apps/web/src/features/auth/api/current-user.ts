import { NOTIFICATION_POLL_MS } from "@convive/domain/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { readThrough } from "../../../lib/offline/snapshots.ts";
import { useSession } from "../../../lib/session.ts";
import { currentUserKey, fetchCurrentUser } from "./current-user-fetch.ts";

export { currentUserKey, fetchCurrentUser };

const FIRST_LOAD_RETRY_MS = 5_000;

export const currentUserQuery = (userId: number | null, schoolId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: currentUserKey(userId, schoolId),
    // Kept on the device: the registration screen opens offline (issue 32 §3), its guard needs the user.
    queryFn: () => readThrough(currentUserKey(userId, schoolId), () => fetchCurrentUser(userId!)),
    networkMode: "always",
    enabled: enabled && userId !== null,
    // The bell poll of spec §4: the user (with unviewed_notifications_count) is re-read every 30 s. A first load
    // that failed (the server briefly unavailable) is tried again every 5 s, so the screen comes back by itself.
    refetchInterval: (query) =>
      query.state.data?.roles?.length
        ? NOTIFICATION_POLL_MS
        : query.state.status === "error" && !query.state.data
          ? FIRST_LOAD_RETRY_MS
          : false,
    refetchIntervalInBackground: true,
  });

/** The signed-in user for the selected school; null while signed out. */
export function useCurrentUser() {
  const { token, userId, schoolId } = useSession();
  return useQuery(currentUserQuery(userId, schoolId, Boolean(token)));
}
