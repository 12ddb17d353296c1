import type { Scorecard } from "@convive/domain";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import i18n from "../../../lib/i18n.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import { ScorecardView } from "./ScorecardView.tsx";

const marks = { kind: "numeric" as const, min: 5, max: 10, step: 0.5, passing: 6 };
const habits = {
  kind: "levels" as const,
  levels: [
    { code: "E", name_es: "Excelente", name_en: "Excellent", colour: "#2b8a3e", passing: true },
    { code: "A", name_es: "Requiere apoyo", name_en: "Needs support", colour: "#c92a2a", passing: false },
  ],
};
const cell = (
  measure_id: number,
  value: string,
  label_es: string,
  label_en: string,
  passing: boolean,
  score: number,
  version_id: number,
) => ({
  measure_id,
  value,
  label_es,
  label_en,
  colour: version_id === 2 ? (passing ? "#2b8a3e" : "#c92a2a") : null,
  passing,
  score,
  version_id,
});
const card: Scorecard = {
  student: {
    id: 11,
    name: "Sofía Ramírez López",
    first_name: "Sofía",
    enrollment: "A-0011",
    photo: null,
    group: { id: 9, label: "3° A Primaria", label_en: "3rd A Primary" },
  },
  school_year: { id: 3, name: "2026-2027" },
  school_years: [{ id: 3, name: "2026-2027" }],
  measures: [
    { id: 1, kind: "conduct", name_es: "Conducta", name_en: "Conduct" },
    { id: 2, kind: "habit", name_es: "Puntualidad", name_en: "Punctuality" },
  ],
  scales: [
    { version_id: 1, name_es: "Calificación 5–10", name_en: "Mark 5–10", kind: "numeric", definition: marks },
    { version_id: 2, name_es: "Niveles", name_en: "Levels", kind: "levels", definition: habits },
  ],
  periods: [
    {
      id: 1,
      name_es: "Bimestre 1",
      name_en: "Term 1",
      order: 1,
      starts_on: "2026-08-24",
      ends_on: "2026-10-25",
      published_at: "2026-10-30T10:00:00Z",
      ratings: [cell(1, "9.5", "9.5", "9.5", true, 90, 1), cell(2, "E", "Excelente", "Excellent", true, 100, 2)],
      group_average: [
        { measure_id: 1, score: 70 },
        { measure_id: 2, score: 60 },
      ],
      points: 12,
      incidents: { minor: 1, serious: 0, "very-serious": 0, total: 1 },
      formative_actions: { completed: 1, pending: 0 },
      observations: 2,
      comment: { text: "Muy participativa en clase.", visible_to_family: true },
    },
    {
      id: 2,
      name_es: "Bimestre 2",
      name_en: "Term 2",
      order: 2,
      starts_on: "2026-10-26",
      ends_on: "2026-12-20",
      published_at: null,
      ratings: [
        cell(1, "5.5", "5.5", "5.5", false, 10, 1),
        cell(2, "A", "Requiere apoyo", "Needs support", false, 0, 2),
      ],
      group_average: [{ measure_id: 1, score: 65 }],
      points: -3,
      incidents: { minor: 0, serious: 1, "very-serious": 1, total: 2 },
      formative_actions: { completed: 0, pending: 1 },
      observations: 0,
      comment: { text: "Hablar con la familia sobre tareas.", visible_to_family: false },
    },
  ],
  can_print_group: true,
};

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces(["scorecard", "common", "shell"]);
});
afterEach(cleanup);

const sofiaCard = card;

describe("a student's scorecard (issue 13 §4)", () => {
  it("shows who, the year and each period side by side, with values that do not pass marked in words", () => {
    renderWithProviders(<ScorecardView card={sofiaCard} staff onYear={() => {}} />);
    expect(screen.getByRole("heading", { name: "Sofía Ramírez López" })).toBeTruthy();
    expect(screen.getByText(/3rd A Primary/)).toBeTruthy();
    const table = screen.getByRole("table", { name: /Sofía Ramírez López/ });
    const text = table.textContent ?? "";
    for (const shown of ["Term 1", "Term 2", "Conduct", "Punctuality", "9.5", "5.5", "Excellent", "Needs support"]) {
      expect(text).toContain(shown);
    }
    // The unpublished period is said so; the failing mark and the failing level are said in words, not colour only.
    expect(text).toContain("Not published");
    expect(screen.getAllByText("Not passing", { exact: false }).length).toBeGreaterThanOrEqual(2);
    // Points keep their sign; incidents by classification.
    expect(text).toContain("+12");
    expect(text).toMatch(/[−-]3/);
    expect(text).toContain("Very serious");
  });

  it("lets staff see a staff-only comment marked as such, and print the whole group", () => {
    renderWithProviders(<ScorecardView card={sofiaCard} staff onYear={() => {}} />);
    expect(screen.getByText("Hablar con la familia sobre tareas.")).toBeTruthy();
    expect(screen.getByText("Staff only")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Group PDF/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Download PDF/ })).toBeTruthy();
  });

  it("gives a family their child's PDF but not the group's, and no staff-only marks", () => {
    const family = {
      ...sofiaCard,
      periods: sofiaCard.periods.map((p) => (p.comment?.visible_to_family ? p : { ...p, comment: null })),
    };
    renderWithProviders(<ScorecardView card={family} staff={false} onYear={() => {}} />);
    expect(screen.getByRole("button", { name: /Download PDF/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Group PDF/ })).toBeNull();
    expect(screen.queryByText("Staff only")).toBeNull();
    expect(screen.getByText("Muy participativa en clase.")).toBeTruthy();
  });

  it("explains each scale the values were given on, the failing level included", () => {
    renderWithProviders(<ScorecardView card={sofiaCard} staff={false} onYear={() => {}} />);
    const legend = screen.getByText("Scale keys").closest("section") ?? document.body;
    expect(legend.textContent).toMatch(/5 to 10; passing from 6/);
    expect(legend.textContent).toMatch(/A = Needs support \(not passing\)/);
  });

  it("offers the student's other school years", () => {
    const years = {
      ...sofiaCard,
      school_years: [
        { id: 3, name: "2026-2027" },
        { id: 2, name: "2025-2026" },
      ],
    };
    renderWithProviders(<ScorecardView card={years} staff={false} onYear={() => {}} />);
    expect(screen.getAllByLabelText("School year").some((el) => (el as HTMLInputElement).value === "2026-2027")).toBe(
      true,
    );
  });
});
