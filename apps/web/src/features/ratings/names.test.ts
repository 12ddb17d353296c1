import type { ScaleDefinition } from "@convive/domain";
import { describe, expect, it } from "vitest";
import { levelStyle } from "./components/CellValue.tsx";
import { measureName, periodName } from "./components/RatingsGrid.tsx";
import { clamp, shownValue } from "./typing.ts";

const marks: ScaleDefinition = { kind: "numeric", min: 5, max: 10, step: 0.5, passing: 6 };
const levels: ScaleDefinition = {
  kind: "levels",
  levels: [
    { code: "E", name_es: "Excelente", name_en: "Excellent", colour: "#2b8a3e", passing: true },
    { code: "A", name_es: "Requiere apoyo", name_en: null, colour: "#c92a2a", passing: false },
  ],
};

describe("names in the reader's language", () => {
  it("shows the English name when there is one, the Spanish one otherwise", () => {
    expect(measureName({ name_es: "Puntualidad", name_en: "Punctuality" }, "en")).toBe("Punctuality");
    expect(measureName({ name_es: "Puntualidad", name_en: "Punctuality" }, "es")).toBe("Puntualidad");
    expect(measureName({ name_es: "Uniforme", name_en: null }, "en")).toBe("Uniforme");
    expect(periodName({ name: "Bimestre 2", name_en: "Term 2" }, "en")).toBe("Term 2");
    expect(periodName({ name: "Bimestre 2", name_en: null }, "en")).toBe("Bimestre 2");
  });
});

describe("a stored value as a cell shows it", () => {
  it("marks a numeric value under the passing mark as not passing", () => {
    expect(shownValue(marks, "5.5", "es")).toMatchObject({ passing: false });
    expect(shownValue(marks, "6", "es")).toMatchObject({ passing: true });
  });

  it("shows a level by its name in the reader's language, with the level's colour and passing", () => {
    const excellent = shownValue(levels, "E", "en");
    expect(excellent.label).toContain("Excellent");
    expect(excellent).toMatchObject({ colour: "#2b8a3e", passing: true });
    expect(shownValue(levels, "A", "es")).toMatchObject({ passing: false, colour: "#c92a2a" });
    expect(shownValue(levels, "A", "es").label).toContain("Requiere apoyo");
  });

  it("shows the bare value when its scale version is unknown", () => {
    expect(shownValue(undefined, "7", "es")).toEqual({ label: "7", colour: null, passing: true });
  });

  it("frames a level's colour around dark text on white rather than colouring the text", () => {
    expect(levelStyle(null)).toBeUndefined();
    const style = levelStyle("#2b8a3e");
    expect(style).toMatchObject({ background: "#ffffff", border: expect.stringContaining("#2b8a3e") });
    expect(style?.color).not.toBe("#2b8a3e");
  });

  it("keeps the grid's cursor within its rows", () => {
    expect(clamp(-1, 4)).toBe(0);
    expect(clamp(9, 4)).toBe(4);
    expect(clamp(2, 4)).toBe(2);
  });
});
