import { RegisterIncidentBody } from "@convive/domain";
import { describe, expect, it } from "vitest";
import {
  actionCount,
  buildIncidentBody,
  emptyIncident,
  type IncidentValues,
  incidentErrorsFromServer,
  type PickedStudent,
  proposeActions,
  validateIncident,
} from "./incident-form.ts";

const TZ = "America/Mexico_City";
const NOW = new Date("2026-03-14T18:25:40Z"); // 12:25 in Mexico City

const student = (id: number, role: PickedStudent["role"] = "involved"): PickedStudent => ({
  id,
  enrollment: `A${id}`,
  name: `Alumno ${id}`,
  has_adjustments: false,
  has_health_alert: false,
  group_id: 10,
  group_label: "3° A",
  photo: null,
  role,
});

function filled(overrides: Partial<IncidentValues> = {}): IncidentValues {
  return {
    ...emptyIncident("2026-03-14T12:20"),
    students: [student(1), student(2, "affected")],
    category_id: "1",
    type_id: "5",
    detail: "  Empujó a un compañero en la fila.  ",
    place: " Patio ",
    group_id: "10",
    subject_id: "100",
    visible_to_family: false,
    ...overrides,
  };
}

describe("proposed formative actions", () => {
  it("offers each guideline unticked, for the caller, from today", () => {
    const actions = proposeActions(
      { guidelines: ["Diálogo reflexivo", "Carta compromiso"] },
      {
        responsibleId: 7,
        today: "2026-03-14",
      },
    );
    expect(actions).toEqual([
      {
        guideline: "Diálogo reflexivo",
        chosen: false,
        responsible_id: "7",
        starts_on: "2026-03-14",
        repeat: "none",
        ends_on: "",
      },
      {
        guideline: "Carta compromiso",
        chosen: false,
        responsible_id: "7",
        starts_on: "2026-03-14",
        repeat: "none",
        ends_on: "",
      },
    ]);
    expect(proposeActions(null, { responsibleId: null, today: "2026-03-14" })).toEqual([]);
    expect(
      proposeActions({ guidelines: ["X"] }, { responsibleId: null, today: "2026-03-14" })[0]?.responsible_id,
    ).toBeNull();
  });

  it("proposes the guidelines in the reader's language, Spanish when the type has none in English", () => {
    const type = { guidelines: ["Diálogo reflexivo"], guidelines_en: ["A reflective conversation"] };
    const defaults = { responsibleId: 7, today: "2026-03-14" };
    expect(proposeActions(type, defaults, "en").map((a) => a.guideline)).toEqual(["A reflective conversation"]);
    expect(proposeActions(type, defaults, "es").map((a) => a.guideline)).toEqual(["Diálogo reflexivo"]);
    expect(proposeActions({ ...type, guidelines_en: [] }, defaults, "en").map((a) => a.guideline)).toEqual([
      "Diálogo reflexivo",
    ]);
  });
});

describe("the registration request", () => {
  it("carries the students with their roles, the type, trimmed texts and the instant", () => {
    const { body, actionRows } = buildIncidentBody(filled(), TZ);
    expect(body).toEqual({
      students: [
        { student_id: 1, role: "involved" },
        { student_id: 2, role: "affected" },
      ],
      type_id: 5,
      detail: "Empujó a un compañero en la fila.",
      place: "Patio",
      occurred_at: "2026-03-14T18:20:00.000Z",
      group_id: 10,
      subject_id: 100,
      visible_to_family: false,
      formative_actions: [],
    });
    expect(actionRows).toEqual([]);
    expect(RegisterIncidentBody.safeParse(body).success).toBe(true);
  });

  it("sends no place, group or subject as null", () => {
    const { body } = buildIncidentBody(filled({ place: "  ", group_id: null, subject_id: null }), TZ);
    expect([body.place, body.group_id, body.subject_id]).toEqual([null, null, null]);
  });

  it("makes one formative action per involved student per chosen guideline, and remembers their rows", () => {
    const actions = proposeActions(
      { guidelines: ["Diálogo", "Carta", "Servicio"] },
      { responsibleId: 7, today: "2026-03-14" },
    );
    actions[0]!.chosen = true;
    actions[2] = { ...actions[2]!, chosen: true, repeat: "weekly", ends_on: "2026-04-11", responsible_id: "8" };
    const values = filled({ students: [student(1), student(2, "witness"), student(3)], actions });
    expect(actionCount(values)).toBe(4);
    const { body, actionRows } = buildIncidentBody(values, TZ);
    expect(body.formative_actions).toEqual([
      {
        student_id: 1,
        guideline: "Diálogo",
        responsible_id: 7,
        starts_on: "2026-03-14",
        ends_on: null,
        repeat: "none",
        notes: null,
      },
      {
        student_id: 3,
        guideline: "Diálogo",
        responsible_id: 7,
        starts_on: "2026-03-14",
        ends_on: null,
        repeat: "none",
        notes: null,
      },
      {
        student_id: 1,
        guideline: "Servicio",
        responsible_id: 8,
        starts_on: "2026-03-14",
        ends_on: "2026-04-11",
        repeat: "weekly",
        notes: null,
      },
      {
        student_id: 3,
        guideline: "Servicio",
        responsible_id: 8,
        starts_on: "2026-03-14",
        ends_on: "2026-04-11",
        repeat: "weekly",
        notes: null,
      },
    ]);
    expect(actionRows).toEqual([0, 0, 2, 2]);
    expect(RegisterIncidentBody.safeParse(body).success).toBe(true);
  });

  it("drops an end date left on an action that no longer repeats", () => {
    const actions = proposeActions({ guidelines: ["Diálogo"] }, { responsibleId: 7, today: "2026-03-14" });
    actions[0] = { ...actions[0]!, chosen: true, ends_on: "2026-03-20" };
    expect(buildIncidentBody(filled({ actions }), TZ).body.formative_actions[0]?.ends_on).toBeNull();
  });
});

