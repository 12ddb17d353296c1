import { describe, expect, it } from "vitest";
import { addDays, dayIn, isFutureWall, wallNow, wallToInstant } from "./school-time.ts";

describe("school time", () => {
  const noonUtc = new Date("2026-03-14T18:25:40Z");

  it("reads now on the school's clock, whatever the device's zone", () => {
    expect(wallNow("America/Mexico_City", noonUtc)).toBe("2026-03-14T12:25");
    expect(wallNow("America/Tijuana", noonUtc)).toBe("2026-03-14T11:25"); // daylight time already (PDT)
    expect(wallNow("UTC", noonUtc)).toBe("2026-03-14T18:25");
    expect(dayIn("Asia/Tokyo", noonUtc)).toBe("2026-03-15");
  });

  it("turns a wall time into the instant it stands for", () => {
    expect(wallToInstant("2026-03-14T12:25", "America/Mexico_City")?.toISOString()).toBe("2026-03-14T18:25:00.000Z");
    expect(wallToInstant("2026-07-01T08:00", "America/Tijuana")?.toISOString()).toBe("2026-07-01T15:00:00.000Z");
    expect(wallToInstant("2026-01-01T08:00", "America/Tijuana")?.toISOString()).toBe("2026-01-01T16:00:00.000Z");
    expect(wallToInstant("2026-03-14", "UTC")).toBeNull();
    expect(wallToInstant("", "UTC")).toBeNull();
  });

  it("round-trips across a daylight-saving change", () => {
    for (const wall of ["2026-03-07T23:30", "2026-03-08T03:30", "2026-11-01T00:30", "2026-11-01T03:00"]) {
      const instant = wallToInstant(wall, "America/Tijuana")!;
      expect(wallNow("America/Tijuana", instant)).toBe(wall);
    }
  });

  it("says when a wall time is in the future (the current minute is not)", () => {
    expect(isFutureWall("2026-03-14T12:25", "America/Mexico_City", noonUtc)).toBe(false);
    expect(isFutureWall("2026-03-14T12:26", "America/Mexico_City", noonUtc)).toBe(true);
    expect(isFutureWall("2026-03-13T23:59", "America/Mexico_City", noonUtc)).toBe(false);
    expect(isFutureWall("not a date", "America/Mexico_City", noonUtc)).toBe(false);
  });

  it("adds calendar days", () => {
    expect(addDays("2026-02-27", 2)).toBe("2026-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});
