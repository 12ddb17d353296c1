import type { UserPayload } from "@convive/domain";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

/** The signed-in user's own data (names, picture, language) is read again after a change. */
const CURRENT_USER = ["current-user"] as const;

export interface ProfileValues {
  first_name: string;
  paternal_surname: string;
  maternal_surname: string;
  cell_phone: string;
}

/** POST api/users/{id} for the signed-in user: names and phone (an empty phone is cleared). */
export const saveProfile = (userId: number, values: ProfileValues) =>
  api<{ data: { user: UserPayload } }>(`/api/users/${userId}`, {
    method: "POST",
    body: { ...values, cell_phone: values.cell_phone.trim() || null },
  }).then((r) => r.data.user);

/** POST api/users/{id} with the language, so e-mails and notifications reach the user in it. */
export const saveLanguage = (userId: number, language: string) =>
  api<{ data: { user: UserPayload } }>(`/api/users/${userId}`, { method: "POST", body: { language } }).then(
    (r) => r.data.user,
  );

export const useSaveProfile = (userId: number, o?: SaveOptions) =>
  useSave({ ...o, call: (values: ProfileValues) => saveProfile(userId, values), invalidates: [CURRENT_USER] });

export const useSaveLanguage = (userId: number, o?: SaveOptions) =>
  useSave({ ...o, call: (language: string) => saveLanguage(userId, language), invalidates: [CURRENT_USER] });
