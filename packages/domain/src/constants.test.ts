/** Spec §9 (and §3/§4 where §9 points) value by value: the literals here are copied from the spec, not imported. */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_INSTITUTIONAL_COLORS,
  DEFAULT_LANGUAGE,
  DEFAULT_MAX_FILE_SIZE_MB,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  NOTIFICATION_POLL_MS,
  REFRESH_BACKOFF_MAX_MS,
  REFRESH_BACKOFF_START_MS,
  REQUEST_TIMEOUT_MS,
  ROLE_PERMISSION_FETCH_TIMEOUT_MS,
  ROOT_ROLE_LABEL,
  refreshBackoffMs,
  SESSION_EXPIRED_BEFORE_MS,
  SESSION_REFRESH_BEFORE_EXPIRY_MS,
  SETUP_STAGES,
  SIDEBAR_AUTOCOLLAPSE_AT_OR_BELOW_PX,
  SIDEBAR_EXPANDED_ABOVE_PX,
  SOCKET_DEFAULTS,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_POSITION,
} from "./constants.ts";

describe("constants match spec §9", () => {
  it.each([
    ["notification poll: every 30 seconds", NOTIFICATION_POLL_MS, 30_000],
    ["role permission fetch timeout: 10 s", ROLE_PERMISSION_FETCH_TIMEOUT_MS, 10_000],
    ["maximum file size default: 2 MB", DEFAULT_MAX_FILE_SIZE_MB, 2],
    ["toasts: at most 20 shown", TOAST_LIMIT, 20],
    ["toasts: default position top-right", TOAST_POSITION, "top-right"],
    ["sidebar: expanded above 1000 px", SIDEBAR_EXPANDED_ABOVE_PX, 1000],
    ["sidebar: mobile auto-collapse at 1050 px or less", SIDEBAR_AUTOCOLLAPSE_AT_OR_BELOW_PX, 1050],
    ["session: refresh starts 5 minutes before expiry", SESSION_REFRESH_BEFORE_EXPIRY_MS, 5 * 60_000],
    ["session: considered expired 30 s before", SESSION_EXPIRED_BEFORE_MS, 30_000],
    ["session: refresh backoff starts at 30 s", REFRESH_BACKOFF_START_MS, 30_000],
    ["session: backoff doubles up to 16 minutes", REFRESH_BACKOFF_MAX_MS, 16 * 60_000],
    ["default language es", DEFAULT_LANGUAGE, "es"],
    ["language preference key (§3 Other)", LANGUAGE_STORAGE_KEY, "language"],
    ["root default role label", ROOT_ROLE_LABEL, "Super Administrador"],
  ])("%s", (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    ["toasts: error and success 3 s, info 4 s", TOAST_DURATION_MS, { error: 3_000, success: 3_000, info: 4_000 }],
    ["request time-out 30 s desktop, 60 s mobile", REQUEST_TIMEOUT_MS, { desktop: 30_000, mobile: 60_000 }],
    ["languages es and en", LANGUAGES, ["es", "en"]],
    ["default institutional colours", DEFAULT_INSTITUTIONAL_COLORS, ["#090d18", "#ff9800", "#73abd6", "#e66465"]],
    [
      "setup stages: 7 (§3 names them)",
      SETUP_STAGES,
      ["schoolYear", "periods", "grades", "groups", "subjects", "students", "users"],
    ],
    [
      "socket defaults",
      SOCKET_DEFAULTS,
      {
        timeout: 20_000,
        reconnectionDelay: 1_000,
        reconnectionDelayMax: 5_000,
        randomizationFactor: 0.5,
        reconnectionAttempts: Number.POSITIVE_INFINITY,
      },
    ],
  ])("%s", (_rule, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it.each([
    [0, 30_000],
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [5, 480_000],
    [6, 960_000],
    [7, 960_000],
    [50, 960_000],
    [Number.NaN, 30_000],
  ])("refresh backoff after %s failures is %s ms", (failures, expected) => {
    expect(refreshBackoffMs(failures)).toBe(expected);
  });
});
