import type { UserPayload } from "@convive/domain";
import { api } from "../../../lib/api.ts";
import { queryClient } from "../../../lib/query-client.ts";
import { currentUserKey } from "../../auth/api/current-user.ts";

/** Sets the cached user's bell count at once (a socket push or the reset below). */
export function setBellCount(userId: number | null, schoolId: string | null, count: number) {
  queryClient.setQueryData<UserPayload>(currentUserKey(userId, schoolId), (user) =>
    user ? { ...user, unviewed_notifications_count: count } : user,
  );
}

/**
 * Spec §4 Notifications / §7: clicking the bell posts the user with unviewed_notifications_count 0 (names and
 * e-mail as the original sent them). The count clears on screen first; the next poll corrects a failure.
 */
export async function resetBell(user: UserPayload, schoolId: string | null) {
  setBellCount(user.id, schoolId, 0);
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
}
