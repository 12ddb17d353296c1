import { describe, expect, it } from "vitest";
import { formatBytes, formatDay, fromWallTime, initials, relativeTime, todayIn, toWallTime } from "./format.ts";

describe("school time zone", () => {
  it("reads today on the school's clock, not the reader's", () => {
    // 03:30 UTC on 1 Mar is still 28 Feb in Mexico City (UTC−6).
    const now = new Date("2026-03-01T03:30:00Z");
    expect(todayIn("America/Mexico_City", now)).toBe("2026-02-28");
    expect(todayIn("Europe/Madrid", now)).toBe("2026-03-01");
  });

  it("turns a day and time at the school into an instant and back", () => {
    const iso = fromWallTime("2026-05-14", "08:15", "America/Mexico_City");
    expect(iso).toBe("2026-05-14T14:15:00.000Z");
    expect(toWallTime(iso, "America/Mexico_City")).toEqual({ day: "2026-05-14", time: "08:15" });
  });

  it("follows daylight saving time where the school has it", () => {
    // Tijuana: UTC−8 in winter, UTC−7 in summer.
    expect(fromWallTime("2026-01-10", "09:00", "America/Tijuana")).toBe("2026-01-10T17:00:00.000Z");
    expect(fromWallTime("2026-07-10", "09:00", "America/Tijuana")).toBe("2026-07-10T16:00:00.000Z");
    expect(toWallTime("2026-07-10T16:00:00.000Z", "America/Tijuana")).toEqual({ day: "2026-07-10", time: "09:00" });
  });

  it("keeps midnight on its own day", () => {
    const iso = fromWallTime("2026-05-14", "00:00", "America/Mexico_City");
    expect(toWallTime(iso, "America/Mexico_City")).toEqual({ day: "2026-05-14", time: "00:00" });
  });
});

describe("formatting", () => {
  it("shows a school day on its own date in either language", () => {
    expect(formatDay("2026-05-14", "es", false)).toMatch(/14 may 2026/);
    expect(formatDay("2026-05-14", "en", false)).toMatch(/May 14, 2026/);
  });

  it("says how long ago in the reader's language", () => {
    const now = Date.parse("2026-05-14T12:00:00Z");
    expect(relativeTime("2026-05-14T09:00:00Z", "es", now)).toBe("hace 3 horas");
    expect(relativeTime("2026-05-14T09:00:00Z", "en", now)).toBe("3 hours ago");
    expect(relativeTime("2026-05-13T11:00:00Z", "es", now)).toBe("ayer");
    expect(relativeTime("2026-05-14T11:59:40Z", "en", now)).toBe("now");
  });

  it("sizes files and makes initials", () => {
    expect(formatBytes(512, "en")).toBe("512 B");
    expect(formatBytes(240 * 1024, "en")).toBe("240 KB");
    expect(formatBytes(1.25 * 1024 * 1024, "en")).toBe("1.3 MB");
    expect(initials("Ana  López Ruiz")).toBe("AL");
  });
});
