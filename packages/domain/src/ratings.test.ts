import { describe, expect, it } from "vitest";
import {
  balanceStartsOn,
  isPassing,
  isPeriodOpen,
  type LevelsScale,
  managesRatings,
  type NumericScale,
  ratingScope,
  readValue,
  scaleValues,
  scoreOf,
  valueColour,
  valueLabel,
} from "./ratings.ts";

// A Mexican boleta's conduct scale and a descriptive one, as a school would set them in the grade configurator.
const boleta: NumericScale = { kind: "numeric", min: 5, max: 10, step: 0.5, passing: 6 };
const levels: LevelsScale = {
  kind: "levels",
  levels: [
    { code: "E", name_es: "Excelente", name_en: "Excellent", colour: "#2f9e44", passing: true },
    { code: "B", name_es: "Bueno", name_en: "Good", colour: "#1c7ed6", passing: true },
    { code: "R", name_es: "Regular", name_en: "Fair", colour: "#f59f00", passing: true },
    { code: "RA", name_es: "Requiere apoyo", name_en: "Needs support", colour: "#e03131", passing: false },
  ],
};

describe("reading what a teacher types", () => {
  it("takes numbers on the scale's steps, with a comma or a point", () => {
    expect(readValue(boleta, "8")).toBe("8");
    expect(readValue(boleta, "8.5")).toBe("8.5");
    expect(readValue(boleta, "8,5")).toBe("8.5");
    expect(readValue(boleta, " 10 ")).toBe("10");
  });

  it("refuses numbers off the scale or between its steps, and anything else", () => {
    for (const typed of ["4", "11", "8.3", "-6", "", "ocho", "1e1", "0x8"]) expect(readValue(boleta, typed)).toBeNull();
  });

  it("takes a level's code, its name in either language, or its first letter when no other level shares it", () => {
    expect(readValue(levels, "e")).toBe("E");
    expect(readValue(levels, "b")).toBe("B");
    expect(readValue(levels, "Bueno")).toBe("B");
    expect(readValue(levels, "needs support")).toBe("RA");
    expect(readValue(levels, "ra")).toBe("RA");
    // A code wins over first letters ("r" is Regular's code although Requiere apoyo starts with it too)…
    expect(readValue(levels, "r")).toBe("R");
    // …and a letter two levels start with, which is no level's code, is refused rather than guessed.
    const twoMs: LevelsScale = {
      kind: "levels",
      levels: [
        { code: "1", name_es: "Muy bien", name_en: null, colour: "#2f9e44", passing: true },
        { code: "2", name_es: "Mejorable", name_en: null, colour: "#e03131", passing: false },
      ],
    };
    expect(readValue(twoMs, "m")).toBeNull();
    expect(readValue(levels, "x")).toBeNull();
  });
});

describe("passing, scores and labels", () => {
  it("passes from the passing mark up, and on the levels marked passing", () => {
    expect(isPassing(boleta, "6")).toBe(true);
    expect(isPassing(boleta, "5.5")).toBe(false);
    expect(isPassing(levels, "R")).toBe(true);
    expect(isPassing(levels, "RA")).toBe(false);
  });

  it("puts values of different scales on one 0–100 line (best level 100, worst 0)", () => {
    expect(scoreOf(boleta, "10")).toBe(100);
    expect(scoreOf(boleta, "7.5")).toBe(50);
    expect(scoreOf(levels, "E")).toBe(100);
    expect(scoreOf(levels, "RA")).toBe(0);
  });

  it("reads a level in the reader's language and lists a numeric scale's values", () => {
    expect(valueLabel(levels, "B", "es")).toBe("Bueno");
    expect(valueLabel(levels, "B", "en")).toBe("Good");
    expect(valueLabel(boleta, "9.5", "en")).toBe("9.5");
    expect(scaleValues(boleta)).toEqual(["5", "5.5", "6", "6.5", "7", "7.5", "8", "8.5", "9", "9.5", "10"]);
  });
});

describe("periods close at their end plus the grace days", () => {
  const period = { endsOn: "2026-10-30", reopenedUntil: null };

  it("stays open through the last day of grace and closes the day after", () => {
    expect(isPeriodOpen(period, 5, "2026-11-04")).toBe(true);
    expect(isPeriodOpen(period, 5, "2026-11-05")).toBe(false);
  });

  it("opens again while a director's reopening lasts", () => {
    const now = new Date("2026-11-20T12:00:00Z");
    expect(isPeriodOpen({ ...period, reopenedUntil: "2026-11-21T00:00:00Z" }, 5, "2026-11-20", now)).toBe(true);
    expect(isPeriodOpen({ ...period, reopenedUntil: "2026-11-20T00:00:00Z" }, 5, "2026-11-20", now)).toBe(false);
  });
});

describe("who rates what", () => {
  it("a family reads, a teacher rates their groups, search reads the whole school", () => {
    expect(ratingScope("Familiar", new Set(["scorings.read"]))).toBe("family");
    expect(ratingScope("Docente", new Set(["scorings.create", "scorings.read", "scorings.update"]))).toBe("own");
    expect(ratingScope("Coordinador", new Set(["scorings.read", "scorings.search"]))).toBe("school");
  });
});

describe("labels, colours and balances", () => {
  it("reads an unknown level as typed, without a colour, and levels' values best first", () => {
    expect(valueLabel(levels, "Z", "es")).toBe("Z");
    expect(valueLabel({ ...levels, levels: [{ ...levels.levels[0]!, name_en: null }] }, "E", "en")).toBe("Excelente");
    expect(valueColour(levels, "E")).toBe("#2f9e44");
    expect(valueColour(levels, "Z")).toBeNull();
    expect(valueColour(boleta, "8")).toBeNull();
    expect(scaleValues(levels)).toEqual(["E", "B", "R", "RA"]);
  });

  it("has no score for a value off the scale", () => {
    expect(scoreOf(levels, "Z")).toBeNull();
    expect(scoreOf(boleta, "x")).toBeNull();
    expect(scoreOf({ ...levels, levels: [levels.levels[0]!] }, "E")).toBe(100);
    expect(isPassing(levels, "Z")).toBe(false);
  });

  it("starts a balance with the school year, the period, or never", () => {
    const year = { startsOn: "2026-08-24" };
    const period = { startsOn: "2026-10-26" };
    expect(balanceStartsOn("year", year, period)).toBe("2026-08-24");
    expect(balanceStartsOn("period", year, period)).toBe("2026-10-26");
    expect(balanceStartsOn("period", year, null)).toBe("2026-08-24");
    expect(balanceStartsOn("none", year, period)).toBeNull();
  });

  it("leaves reopening and publishing to whoever reads the whole school and may change ratings", () => {
    expect(managesRatings(new Set(["scorings.search", "scorings.update"]))).toBe(true);
    expect(managesRatings(new Set(["scorings.update", "scorings.create"]))).toBe(false);
    expect(managesRatings(new Set(["scorings.search", "scorings.read"]))).toBe(false);
  });
});
