// The auth module's public surface: the plugin app.ts registers and the sign-in service it builds once for the
// modules that share it (invitations, admin), its type, and the shared throttle.
export { authModule, createAuth } from "./auth.module.ts";
export type { AuthService } from "./auth.service.ts";
export { enforceLimits, REQUEST_LIMITS } from "./limits.ts";
export { openPasswordLink } from "./password-link.ts";
export {
  DEVICE_COOKIE,
  deviceOf,
  type SessionCookieSettings,
  sessionCookieSettings,
  setSessionCookies,
  tokenBody,
} from "./session-cookies.ts";
