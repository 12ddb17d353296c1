import type { UserPayload } from "@convive/domain";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** POST api/users/{id}/avatar with the picture as the raw body. */
export const uploadAvatar = (userId: number, file: File): Promise<UserPayload> =>
  api<{ data: { user: UserPayload } }>(`/api/users/${userId}/avatar`, { method: "POST", body: file }).then(
    (r) => r.data.user,
  );

/** The new picture; the signed-in user is read again so the header shows it. */
export const useUploadAvatar = (userId: number, o?: SaveOptions) =>
  useSave({ ...o, call: (file: File) => uploadAvatar(userId, file), invalidates: [["current-user"]] });
