import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

export interface ResetPasswordBody {
  token: string;
  password: string;
  password_confirmation: string;
}

/** POST api/user/reset-password with the single-use token of the e-mailed link. */
export const resetPassword = (body: ResetPasswordBody) =>
  api("/api/user/reset-password", { method: "POST", body, noSchool: true, quiet: true });

export const useResetPassword = (o?: SaveOptions) => useSave({ ...o, call: resetPassword });

/** POST api/user/forgot-password: e-mails a reset link; the answer never tells whether the account exists. */
export const forgotPassword = (body: { email: string }) =>
  api("/api/user/forgot-password", { method: "POST", body, noSchool: true, quiet: true });

export const useForgotPassword = (o?: SaveOptions) => useSave({ ...o, call: forgotPassword });
