import type { ScaleDefinition } from "@convive/domain";
import { describe, expect, it } from "vitest";
import { interpret } from "./typing.ts";

const marks: ScaleDefinition = { kind: "numeric", min: 5, max: 10, step: 0.5, passing: 6 };
const levels: ScaleDefinition = {
  kind: "levels",
  levels: [
    { code: "E", name_es: "Excelente", name_en: "Excellent", colour: "#2b8a3e", passing: true },
    { code: "B", name_es: "Bueno", name_en: "Good", colour: "#1971c2", passing: true },
    { code: "R", name_es: "Regular", name_en: "Fair", colour: "#e67700", passing: true },
    { code: "A", name_es: "Requiere apoyo", name_en: "Needs support", colour: "#c92a2a", passing: false },
  ],
};

describe("what typed keys mean in a cell", () => {
  it.each([
    ["8", "8", false, false],
    ["8.", null, false, false],
    ["8.5", "8.5", true, false],
    ["8,5", "8.5", true, false],
    ["1", null, false, false],
    ["10", "10", true, false],
    ["9.5", "9.5", true, false],
    ["4", null, false, true],
    ["8.3", null, false, true],
    ["x", null, false, true],
  ])("on a 5–10 scale %s reads %s (final %s, dead %s)", (typed, value, final, dead) => {
    expect(interpret(marks, typed)).toEqual({ value, final, dead });
  });

  it.each([
    ["e", "E", true, false],
    ["b", "B", true, false],
    ["a", "A", true, false],
    ["z", null, false, true],
  ])("on the levels %s reads %s", (typed, value, final, dead) => {
    expect(interpret(levels, typed)).toEqual({ value, final, dead });
  });
});