describe("checks before sending", () => {
  it("passes a complete form", () => {
    expect(validateIncident(filled(), TZ, NOW)).toEqual({});
  });

  it("asks for students, a type, the detail and a date", () => {
    expect(validateIncident({ ...emptyIncident(""), detail: "   " }, TZ, NOW)).toEqual({
      students: "errors.noStudents",
      type_id: "errors.noType",
      detail: "errors.noDetail",
      occurred_at: "errors.noDate",
    });
  });

  it("refuses a time in the future of the school's clock, and accepts the current minute", () => {
    expect(validateIncident(filled({ occurred_at: "2026-03-14T12:26" }), TZ, NOW)).toEqual({
      occurred_at: "errors.future",
    });
    expect(validateIncident(filled({ occurred_at: "2026-03-14T12:25" }), TZ, NOW)).toEqual({});
  });

  it("checks each chosen action: responsible, end date of a repeated one, and someone involved", () => {
    const actions = proposeActions({ guidelines: ["A", "B", "C", "D"] }, { responsibleId: null, today: "2026-03-14" });
    actions[0] = { ...actions[0]!, chosen: true };
    actions[1] = { ...actions[1]!, chosen: true, responsible_id: "7", repeat: "daily" };
    actions[2] = { ...actions[2]!, chosen: true, responsible_id: "7", repeat: "weekly", ends_on: "2026-03-01" };
    actions[3] = { ...actions[3]!, chosen: false }; // not chosen: not checked
    expect(validateIncident(filled({ actions, students: [student(1, "witness")] }), TZ, NOW)).toEqual({
      actions: "errors.noInvolved",
      "actions.0.responsible_id": "errors.noResponsible",
      "actions.1.ends_on": "errors.noEndDate",
      "actions.2.ends_on": "errors.endBeforeStart",
    });
  });
});

describe("the server's field errors on the form", () => {
  it("puts request paths on the form's fields, actions on the guideline they came from", () => {
    const { fields, rest } = incidentErrorsFromServer(
      {
        "students.1.student_id": "No existe ese estudiante.",
        occurred_at: "La fecha no puede estar en el futuro.",
        detail: "Campos vacíos",
        "formative_actions.3.ends_on": "La fecha de fin debe ser posterior a la de inicio.",
        "formative_actions.0.responsible_id": "Elige a alguien del personal.",
        school_year: "No hay ciclo escolar actual.",
      },
      [0, 0, 2, 2],
    );
    expect(fields).toEqual({
      students: "No existe ese estudiante.",
      occurred_at: "La fecha no puede estar en el futuro.",
      detail: "Campos vacíos",
      "actions.2.ends_on": "La fecha de fin debe ser posterior a la de inicio.",
      "actions.0.responsible_id": "Elige a alguien del personal.",
    });
    expect(rest).toEqual(["No hay ciclo escolar actual."]);
  });

  it("keeps an action error it cannot place on the actions as a whole", () => {
    expect(
      incidentErrorsFromServer({ "formative_actions.9.guideline": "x", formative_actions: "y" }, []).fields,
    ).toEqual({
      actions: "x",
    });
  });
});
