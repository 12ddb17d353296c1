import type { UserPayload } from "@convive/domain";
import { api } from "../../../lib/api.ts";
import { queryClient } from "../../../lib/query-client.ts";
import { currentUserKey } from "../../auth/index.ts";

/**
 * A read of the user already on its way when the count changes may have been answered before the change (the read
 * a reconnecting socket starts, a poll): it would put the old count back until the next poll, 30 s later. So it is
 * dropped — cancelling puts back, synchronously, the data from before it — and the caller reads the user again
 * once the server holds the new count (the other fields of that read may be news too). True when one was dropped.
 */
function dropOvertakenRead(queryKey: ReturnType<typeof currentUserKey>): boolean {
  if (queryClient.isFetching({ queryKey, exact: true }) === 0) return false;
  void queryClient.cancelQueries({ queryKey, exact: true });
  return true;
}

function writeCount(queryKey: ReturnType<typeof currentUserKey>, count: number) {
  queryClient.setQueryData<UserPayload>(queryKey, (user) =>
    user ? { ...user, unviewed_notifications_count: count } : user,
  );
}

/** Sets the cached user's bell count at once, as a socket push tells it (the server already holds it). */
export function setBellCount(userId: number | null, schoolId: string | null, count: number) {
  const queryKey = currentUserKey(userId, schoolId);
  if (queryClient.getQueryData(queryKey) === undefined) return;
  const reread = dropOvertakenRead(queryKey);
  writeCount(queryKey, count);
  if (reread) void queryClient.invalidateQueries({ queryKey, exact: true });
}

/**
 * Spec §4 Notifications / §7: clicking the bell posts the user with unviewed_notifications_count 0 (names and
 * e-mail as the original sent them). The count clears on screen first; the next poll corrects a failure.
 */
export async function resetBell(user: UserPayload, schoolId: string | null) {
  const queryKey = currentUserKey(user.id, schoolId);
  const reread = dropOvertakenRead(queryKey);
  writeCount(queryKey, 0);
  try {
    await api(`/api/users/${user.id}`, {
      method: "POST",
      body: {
        first_name: user.first_name,
        paternal_surname: user.paternal_surname,
        maternal_surname: user.maternal_surname,
        email: user.email,
        unviewed_notifications_count: 0,
      },
    });
  } finally {
    // Only now: a read sent before the server took the reset would bring the old count back.
    if (reread) void queryClient.invalidateQueries({ queryKey, exact: true });
  }
}
