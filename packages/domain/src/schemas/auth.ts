import { z } from "zod";

/** Request bodies shared by the server (validation) and the web (forms). */
export const LoginBody = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});

export const RefreshBody = z.object({ refresh_token: z.string().min(1).max(200).optional() });

export const PASSWORD_MIN_LENGTH = 8;

export const ChangePasswordBody = z.object({
  current_password: z.string().min(1).max(200),
  password: z.string().min(1).max(200),
  password_confirmation: z.string().min(1).max(200),
});

export const ForgotPasswordBody = z.object({ email: z.string().trim().min(1).max(254) });

export const ResetPasswordBody = z.object({
  token: z.string().min(20).max(200),
  password: z.string().min(1).max(200),
  password_confirmation: z.string().min(1).max(200),
});
