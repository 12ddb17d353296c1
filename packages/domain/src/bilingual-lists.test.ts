import { describe, expect, it } from "vitest";
import {
  englishLevelName,
  englishPeriodName,
  LEVEL_NAMES,
  localGuidelines,
  localName,
  PLACE_NAMES,
  placeName,
  quickPlaces,
} from "./bilingual-lists.ts";
import { PROFILE_TEMPLATES } from "./profile-templates.ts";

describe("profile templates in both languages (issue 12 §6)", () => {
  it("give every template an English name a reader of English sees", () => {
    expect(PROFILE_TEMPLATES.map((t) => [t.name, t.nameEn])).toEqual([
      ["Director", "Principal"],
      ["Coordinador", "Coordinator"],
      ["Docente", "Teacher"],
      ["Orientador", "Counsellor"],
      ["Enfermería", "School nurse"],
      ["Familiar", "Family member"],
    ]);
  });

  it("read a profile in the reader's language, Spanish when it has no English name", () => {
    const docente = { name: "Docente", name_en: "Teacher" };
    expect(localName(docente, "en")).toBe("Teacher");
    expect(localName(docente, "es")).toBe("Docente");
    expect(localName({ name: "Prefecto", name_en: null }, "en")).toBe("Prefecto");
    expect(localName({ name: "Prefecto" }, "en")).toBe("Prefecto");
  });
});

describe("levels", () => {
  it("are suggested from Preescolar to Preparatoria, each with its English name", () => {
    expect(LEVEL_NAMES.map((l) => `${l.es}/${l.en}`)).toEqual([
      "Preescolar/Preschool",
      "Primaria/Primary",
      "Secundaria/Secondary",
      "Preparatoria/High school",
    ]);
  });

  it.each([
    ["Primaria", "Primary"],
    ["  primaria ", "Primary"],
    ["PREESCOLAR", "Preschool"],
    ["Bachillerato", null],
    // An English name typed in the Spanish field is not translated again.
    ["Primary", null],
  ])("%j reads %j in English", (es, en) => {
    expect(englishLevelName(es)).toBe(en);
  });
});

describe("periods", () => {
  it.each([
    ["Bimestre 1", "Bimester 1"],
    ["Trimestre 2", "Trimester 2"],
    ["semestre 2", "Semester 2"],
    ["Cuatrimestre 3", "Four-month term 3"],
    ["Período  4", "Period 4"],
    ["Parcial 10", "Partial 10"],
    ["Bimestre", null],
    ["Bimestre uno", null],
    ["Primer bimestre", null],
    ["Etapa 1", null],
  ])("%j reads %j in English", (es, en) => {
    expect(englishPeriodName(es)).toBe(en);
  });
});

describe("places of the registration's quick picks", () => {
  it("offer six usual places in the reader's language", () => {
    expect(quickPlaces("es")).toEqual([
      "Salón de clases",
      "Patio",
      "Pasillo",
      "Baños",
      "Cafetería",
      "Entrada y salida",
    ]);
    expect(quickPlaces("en")).toEqual([
      "Classroom",
      "Playground",
      "Hallway",
      "Restrooms",
      "Cafeteria",
      "Entrance and exit",
    ]);
  });

  it("read a known place in the reader's language whichever language it was typed in", () => {
    expect(placeName("Patio", "en")).toBe("Playground");
    expect(placeName(" cafeteria ", "es")).toBe("Cafetería");
    expect(placeName("Playground", "es")).toBe("Patio");
    expect(placeName("Cooperativa", "en")).toBe("School shop");
  });

  it("leave any other place as it was typed", () => {
    expect(placeName(" Sala de maestros ", "en")).toBe("Sala de maestros");
  });

  it("pair each place with one English name", () => {
    expect(new Set(PLACE_NAMES.map((p) => p.es.toLowerCase())).size).toBe(PLACE_NAMES.length);
    expect(new Set(PLACE_NAMES.map((p) => p.en.toLowerCase())).size).toBe(PLACE_NAMES.length);
  });
});

describe("formative guidelines", () => {
  const type = { guidelines: ["Diálogo reflexivo", "Carta compromiso"], guidelines_en: ["Reflective talk", "Letter"] };

  it("come in English to a reader of English when the type has them", () => {
    expect(localGuidelines(type, "en")).toEqual(["Reflective talk", "Letter"]);
    expect(localGuidelines(type, "es")).toEqual(["Diálogo reflexivo", "Carta compromiso"]);
  });

  it("fall back to the Spanish ones when the type has none in English", () => {
    expect(localGuidelines({ guidelines: ["Diálogo reflexivo"], guidelines_en: [] }, "en")).toEqual([
      "Diálogo reflexivo",
    ]);
    expect(localGuidelines({ guidelines: ["Diálogo reflexivo"] }, "en")).toEqual(["Diálogo reflexivo"]);
  });
});
