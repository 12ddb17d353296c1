import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDay, formatDayRange, formatTime } from "./dates.ts";

// Expected values are the texts of issue 12 §5, written out by hand with plain spaces.
const mexico = { timeZone: "America/Mexico_City" };
const tenAm = "2026-11-25T16:00:00Z"; // 10:00 on 25 Nov 2026 at a Mexico City school (UTC−6)

describe("one way to show a date and time", () => {
  it("reads as the issue shows: '25 nov 2026, 10:00' in Spanish, 'Nov 25, 2026, 10:00 AM' in English", () => {
    expect(formatDateTime(tenAm, { ...mexico, lang: "es" })).toBe("25 nov 2026, 10:00");
    expect(formatDateTime(tenAm, { ...mexico, lang: "en" })).toBe("Nov 25, 2026, 10:00 AM");
    expect(formatDateTime(new Date(tenAm), { ...mexico, lang: "en" })).toBe("Nov 25, 2026, 10:00 AM");
  });

  it("uses plain spaces only: no narrow or no-break space, no period after the month", () => {
    for (const lang of ["es", "en"]) {
      const text = formatDateTime("2026-09-03T18:05:00Z", { ...mexico, lang });
      expect(text).not.toMatch(/[\u00a0\u202f.]/);
    }
    expect(formatDateTime("2026-09-03T18:05:00Z", { ...mexico, lang: "es" })).toBe("3 sep 2026, 12:05");
    expect(formatDateTime("2026-09-03T18:05:00Z", { ...mexico, lang: "en" })).toBe("Sep 3, 2026, 12:05 PM");
  });

  it("writes Spanish on the 24-hour clock and English with AM/PM, midnight and noon included", () => {
    const at = (iso: string, lang: string) => formatTime(iso, { ...mexico, lang });
    expect(at("2026-03-12T06:00:00Z", "es")).toBe("0:00");
    expect(at("2026-03-12T06:00:00Z", "en")).toBe("12:00 AM");
    expect(at("2026-03-12T14:10:00Z", "es")).toBe("8:10");
    expect(at("2026-03-12T14:10:00Z", "en")).toBe("8:10 AM");
    expect(at("2026-03-12T18:30:00Z", "en")).toBe("12:30 PM");
    expect(at("2026-03-13T05:45:00Z", "es")).toBe("23:45");
    expect(at("2026-03-13T05:45:00Z", "en")).toBe("11:45 PM");
  });

  it("shows the school's clock, not the reader's device or UTC", () => {
    const lateEvening = "2026-11-25T05:30:00Z"; // 23:30 on the 24th in Mexico City, already the 25th in UTC
    expect(formatDateTime(lateEvening, { ...mexico, lang: "es" })).toBe("24 nov 2026, 23:30");
    expect(formatDate(lateEvening, { ...mexico, lang: "en" })).toBe("Nov 24, 2026");
    expect(formatDateTime(lateEvening, { timeZone: "Europe/Madrid", lang: "es" })).toBe("25 nov 2026, 6:30");
    expect(formatDateTime(lateEvening, { timeZone: "UTC", lang: "en" })).toBe("Nov 25, 2026, 5:30 AM");
  });

  it("gives back a text that is no instant as it is rather than 'NaN'", () => {
    expect(formatDateTime("not a date", { ...mexico, lang: "es" })).toBe("not a date");
    expect(formatDate(new Date(Number.NaN), { ...mexico, lang: "en" })).toBe("");
  });
});

describe("dates without time", () => {
  it("shows a day as '25 nov 2026' / 'Nov 25, 2026' whatever the zone", () => {
    expect(formatDay("2026-11-25", { lang: "es" })).toBe("25 nov 2026");
    expect(formatDay("2026-11-25", { lang: "en" })).toBe("Nov 25, 2026");
    expect(formatDay("2010-01-01", { lang: "es" })).toBe("1 ene 2010");
  });

  it("adds the weekday when asked", () => {
    expect(formatDay("2026-11-25", { lang: "es", weekday: true })).toBe("mié, 25 nov 2026");
    expect(formatDay("2026-05-14", { lang: "en", weekday: true })).toBe("Thu, May 14, 2026");
  });

  it("shows a span of days, and one day once", () => {
    expect(formatDayRange("2026-08-01", "2027-07-15", { lang: "es" })).toBe("1 ago 2026 – 15 jul 2027");
    expect(formatDayRange("2026-08-01", "2027-07-15", { lang: "en" })).toBe("Aug 1, 2026 – Jul 15, 2027");
    expect(formatDayRange("2026-08-01", "2026-08-01", { lang: "en" })).toBe("Aug 1, 2026");
  });
});
