import type { UserPayload } from "@convive/domain";
import { api } from "../../../lib/api.ts";

/** The key of the signed-in user's query (lib/query-client.ts), per user and selected school. */
export const currentUserKey = (userId: number | null, schoolId: string | null) =>
  ["current-user", userId, schoolId] as const;

/** The signed-in user in the selected school, or in `school` when given (switching to it). */
export const fetchCurrentUser = (userId: number, school?: string) =>
  api<{ data: { user: UserPayload } }>(`/api/users/${userId}?include=roles,permissions`, { school }).then(
    (r) => r.data.user,
  );
