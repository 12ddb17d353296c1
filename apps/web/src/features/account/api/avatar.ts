import type { UserPayload } from "@convive/domain";
import { api } from "../../../lib/api.ts";
import { useInvalidatingMutation } from "../../../lib/mutations.ts";

export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** POST api/users/{id}/avatar with the picture as the raw body. */
export const uploadAvatar = (userId: number, file: File): Promise<UserPayload> =>
  api<{ data: { user: UserPayload } }>(`/api/users/${userId}/avatar`, { method: "POST", body: file }).then(
    (r) => r.data.user,
  );

/** The new picture; the signed-in user is read again so the header shows it. */
export const useUploadAvatar = (userId: number) =>
  useInvalidatingMutation((file: File) => uploadAvatar(userId, file), ["current-user"]);
