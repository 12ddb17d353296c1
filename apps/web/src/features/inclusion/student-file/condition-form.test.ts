import type { Condition } from "@convive/domain";
import { describe, expect, it } from "vitest";
import { conditionBody, conditionValues, splitServerErrors } from "./condition-form.ts";

const condition: Condition = {
  id: 7,
  student_id: 3,
  type: { id: 2, label: "Visual" },
  description: "Baja visión",
  barriers: [{ id: 1, context: "classroom", description: "Pizarrón lejano" }],
  adjustments: [{ id: 4, kind: "access", description: "Primera fila", applied_by: "Todos", since: "2026-09-30" }],
  usaer_support: true,
  usaer_notes: "Martes",
  review_date: null,
  active: true,
  internal_notes: null,
  documents: [],
  created_by: { id: 1, name: "Tomás" },
  created_at: "2026-09-30T10:00:00Z",
  updated_at: "2026-09-30T10:00:00Z",
};

describe("the condition form", () => {
  it("starts a new condition with one adjustment to fill, since today", () => {
    const v = conditionValues(null, "2026-11-28");
    expect(v.condition_type_id).toBeNull();
    expect(v.adjustments).toEqual([{ kind: "methodological", description: "", applied_by: "", since: "2026-11-28" }]);
    expect(v.barriers).toEqual([]);
  });

  it("edits a condition with its own values (no ids; empty texts where the server sent null)", () => {
    const v = conditionValues(condition, "2026-11-28");
    expect(v.condition_type_id).toBe("2");
    expect(v.adjustments).toEqual([
      { kind: "access", description: "Primera fila", applied_by: "Todos", since: "2026-09-30" },
    ]);
    expect(v.barriers).toEqual([{ context: "classroom", description: "Pizarrón lejano" }]);
    expect(v.review_date).toBe("");
    expect(v.internal_notes).toBe("");
  });

  it("sends trimmed texts, no USAER notes without USAER support, null for no review date", () => {
    const v = conditionValues(condition, "2026-11-28");
    v.usaer_support = false;
    v.adjustments[0]!.description = "  Primera fila  ";
    const body = conditionBody(v, [9]);
    expect(body).toMatchObject({ condition_type_id: 2, usaer_notes: "", review_date: null, document_ids: [9] });
    expect(body.adjustments[0]!.description).toBe("Primera fila");
  });

  it("puts the server's errors on the form's fields (rows included) and the rest above the form", () => {
    const split = splitServerErrors(
      { "adjustments.0.description": "Obligatorio", condition_type_id: "Inactivo", document_ids: "No disponible" },
      ["condition_type_id", "adjustments"],
    );
    expect(split.fields).toEqual({ "adjustments.0.description": "Obligatorio", condition_type_id: "Inactivo" });
    expect(split.rest).toEqual(["No disponible"]);
  });
});
