/** The account feature's public surface: the password change the forced change at sign-in reuses. */
export { type ChangePasswordValues, useChangePassword } from "./api/change-password.ts";
/** How a session's browser named itself, read as "Chrome en Android" (the incident's acknowledgements show it). */
export { parseUserAgent } from "./device.ts";
