import { describe, expect, it } from "vitest";
import { type LevelsScale, type NumericScale, sameDefinition } from "../ratings.ts";
import { type RatingSetup, ScaleDefinitionSchema, scaleFor } from "./ratings.ts";
import { ScaleBody } from "./ratings-config.ts";

const boleta: NumericScale = { kind: "numeric", min: 5, max: 10, step: 0.5, passing: 6 };
const levels: LevelsScale = {
  kind: "levels",
  levels: [
    { code: "E", name_es: "Excelente", name_en: "Excellent", colour: "#2b8a3e", passing: true },
    { code: "A", name_es: "Requiere apoyo", name_en: null, colour: "#c92a2a", passing: false },
  ],
};
const errorsOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join(".")}:${i.message}`);

describe("the grade configurator's scale rules", () => {
  it("accepts a boleta and descriptive levels", () => {
    expect(ScaleDefinitionSchema.safeParse(boleta).success).toBe(true);
    expect(ScaleDefinitionSchema.safeParse(levels).success).toBe(true);
  });

  it("refuses a range upside down, a passing mark outside it, and one that is not on the step", () => {
    expect(errorsOf(ScaleDefinitionSchema.safeParse({ ...boleta, min: 10, max: 5 }))).toContain("max:SCALE_RANGE");
    expect(errorsOf(ScaleDefinitionSchema.safeParse({ ...boleta, passing: 11 }))).toContain("passing:SCALE_PASSING");
    const offStep = ScaleBody.safeParse({ name_es: "Boleta", definition: { ...boleta, passing: 6.3 } });
    expect(errorsOf(offStep)).toContain("definition.passing:SCALE_PASSING");
    const topOffStep = ScaleBody.safeParse({ name_es: "Boleta", definition: { ...boleta, step: 1, min: 5, max: 9.5 } });
    expect(errorsOf(topOffStep)).toContain("definition.max:SCALE_RANGE");
  });

  it("refuses levels with the same code in any case, none passing, or a name that is only a hyphen", () => {
    const twice = { ...levels, levels: [levels.levels[0]!, { ...levels.levels[1]!, code: "e" }] };
    expect(errorsOf(ScaleDefinitionSchema.safeParse(twice))).toContain("levels:DUPLICATE_CODE");
    const nonePass = { ...levels, levels: levels.levels.map((l) => ({ ...l, passing: false })) };
    expect(errorsOf(ScaleDefinitionSchema.safeParse(nonePass))).toContain("levels:SCALE_PASSING");
    const hyphen = { ...levels, levels: [levels.levels[0]!, { ...levels.levels[1]!, name_en: "-" }] };
    expect(errorsOf(ScaleBody.safeParse({ name_es: "Niveles", definition: hyphen }))).toContain(
      "definition.levels.1.name_en:NAME_HYPHEN_ONLY",
    );
  });

  it("an English name left empty reads as none", () => {
    const parsed = ScaleBody.parse({ name_es: "Niveles", name_en: "  ", definition: levels });
    expect(parsed.name_en).toBeNull();
  });

  it("treats the same definition as no change", () => {
    expect(sameDefinition(boleta, { ...boleta })).toBe(true);
    expect(sameDefinition(boleta, { ...boleta, passing: 7 })).toBe(false);
  });
});

describe("the scale a measure is rated on", () => {
  const scale = (id: number, definition: NumericScale | LevelsScale) => ({
    id,
    name_es: `Escala ${id}`,
    name_en: null,
    kind: definition.kind,
    version_id: id * 10,
    version: 1,
    definition,
    is_active: true,
  });
  const setup: RatingSetup = {
    settings: { grace_days: 7, points_reset: "year" },
    scales: [scale(1, boleta), scale(2, levels)],
    measures: [
      {
        id: 7,
        kind: "conduct",
        name_es: "Conducta",
        name_en: "Conduct",
        scale_id: 1,
        order: 0,
        is_active: true,
        // Preescolar (section 3) rates conduct on levels.
        sections: [{ section_id: 3, scale_id: 2 }],
      },
    ],
  };

  it("is the measure's own, unless the student's section rates it on another", () => {
    expect(scaleFor(setup, 7, null)?.id).toBe(1);
    expect(scaleFor(setup, 7, 4)?.id).toBe(1);
    expect(scaleFor(setup, 7, 3)?.id).toBe(2);
    expect(scaleFor(setup, 99, 3)).toBeUndefined();
  });
});
