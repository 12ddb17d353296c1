import { describe, expect, it } from "vitest";
import { bucketStart, bucketsOf, daysBetween, wholeMonths } from "./buckets.ts";

describe("series buckets", () => {
  it("starts days, ISO weeks (Monday) and months as date_trunc does", () => {
    expect(bucketStart("2026-11-26", "day")).toBe("2026-11-26");
    expect(bucketStart("2026-11-26", "week")).toBe("2026-11-23"); // a Thursday → Monday
    expect(bucketStart("2026-11-23", "week")).toBe("2026-11-23");
    expect(bucketStart("2026-11-29", "week")).toBe("2026-11-23"); // Sunday ends the ISO week
    expect(bucketStart("2026-11-26", "month")).toBe("2026-11-01");
  });

  it("covers the range with every bucket, the first and last clipped to it", () => {
    expect(bucketsOf("2026-11-26", "2026-12-08", "week")).toEqual([
      { key: "2026-11-23", start: "2026-11-26", end: "2026-11-29" },
      { key: "2026-11-30", start: "2026-11-30", end: "2026-12-06" },
      { key: "2026-12-07", start: "2026-12-07", end: "2026-12-08" },
    ]);
    expect(bucketsOf("2026-11-15", "2027-01-10", "month").map((b) => [b.start, b.end])).toEqual([
      ["2026-11-15", "2026-11-30"],
      ["2026-12-01", "2026-12-31"],
      ["2027-01-01", "2027-01-10"],
    ]);
    expect(bucketsOf("2026-02-27", "2026-03-01", "day")).toHaveLength(3);
    expect(daysBetween("2026-01-01", "2026-12-31")).toBe(364);
  });

  it("finds the whole months inside a range (the map's month rows), none when a month is cut", () => {
    expect(wholeMonths("2025-11-27", "2026-11-27")).toEqual({ start: "2025-12-01", end: "2026-11-01" });
    expect(wholeMonths("2026-01-01", "2026-02-28")).toEqual({ start: "2026-01-01", end: "2026-03-01" });
    expect(wholeMonths("2025-12-01", "2025-12-31")).toEqual({ start: "2025-12-01", end: "2026-01-01" });
    expect(wholeMonths("2026-01-02", "2026-02-27")).toBeNull();
    expect(wholeMonths("2026-03-10", "2026-03-20")).toBeNull();
  });
});
