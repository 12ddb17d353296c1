import { api } from "../../../lib/api.ts";

export interface ChangePasswordValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** POST api/user/change-password; the server ends the user's other sessions on success. */
export const changePassword = (values: ChangePasswordValues) =>
  api("/api/user/change-password", { method: "POST", body: values, noSchool: true });
