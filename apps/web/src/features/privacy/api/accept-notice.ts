import type { UserPayload } from "@convive/domain";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { currentUserKey } from "../../auth/index.ts";

/**
 * POST api/users/{id} with privacy_notice_viewed: the notice is marked read at once in the cache (the modal
 * closes), then the user is read again from the server.
 */
export function useAcceptPrivacyNotice(
  userId: number,
  schoolId: string | null,
  o: SaveOptions = { success: false, failure: (e) => e.message },
) {
  const client = useQueryClient();
  const key = currentUserKey(userId, schoolId);
  return useSave<void>({
    ...o,
    call: () => api(`/api/users/${userId}`, { method: "POST", body: { privacy_notice_viewed: 1 } }),
    update: () => client.setQueryData<UserPayload>(key, (u) => (u ? { ...u, privacy_notice_viewed: 1 } : u)),
    invalidates: [key],
  });
}
