import { describe, expect, it } from "vitest";
import { addDays, isFutureWall, isWallTime, todayIn, toWallTime, wallNow, wallToInstant } from "./school-time.ts";

// Expected values are what a person at the school reads on a wall clock or calendar, written out by hand.
describe("today at the school", () => {
  it("is still 24 Nov at 23:30 in Mexico City, though UTC already says 25 Nov", () => {
    const lateEvening = new Date("2026-11-25T05:30:00Z"); // 23:30 on the 24th in Mexico City (UTC−6)
    expect(todayIn("America/Mexico_City", lateEvening)).toBe("2026-11-24");
    expect(todayIn("UTC", lateEvening)).toBe("2026-11-25");
  });

  it("is already tomorrow in Tokyo and Madrid when Mexico City is still on today", () => {
    const now = new Date("2026-03-01T03:30:00Z"); // 21:30 on 28 Feb in Mexico City
    expect(todayIn("America/Mexico_City", now)).toBe("2026-02-28");
    expect(todayIn("Europe/Madrid", now)).toBe("2026-03-01");
    expect(todayIn("Asia/Tokyo", now)).toBe("2026-03-01");
  });

  it("falls back to Mexico City for a zone the browser does not know", () => {
    expect(todayIn("Mars/Olympus", new Date("2026-11-25T05:30:00Z"))).toBe("2026-11-24");
  });
});

describe("wall time", () => {
  const now = new Date("2026-03-14T18:25:40Z");

  it("reads the school's clock to the minute, whatever the device's zone", () => {
    expect(wallNow("America/Mexico_City", now)).toBe("2026-03-14T12:25");
    expect(wallNow("America/Tijuana", now)).toBe("2026-03-14T11:25"); // Tijuana is on summer time (PDT) already
    expect(wallNow("UTC", now)).toBe("2026-03-14T18:25");
  });

  it("keeps midnight on its own day", () => {
    expect(toWallTime("2026-05-14T06:00:00Z", "America/Mexico_City")).toBe("2026-05-14T00:00");
  });

  it("turns 8:15 at a Mexico City school into 14:15 UTC and back", () => {
    const instant = wallToInstant("2026-05-14T08:15", "America/Mexico_City");
    expect(instant?.toISOString()).toBe("2026-05-14T14:15:00.000Z");
    expect(toWallTime(instant!, "America/Mexico_City")).toBe("2026-05-14T08:15");
  });

  it("follows daylight saving time where the school has it (Tijuana: UTC−8 in winter, UTC−7 in summer)", () => {
    expect(wallToInstant("2026-01-10T09:00", "America/Tijuana")?.toISOString()).toBe("2026-01-10T17:00:00.000Z");
    expect(wallToInstant("2026-07-10T09:00", "America/Tijuana")?.toISOString()).toBe("2026-07-10T16:00:00.000Z");
    for (const wall of ["2026-03-07T23:30", "2026-03-08T03:30", "2026-11-01T00:30", "2026-11-01T03:00"]) {
      expect(toWallTime(wallToInstant(wall, "America/Tijuana")!, "America/Tijuana")).toBe(wall);
    }
  });

  it("refuses texts that are not a wall time", () => {
    expect(isWallTime("2026-03-14T12:25")).toBe(true);
    expect(isWallTime("2026-03-14")).toBe(false);
    expect(wallToInstant("2026-03-14", "UTC")).toBeNull();
    expect(wallToInstant("", "UTC")).toBeNull();
  });

  it("says a time is in the future only after the current minute", () => {
    expect(isFutureWall("2026-03-14T12:25", "America/Mexico_City", now)).toBe(false);
    expect(isFutureWall("2026-03-14T12:26", "America/Mexico_City", now)).toBe(true);
    expect(isFutureWall("2026-03-13T23:59", "America/Mexico_City", now)).toBe(false);
    expect(isFutureWall("not a date", "America/Mexico_City", now)).toBe(false);
  });

  it("adds calendar days across months and years", () => {
    expect(addDays("2026-02-27", 2)).toBe("2026-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});
