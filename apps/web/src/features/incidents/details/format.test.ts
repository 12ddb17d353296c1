import { describe, expect, it } from "vitest";
import { formatBytes, initials, relativeTime } from "./format.ts";

describe("formatting", () => {
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
    expect(formatBytes(1.25 * 1024 * 1024, "es")).toBe("1.3 MB");
    expect(initials("Ana  López Ruiz")).toBe("AL");
  });
});
