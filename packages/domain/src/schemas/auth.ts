import { z } from "zod";
import { singleLine } from "./fields.ts";

/** Request bodies shared by the server (validation) and the web (forms). */
export const LoginBody = z.object({
  email: singleLine().trim().min(1).max(254),
  password: singleLine().min(1).max(200),
});

/**
 * The refresh token travels only in its HttpOnly cookie (never readable by scripts, never in a body); a
 * `refresh_token` an old client still sends is ignored.
 */
export const RefreshBody = z.object({});

/** The single-use link e-mailed to the owner of a locked account (`/?unlock=<token>`). */
export const UnlockBody = z.object({ token: singleLine().min(20).max(200) });

export const PASSWORD_MIN_LENGTH = 8;

export const ChangePasswordBody = z.object({
  current_password: singleLine().min(1).max(200),
  password: singleLine().min(1).max(200),
  password_confirmation: singleLine().min(1).max(200),
});

export const ForgotPasswordBody = z.object({ email: singleLine().trim().min(1).max(254) });

export const ResetPasswordBody = z.object({
  token: singleLine().min(20).max(200),
  password: singleLine().min(1).max(200),
  password_confirmation: singleLine().min(1).max(200),
});
