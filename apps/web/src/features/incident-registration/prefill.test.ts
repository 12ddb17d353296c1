import type { IncidentCategory, IncidentType } from "@convive/domain";
import { describe, expect, it } from "vitest";
import {
  defaultResponsibleId,
  findType,
  groupsMineFirst,
  placeChips,
  prefillGroupId,
  prefillSubjectId,
  usableCategories,
} from "./prefill.ts";

const groups = [
  { id: 10, label: "3° A Primaria", mine: true },
  { id: 11, label: "4° A Primaria", mine: true },
  { id: 12, label: "5° B Primaria", mine: false },
];
const assignments = [
  { group_id: 10, subject_id: 100 },
  { group_id: 10, subject_id: 101 },
  { group_id: 11, subject_id: 102 },
];

const type = (id: number, is_active = true): IncidentType => ({
  id,
  category_id: 1,
  name_es: `Tipo ${id}`,
  name_en: null,
  classification: "minor",
  default_points: 0,
  notify_family: true,
  guidelines: [],
  guidelines_en: [],
  is_active,
  protocol_id: null,
  incidents_count: 0,
});
const category = (id: number, types: IncidentType[], is_active = true): IncidentCategory => ({
  id,
  name_es: `Categoría ${id}`,
  name_en: null,
  order: id,
  is_active,
  types,
});

describe("prefill of the group", () => {
  it("takes the students' group when they share one", () => {
    expect(prefillGroupId([{ group_id: 12 }, { group_id: 12 }], groups)).toBe(12);
  });
  it("falls back to the caller's first group when the students are of several groups", () => {
    expect(prefillGroupId([{ group_id: 12 }, { group_id: 11 }], groups)).toBe(10);
  });
  it("falls back to the caller's first group with no students, or a student without a group", () => {
    expect(prefillGroupId([], groups)).toBe(10);
    expect(prefillGroupId([{ group_id: null }], groups)).toBe(10);
  });
  it("ignores a group that is not of this school year", () => {
    expect(prefillGroupId([{ group_id: 99 }], groups)).toBe(10);
  });
  it("leaves it empty for someone without groups", () => {
    expect(prefillGroupId([], [{ id: 12, label: "5° B", mine: false }])).toBeNull();
  });
});

describe("prefill of the subject", () => {
  it("is the caller's first subject in that group", () => {
    expect(prefillSubjectId(10, assignments)).toBe(100);
    expect(prefillSubjectId(11, assignments)).toBe(102);
  });
  it("is empty where the caller does not teach, or without a group", () => {
    expect(prefillSubjectId(12, assignments)).toBeNull();
    expect(prefillSubjectId(null, assignments)).toBeNull();
  });
});

describe("responsible of proposed actions", () => {
  const staff = [
    { id: 1, name: "Directora" },
    { id: 2, name: "Docente" },
  ];
  it("is the caller when they are staff", () => expect(defaultResponsibleId(2, staff)).toBe(2));
  it("is nobody otherwise", () => {
    expect(defaultResponsibleId(3, staff)).toBeNull();
    expect(defaultResponsibleId(null, staff)).toBeNull();
  });
});

describe("categories offered", () => {
  it("keeps active categories with their active types, and drops those left empty", () => {
    const list = usableCategories([
      category(1, [type(1), type(2, false)]),
      category(2, [type(3, false)]),
      category(3, [type(4)], false),
      category(4, []),
    ]);
    expect(list.map((c) => [c.id, c.types.map((t) => t.id)])).toEqual([[1, [1]]]);
  });
  it("finds a type by id (string or number)", () => {
    const list = [category(1, [type(1)]), category(2, [type(7)])];
    expect(findType(list, "7")?.id).toBe(7);
    expect(findType(list, 1)?.id).toBe(1);
    expect(findType(list, null)).toBeNull();
    expect(findType(list, "8")).toBeNull();
  });
  it("lists the caller's groups first", () => {
    expect(groupsMineFirst([groups[2]!, groups[0]!]).map((g) => g.id)).toEqual([10, 12]);
  });
});

describe("quick picks for the place", () => {
  it("puts the school's recent places first, then common ones, without repeats, six at most", () => {
    expect(
      placeChips(["Patio", "Biblioteca"], ["Salón de clases", "patio", "Pasillo", "Baños", "Cafetería", "Entrada"]),
    ).toEqual(["Patio", "Biblioteca", "Salón de clases", "Pasillo", "Baños", "Cafetería"]);
    expect(placeChips([], [])).toEqual([]);
    expect(placeChips(["  ", "Aula 3 "], [])).toEqual(["Aula 3"]);
  });
});
