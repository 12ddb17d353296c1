import { describe, expect, it } from "vitest";
import {
  actionState,
  incidentScope,
  isHyphenOnlyLine,
  localizedName,
  mayReopen,
  nextStatus,
  occurrenceCount,
  occurrences,
  parseGuidelines,
} from "./incidents.ts";
import { GuidelinesText } from "./schemas/incident-config.ts";
import { FormativeActionBody, RegisterIncidentBody } from "./schemas/incidents.ts";

describe("formative guidelines (spec §5)", () => {
  it.each([
    ["-", true],
    ["  -  ", true],
    ["–", true],
    ["—", true],
    ["- Diálogo", false],
    ["Diálogo", false],
    ["", false],
    ["--", false],
  ])("%j hyphen-only: %s", (line, expected) => {
    expect(isHyphenOnlyLine(line)).toBe(expected);
  });

  it("reads one guideline per line, dropping bullets and blank lines", () => {
    expect(parseGuidelines("- Diálogo reflexivo\n\n• Carta compromiso\r\nReparar el daño  ")).toEqual([
      "Diálogo reflexivo",
      "Carta compromiso",
      "Reparar el daño",
    ]);
    expect(parseGuidelines("")).toEqual([]);
  });

  it("refuses a text with a hyphen-only line, naming the error code", () => {
    expect(parseGuidelines("Diálogo\n-\nCarta")).toBeNull();
    const parsed = GuidelinesText.safeParse("Diálogo\n - \nCarta");
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("GUIDELINE_HYPHEN_ONLY");
    expect(GuidelinesText.safeParse("Diálogo\n- Carta").success).toBe(true);
  });
});

describe("status transitions (design §4)", () => {
  it.each([
    ["open", "close", "closed"],
    ["open", "cancel", "cancelled"],
    ["open", "reopen", null],
    ["closed", "close", null],
    ["closed", "cancel", null],
    ["closed", "reopen", "open"],
    ["cancelled", "close", null],
    ["cancelled", "cancel", null],
    ["cancelled", "reopen", null],
  ] as const)("%s --%s--> %s", (from, transition, to) => {
    expect(nextStatus(from, transition)).toBe(to);
  });

  it("only the Director reopens", () => {
    expect(mayReopen("Director")).toBe(true);
    expect(mayReopen("Coordinador")).toBe(false);
    expect(mayReopen("director")).toBe(false);
  });
});

describe("occurrences of a formative action", () => {
  it("happens once without repeat or end date", () => {
    expect(occurrences("2026-11-20", null, "none")).toEqual(["2026-11-20"]);
    expect(occurrences("2026-11-20", "2026-11-30", "none")).toEqual(["2026-11-20"]);
    expect(occurrences("2026-11-20", null, "daily")).toEqual(["2026-11-20"]);
  });

  it("repeats daily and weekly up to the end date inclusive, across months and DST", () => {
    expect(occurrences("2026-10-30", "2026-11-02", "daily")).toEqual([
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
      "2026-11-02",
    ]);
    expect(occurrences("2026-11-02", "2026-11-23", "weekly")).toEqual([
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
    ]);
    expect(occurrences("2026-11-02", "2026-11-22", "weekly")).toHaveLength(3);
  });

  it("counts without building, and caps what it builds", () => {
    expect(occurrenceCount("2026-01-01", "2026-12-31", "daily")).toBe(365);
    expect(occurrenceCount("2026-01-01", "2026-12-31", "weekly")).toBe(53);
    expect(occurrenceCount("2026-02-01", "2026-01-01", "daily")).toBe(0);
    expect(occurrences("2020-01-01", "2030-01-01", "daily")).toHaveLength(400); // design: at most 400 occurrences
  });
});

describe("state of a formative action", () => {
  const weekly = { starts_on: "2026-11-02", ends_on: "2026-11-16", repeat: "weekly" as const, waived: false };
  it.each([
    [[], "2026-11-01", "pending"],
    [[], "2026-11-02", "pending"],
    [[], "2026-11-03", "overdue"],
    [["2026-11-02"], "2026-11-05", "pending"],
    [["2026-11-02"], "2026-11-10", "overdue"],
    [["2026-11-02", "2026-11-09", "2026-11-16"], "2026-12-01", "completed"],
  ])("completed %j on %s → %s", (done, today, state) => {
    expect(actionState(weekly, done, today)).toBe(state);
  });

  it("a waived action is waived whatever is done", () => {
    expect(actionState({ ...weekly, waived: true }, [], "2026-12-01")).toBe("waived");
  });
});

describe("data scope (design §2)", () => {
  it.each([
    ["Familiar", ["incidents.read"], "family"],
    ["Familiar", ["incidents.read", "incidents.update"], "family"],
    ["Director", ["incidents.update"], "school"],
    ["Coordinador", ["incidents.read", "incidents.update"], "school"],
    ["Docente", ["incidents.create", "incidents.read", "incidents.search"], "own"],
    ["Tutor externo", ["incidents.read"], "own"],
  ] as const)("%s with %j sees %s", (profile, grants, scope) => {
    expect(incidentScope(profile, new Set(grants))).toBe(scope);
  });
});

describe("request schemas", () => {
  const base = {
    students: [{ student_id: 1, role: "involved" }],
    type_id: 2,
    detail: "Empujó a un compañero.",
    occurred_at: "2026-11-20T10:15:00-06:00",
  };

  it("accepts a minimal registration and fills the defaults", () => {
    const parsed = RegisterIncidentBody.parse(base);
    expect(parsed).toMatchObject({ group_id: null, subject_id: null, formative_actions: [] });
    expect(parsed.visible_to_family).toBeUndefined();
  });

  it("refuses no students, an unknown role, an empty detail and a date without offset", () => {
    expect(RegisterIncidentBody.safeParse({ ...base, students: [] }).success).toBe(false);
    expect(RegisterIncidentBody.safeParse({ ...base, students: [{ student_id: 1, role: "bully" }] }).success).toBe(
      false,
    );
    expect(RegisterIncidentBody.safeParse({ ...base, detail: "   " }).success).toBe(false);
    expect(RegisterIncidentBody.safeParse({ ...base, occurred_at: "2026-11-20 10:15" }).success).toBe(false);
  });

  it("a repeating action needs an end date on or after its date (DATE_RANGE)", () => {
    const action = { student_id: 1, guideline: "Diálogo", responsible_id: 3, starts_on: "2026-11-20" };
    expect(FormativeActionBody.safeParse({ ...action, repeat: "none" }).success).toBe(true);
    const noEnd = FormativeActionBody.safeParse({ ...action, repeat: "daily" });
    expect(noEnd.error?.issues[0]).toMatchObject({ message: "DATE_RANGE", path: ["ends_on"] });
    expect(FormativeActionBody.safeParse({ ...action, repeat: "weekly", ends_on: "2026-11-19" }).success).toBe(false);
    expect(FormativeActionBody.safeParse({ ...action, repeat: "weekly", ends_on: "2026-12-20" }).success).toBe(true);
  });
});

describe("names of school-defined lists", () => {
  it("reads English when present, Spanish otherwise", () => {
    expect(localizedName({ name_es: "Conducta", name_en: "Behaviour" }, "en")).toBe("Behaviour");
    expect(localizedName({ name_es: "Conducta", name_en: null }, "en")).toBe("Conducta");
    expect(localizedName({ name_es: "Conducta", name_en: "Behaviour" }, "es")).toBe("Conducta");
  });
});
