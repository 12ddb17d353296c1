/** The account feature's public surface: the password change the forced change at sign-in reuses. */
export { type ChangePasswordValues, useChangePassword } from "./api/change-password.ts";
