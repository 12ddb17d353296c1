import type { UserPayload } from "@convive/domain";
import { api } from "../../../lib/api.ts";

export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** POST api/users/{id}/avatar with the picture as the raw body. */
export const uploadAvatar = (userId: number, file: File): Promise<UserPayload> =>
  api<{ data: { user: UserPayload } }>(`/api/users/${userId}/avatar`, { method: "POST", body: file }).then(
    (r) => r.data.user,
  );
