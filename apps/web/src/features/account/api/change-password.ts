import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { sessionsKey } from "./sessions.ts";

export interface ChangePasswordValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** POST api/user/change-password; the server ends the user's other sessions on success. */
export const changePassword = (values: ChangePasswordValues) =>
  api("/api/user/change-password", { method: "POST", body: values, noSchool: true });

/** The change from the account screen or the forced one at sign-in; the list of devices refreshes after it. */
export const useChangePassword = (o?: SaveOptions) =>
  useSave({ ...o, call: changePassword, invalidates: [sessionsKey] });
