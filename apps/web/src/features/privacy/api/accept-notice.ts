import type { UserPayload } from "@convive/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { currentUserKey } from "../../auth/api/current-user.ts";

/**
 * POST api/users/{id} with privacy_notice_viewed: the notice is marked read at once in the cache (the modal
 * closes), then the user is read again from the server.
 */
export function useAcceptPrivacyNotice(userId: number, schoolId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/api/users/${userId}`, { method: "POST", body: { privacy_notice_viewed: 1 } }),
    onSuccess: () => {
      const key = currentUserKey(userId, schoolId);
      client.setQueryData<UserPayload>(key, (u) => (u ? { ...u, privacy_notice_viewed: 1 } : u));
      return client.invalidateQueries({ queryKey: key });
    },
  });
}
