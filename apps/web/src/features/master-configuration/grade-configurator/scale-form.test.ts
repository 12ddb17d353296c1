import { ScaleBody } from "@convive/domain";
import { beforeAll, describe, expect, it } from "vitest";
import i18n from "../../../lib/i18n.ts";
import { bodyOf, newLevel } from "./ScaleForm.tsx";
import type { LevelValues, ScaleValues } from "./scale-values.ts";
import { gradeErrors } from "./validation.ts";

/**
 * The scale form of the grade configurator (issue 13 §1), checked in the browser with the schema the server uses:
 * what a director sees under the fields before anything is sent.
 */

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces(["gradeConfig", "common"]);
});
const t = i18n.t.bind(i18n);

const level = (code: string, name_es: string, passing = true, name_en = ""): LevelValues => ({
  ...newLevel(0),
  code,
  name_es,
  name_en,
  passing,
});
const numeric = (min: number | string, max: number | string, step: string, passing: number | string): ScaleValues => ({
  name_es: "Conducta",
  name_en: "",
  definition: { kind: "numeric", min, max, step, passing, levels: [] },
});
const levels = (list: LevelValues[]): ScaleValues => ({
  name_es: "Hábitos",
  name_en: "Habits",
  definition: { kind: "levels", min: 5, max: 10, step: "1", passing: 6, levels: list },
});
const errorsOf = (v: ScaleValues) => gradeErrors(ScaleBody, bodyOf(v), t);
const habits = [
  level("E", "Excelente"),
  level("B", "Bueno"),
  level("R", "Regular"),
  level("A", "Requiere apoyo", false),
];

describe("the scale form's checks", () => {
  it("accepts the demo school's scales: 5–10 in halves passing at 6, and the levels E/B/R/A", () => {
    expect(errorsOf(numeric(5, 10, "0.5", 6))).toEqual({});
    expect(errorsOf(levels(habits))).toEqual({});
  });

  it("says why a numeric range is wrong, under the maximum", () => {
    const errors = errorsOf(numeric(10, 5, "1", 6));
    expect(errors["definition.max"]).toMatch(/maximum must be above the minimum/i);
  });

  it("refuses a passing mark off the scale or between its steps, under the passing mark", () => {
    expect(errorsOf(numeric(5, 10, "0.5", 11))["definition.passing"]).toMatch(/passing mark must be one of/i);
    expect(errorsOf(numeric(5, 10, "0.5", 6.3))["definition.passing"]).toMatch(/passing mark must be one of/i);
  });

  it("refuses two levels with one code, whatever their case", () => {
    const errors = errorsOf(levels([level("E", "Excelente"), level("e", "Bueno"), level("A", "Apoyo", false)]));
    expect(errors["definition.levels"]).toMatch(/different code/i);
  });

  it("refuses levels none of which passes", () => {
    const errors = errorsOf(levels([level("E", "Excelente", false), level("B", "Bueno", false)]));
    expect(errors["definition.levels"]).toMatch(/at least one level must pass/i);
  });

  it("points at the very level whose name is only a hyphen or whose code is not allowed", () => {
    expect(errorsOf(levels([level("E", "Excelente"), level("B", "-")]))["definition.levels.1.name_es"]).toMatch(
      /cannot be just a hyphen/i,
    );
    expect(errorsOf(levels([level("E!!!!", "Excelente"), level("B", "Bueno")]))["definition.levels.0.code"]).toMatch(
      /letters, digits/i,
    );
  });
});

describe("what the scale form sends", () => {
  it("sends only the chosen kind's fields, numbers as numbers, and a blank English name as none", () => {
    expect(bodyOf(numeric("5", "10", "0.5", "6"))).toEqual({
      name_es: "Conducta",
      name_en: null,
      definition: { kind: "numeric", min: 5, max: 10, step: 0.5, passing: 6 },
    });
    const body = bodyOf(levels([level("E", "Excelente", true, " Excellent "), level("A", "Requiere apoyo", false)]));
    expect(body.name_en).toBe("Habits");
    expect(body.definition).toEqual({
      kind: "levels",
      levels: [
        expect.objectContaining({ code: "E", name_es: "Excelente", name_en: "Excellent", passing: true }),
        expect.objectContaining({ code: "A", name_es: "Requiere apoyo", name_en: null, passing: false }),
      ],
    });
    // The row's React key stays in the form.
    expect(JSON.stringify(body)).not.toContain('"key"');
  });

  it("gives each new level row its own key and a different colour, passing by default", () => {
    const rows = [0, 1, 2].map(newLevel);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
    expect(new Set(rows.map((r) => r.colour)).size).toBe(3);
    for (const row of rows)
      expect(row).toMatchObject({ code: "", passing: true, colour: expect.stringMatching(/^#[0-9a-f]{6}$/i) });
  });
});
