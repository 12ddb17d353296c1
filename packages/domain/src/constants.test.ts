import { describe, expect, it } from "vitest";
import {
  DEFAULT_INSTITUTIONAL_COLORS,
  REFRESH_BACKOFF_MAX_MS,
  refreshBackoffMs,
  SETUP_STAGES,
  SIDEBAR_AUTOCOLLAPSE_AT_OR_BELOW_PX,
  SIDEBAR_EXPANDED_ABOVE_PX,
  SOCKET_DEFAULTS,
} from "./constants.ts";

describe("constants", () => {
  it("match spec §9", () => {
    expect(SETUP_STAGES).toHaveLength(7);
    expect(DEFAULT_INSTITUTIONAL_COLORS).toHaveLength(4);
    expect(SIDEBAR_AUTOCOLLAPSE_AT_OR_BELOW_PX).toBeGreaterThan(SIDEBAR_EXPANDED_ABOVE_PX);
    expect(SOCKET_DEFAULTS.reconnectionAttempts).toBe(Number.POSITIVE_INFINITY);
  });

  it.each([
    [0, 30_000],
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [5, 480_000],
    [6, 960_000],
    [7, REFRESH_BACKOFF_MAX_MS],
    [50, REFRESH_BACKOFF_MAX_MS],
    [Number.NaN, 30_000],
  ])("refresh backoff after %s failures is %s ms", (failures, expected) => {
    expect(refreshBackoffMs(failures)).toBe(expected);
  });
});
