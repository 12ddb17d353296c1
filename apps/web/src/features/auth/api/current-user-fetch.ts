import type { UserPayload } from "@convive/domain";
import { api } from "../../../lib/api.ts";

/** The key of the signed-in user's query (lib/query-client.ts), per user and selected school. */
export const currentUserKey = (userId: number | null, schoolId: string | null) =>
  ["current-user", userId, schoolId] as const;

export const fetchCurrentUser = (userId: number) =>
  api<{ data: { user: UserPayload } }>(`/api/users/${userId}?include=roles,permissions`).then((r) => r.data.user);
