/** Business constants of spec §9 (and the few §2–§4 numbers they refer to), named once for server and web. */

/** Unviewed-notification count refresh (spec §4 Notifications). */
export const NOTIFICATION_POLL_MS = 30_000;
export const ROLE_PERMISSION_FETCH_TIMEOUT_MS = 10_000;

export const TOAST_DURATION_MS = { error: 3_000, success: 3_000, info: 4_000 } as const;
export type ToastKind = keyof typeof TOAST_DURATION_MS;
/** At most this many toasts on screen; older ones are dropped. */
export const TOAST_LIMIT = 20;
export const TOAST_POSITION = "top-right";

/** School information defaults (spec §3) until the school sets its own. */
export const DEFAULT_MAX_FILE_SIZE_MB = 2;
/** Colour 1 navigation bar, 2 buttons, 3 active-title background, 4 active-title text and hover. */
export const DEFAULT_INSTITUTIONAL_COLORS = ["#090d18", "#ff9800", "#73abd6", "#e66465"] as const;

/** The seven setup stages of the completion report, in the order a school completes them. */
export const SETUP_STAGES = ["schoolYear", "periods", "grades", "groups", "subjects", "students", "users"] as const;
export type SetupStage = (typeof SETUP_STAGES)[number];

export const LANGUAGES = ["es", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
/** Default and fallback: Spanish (login also defaults to it). */
export const DEFAULT_LANGUAGE: Language = "es";
/** Local-storage key of the language preference. */
export const LANGUAGE_STORAGE_KEY = "language";

/** Sidebar is expanded when the window is wider than this. */
export const SIDEBAR_EXPANDED_ABOVE_PX = 1000;
/** At this width or less, choosing a menu item collapses the sidebar. */
export const SIDEBAR_AUTOCOLLAPSE_AT_OR_BELOW_PX = 1050;

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
/** Identity session: background refresh this long before the access token expires. */
export const SESSION_REFRESH_BEFORE_EXPIRY_MS = 5 * MINUTE;
/** The token counts as expired this long before its real expiry, so no call goes out with a dying token. */
export const SESSION_EXPIRED_BEFORE_MS = 30 * SECOND;
/** Refresh failures back off exponentially from the start value, doubling up to the maximum. */
export const REFRESH_BACKOFF_START_MS = 30 * SECOND;
export const REFRESH_BACKOFF_MAX_MS = 16 * MINUTE;
export const REQUEST_TIMEOUT_MS = { desktop: 30 * SECOND, mobile: 60 * SECOND } as const;

/** Socket client defaults (spec §9); reconnection never gives up. */
export const SOCKET_DEFAULTS = {
  timeout: 20_000,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
} as const;

/** Role label the header shows for a root user, who has no school role. */
export const ROOT_ROLE_LABEL = "Super Administrador";

/**
 * Wait before the next refresh attempt after `failures` consecutive network failures (1 = first failure):
 * 30 s, 60 s, 120 s … capped at 16 min. Kept here so server tests and the web client share one curve.
 */
export function refreshBackoffMs(failures: number): number {
  if (!Number.isFinite(failures) || failures < 1) return REFRESH_BACKOFF_START_MS;
  return Math.min(REFRESH_BACKOFF_START_MS * 2 ** (Math.floor(failures) - 1), REFRESH_BACKOFF_MAX_MS);
}
