import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { timeZoneLabel, timeZones, useTimeZoneOptions } from "./time-zones.ts";

describe("time zones", () => {
  it("lists Mexico City first, then Mexico's zones, then every other zone once", () => {
    const zones = timeZones();
    expect(zones[0]).toBe("America/Mexico_City");
    expect(zones.slice(1, 4)).toEqual(expect.arrayContaining([expect.stringMatching(/^America\//)]));
    expect(zones).toContain("Europe/Madrid");
    expect(new Set(zones).size).toBe(zones.length);
  });

  it("labels a zone with its offset in the reader's language", () => {
    expect(timeZoneLabel("America/Mexico_City", "es")).toMatch(/^America\/Mexico City \(GMT-\d/);
    expect(timeZoneLabel("Asia/Tokyo", "en")).toBe("Asia/Tokyo (GMT+9)");
  });

  it("starts with the chosen zone and Mexico's, and lists every zone once the dropdown opens", () => {
    const { result } = renderHook(() => useTimeZoneOptions("en", "Europe/Madrid"));
    const first = result.current.data.map((o) => o.value);
    expect(first[0]).toBe("Europe/Madrid");
    expect(first).toContain("America/Tijuana");
    expect(first).not.toContain("Asia/Tokyo");
    act(() => result.current.onDropdownOpen());
    const all = result.current.data.map((o) => o.value);
    expect(all).toContain("Asia/Tokyo");
    expect(all.length).toBe(timeZones().length);
  });
});
