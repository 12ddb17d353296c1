import { describe, expect, it } from "vitest";
import {
  applyProposal,
  criticalItems,
  EMPTY_MEDICAL_RECORD,
  extraFieldErrors,
  MedicalRecordBody,
  NursingFieldBody,
  ProposalBody,
  VisitBody,
} from "./nursing.ts";

const fields = [
  { id: 1, kind: "yes_no" as const, choices: [], active: true },
  { id: 2, kind: "date" as const, choices: [], active: true },
  {
    id: 3,
    kind: "choice" as const,
    choices: [
      { es: "Completo", en: "Complete" },
      { es: "Incompleto", en: "Incomplete" },
    ],
    active: true,
  },
  { id: 4, kind: "text" as const, choices: [], active: true },
  { id: 5, kind: "text" as const, choices: [], active: false },
];

describe("extra fields of the medical record", () => {
  it.each([
    ["1", "yes", null],
    ["1", "no", null],
    ["1", "sí", "NURSING_FIELD_INVALID"],
    ["2", "2026-03-01", null],
    ["2", "1 de marzo", "NURSING_FIELD_INVALID"],
    ["3", "Completo", null],
    ["3", "Complete", "NURSING_FIELD_INVALID"],
    ["4", "cualquier texto", null],
    ["5", "apagado", "NURSING_FIELD_UNKNOWN"],
    ["99", "x", "NURSING_FIELD_UNKNOWN"],
    ["1", "", null],
  ])("field %s = %j → %s", (id, value, error) => {
    const errors = extraFieldErrors(fields, { [id]: value });
    expect(errors[`extra.${id}`] ?? null).toBe(error);
  });
});

describe("the health alert", () => {
  it("holds the critical allergies and conditions only, never the rest", () => {
    const record = MedicalRecordBody.parse({
      allergies: [
        { name: "Cacahuate", severity: "severe", critical: true, notes: "Epinefrina" },
        { name: "Polen", severity: "mild" },
      ],
      conditions: [{ name: "Diabetes tipo 1", severity: "severe", critical: true }],
    });
    expect(criticalItems(record)).toEqual([
      { kind: "allergy", name: "Cacahuate", notes: "Epinefrina" },
      { kind: "condition", name: "Diabetes tipo 1", notes: "" },
    ]);
    expect(criticalItems(EMPTY_MEDICAL_RECORD)).toEqual([]);
  });
});

describe("a family's proposal", () => {
  it("replaces the parts it names and merges the extra fields", () => {
    const record = {
      ...EMPTY_MEDICAL_RECORD,
      blood_type: "O+" as const,
      medication: "Nada",
      extra: { "1": "yes", "4": "a" },
    };
    const next = applyProposal(record, { medication: "Loratadina", extra: { "4": "b" } });
    expect(next).toMatchObject({ blood_type: "O+", medication: "Loratadina", extra: { "1": "yes", "4": "b" } });
    expect(record.medication).toBe("Nada");
  });

  it("must change something", () => {
    expect(ProposalBody.safeParse({ changes: {} }).success).toBe(false);
    expect(ProposalBody.safeParse({ changes: { blood_type: null } }).success).toBe(true);
  });
});

describe("request rules", () => {
  it("a choice field needs two choices; other kinds drop none", () => {
    expect(
      NursingFieldBody.safeParse({ label: "V", label_en: "V", kind: "choice", choices: [{ es: "a", en: "a" }] })
        .success,
    ).toBe(false);
    expect(NursingFieldBody.safeParse({ label: "V", label_en: "V", kind: "yes_no" }).success).toBe(true);
  });

  it("a visit needs a reason; vital signs are checked when taken", () => {
    expect(VisitBody.safeParse({}).success).toBe(false);
    expect(VisitBody.parse({ reason_id: 3 })).toMatchObject({ vitals: null, outcome_id: null, left_at: null });
    expect(VisitBody.safeParse({ reason_id: 3, vitals: { temperature_c: 52 } }).success).toBe(false);
    expect(VisitBody.safeParse({ reason_id: 3, vitals: { temperature_c: 38.2, spo2: 97 } }).success).toBe(true);
  });
});
