import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import {
  followUpCounts,
  insertIncident,
  nextDueOn,
  notificationsOf,
  schoolDay,
  setStatus,
  timelineOf,
} from "../helpers/follow-up.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

let t: TestApp;
let s: IncidentSchool;
beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
});
afterAll(() => t.close());

type As = IncidentSchool["director"]["as"];
type Action = {
  id: number;
  state: string;
  incident_folio: number;
  occurrences: { on: string; completed_at: string | null; completed_by: { id: number } | null; note: string | null }[];
} & Record<string, unknown>;

const call = (as: As, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, lang = "es") =>
  as({ method, url, payload, headers: { "accept-language": lang } });

async function ok(res: Awaited<ReturnType<As>>, status = 200): Promise<Action> {
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data.formative_action;
}

const actionBody = (overrides: Record<string, unknown> = {}) => ({
  student_id: s.a1.id,
  guideline: "Diálogo reflexivo con el estudiante",
  responsible_id: s.teacher.user.id,
  starts_on: schoolDay(0),
  ...overrides,
});

const create = async (incidentId: number, overrides: Record<string, unknown> = {}) =>
  ok(await call(s.director.as, "POST", `/api/incidents/${incidentId}/formative-actions`, actionBody(overrides)), 201);

const complete = (as: As, id: number, on: string, note?: string) =>
  call(as, "POST", `/api/formative-actions/${id}/completions`, { occurrence_on: on, note });

describe("formative actions", () => {
  it("repeats daily, completes occurrence by occurrence and keeps next_due_on", async () => {
    const incident = await insertIncident(t.db, s);
    const action = await create(incident.id, { starts_on: schoolDay(-2), ends_on: schoolDay(1), repeat: "daily" });
    expect(action.occurrences.map((o) => o.on)).toEqual([schoolDay(-2), schoolDay(-1), schoolDay(0), schoolDay(1)]);
    expect(action).toMatchObject({ state: "overdue", incident_folio: incident.folio, student: { id: s.a1.id } });
    expect(await nextDueOn(t.db, s, action.id)).toBe(schoolDay(-2));

    // The responsible Docente completes their own action (no formative-actions.create needed).
    const first = await ok(await complete(s.teacher.as, action.id, schoolDay(-2), "Conversó con el alumno"));
    expect(first.occurrences[0]).toMatchObject({
      completed_by: { id: s.teacher.user.id },
      note: "Conversó con el alumno",
    });
    expect(await nextDueOn(t.db, s, action.id)).toBe(schoolDay(-1));
    // Completing the same day again changes nothing (first record kept, no second timeline entry).
    const again = await ok(await complete(s.director.as, action.id, schoolDay(-2)));
    expect(again.occurrences[0]).toMatchObject({ completed_by: { id: s.teacher.user.id } });

    await ok(await complete(s.teacher.as, action.id, schoolDay(-1)));
    expect(await nextDueOn(t.db, s, action.id)).toBe(schoolDay(0));
    const pending = await ok(await complete(s.teacher.as, action.id, schoolDay(1)));
    expect(pending.state).toBe("pending");
    expect(await nextDueOn(t.db, s, action.id)).toBe(schoolDay(0));

    const reopened = await ok(
      await call(s.teacher.as, "DELETE", `/api/formative-actions/${action.id}/completions/${schoolDay(-2)}`),
    );
    expect(reopened.state).toBe("overdue");
    expect(reopened.occurrences[0]!.completed_at).toBeNull();
    expect(await nextDueOn(t.db, s, action.id)).toBe(schoolDay(-2));

    for (const day of [-2, 0]) await ok(await complete(s.teacher.as, action.id, schoolDay(day)));
    const done = await ok(await complete(s.teacher.as, action.id, schoolDay(-2)));
    expect(done.state).toBe("completed");
    expect(await nextDueOn(t.db, s, action.id)).toBeNull();

    const timeline = await timelineOf(t.db, s, incident.id);
    expect(timeline.map((e) => e.event)).toEqual([
      "action-created",
      "action-completed",
      "action-completed",
      "action-completed",
      "action-reopened",
      "action-completed",
      "action-completed",
    ]);
    expect(timeline[0]).toMatchObject({
      userId: s.director.user.id,
      details: { action_id: action.id, student_id: s.a1.id, guideline: "Diálogo reflexivo con el estudiante" },
    });
    expect(timeline[4]!.details).toEqual({ action_id: action.id, student_id: s.a1.id, occurrence_on: schoolDay(-2) });
    // Names never land on the timeline.
    expect(JSON.stringify(timeline)).not.toMatch(/Ana|Tere|Pérez/);
    // The responsible teacher was told in-app.
    const told = await notificationsOf(t.db, s, s.teacher.user.id);
    expect(told.filter((n) => n.type === "formative-action.assigned")).toHaveLength(1);
  });

  it("repeats weekly up to the end date and refuses days that are not occurrences", async () => {
    const incident = await insertIncident(t.db, s);
    const action = await create(incident.id, { starts_on: schoolDay(-14), ends_on: schoolDay(6), repeat: "weekly" });
    expect(action.occurrences.map((o) => o.on)).toEqual([schoolDay(-14), schoolDay(-7), schoolDay(0)]);
    const before = await followUpCounts(t.db, s);
    for (const lang of ["es", "en"]) {
      const res = await call(
        s.teacher.as,
        "POST",
        `/api/formative-actions/${action.id}/completions`,
        { occurrence_on: schoolDay(-13) },
        lang,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: "NOT_AN_OCCURRENCE",
        errors: {
          occurrence_on:
            lang === "es"
              ? "La acción no tiene una fecha programada ese día."
              : "The action has no occurrence on that day.",
        },
      });
    }
    const notDay = await call(
      s.teacher.as,
      "DELETE",
      `/api/formative-actions/${action.id}/completions/${schoolDay(-13)}`,
    );
    expect(notDay.json().code).toBe("NOT_AN_OCCURRENCE");
    expect(await followUpCounts(t.db, s)).toEqual(before);
    for (const day of [-14, -7]) await ok(await complete(s.teacher.as, action.id, schoolDay(day)));
    expect(await nextDueOn(t.db, s, action.id)).toBe(schoolDay(0));
  });

  it("shows overdue actions to the responsible user and the director, and to nobody else", async () => {
    const incident = await insertIncident(t.db, s);
    const late = await create(incident.id, { starts_on: schoolDay(-3) });
    const later = await create(incident.id, {
      responsible_id: s.coordinador.user.id,
      starts_on: schoolDay(2),
      guideline: "Carta compromiso",
    });
    const list = async (as: As, query: string) => {
      const res = await call(as, "GET", `/api/formative-actions?${query}`);
      if (res.statusCode !== 200) throw new Error(res.body);
      return (res.json().data.formative_actions as Action[]).filter((a) => [late.id, later.id].includes(a.id));
    };
    expect((await list(s.teacher.as, "scope=mine&state=overdue")).map((a) => [a.id, a.incident_folio])).toEqual([
      [late.id, incident.folio],
    ]);
    // A Docente asking for "all" still gets only theirs.
    expect((await list(s.teacher.as, "scope=all")).map((a) => a.id)).toEqual([late.id]);
    expect((await list(s.director.as, "scope=all&state=overdue")).map((a) => a.id)).toEqual([late.id]);
    expect((await list(s.director.as, "scope=all")).map((a) => a.id)).toEqual([late.id, later.id]);
    expect((await list(s.director.as, "scope=mine")).map((a) => a.id)).toEqual([]);
    expect((await list(s.coordinador.as, "scope=mine&state=pending")).map((a) => a.id)).toEqual([later.id]);
    expect(await list(s.otherTeacher.as, "scope=all&state=overdue")).toEqual([]);
    expect((await call(s.motherOfA1.as, "GET", "/api/formative-actions")).statusCode).toBe(403);
    // Cancelled incidents leave the lists.
    await setStatus(t.db, s, incident.id, "cancelled");
    expect(await list(s.director.as, "scope=all")).toEqual([]);
  });

  it("checks who may do what", async () => {
    const incident = await insertIncident(t.db, s);
    const action = await create(incident.id, { responsible_id: s.coordinador.user.id });
    const before = await followUpCounts(t.db, s);
    const url = `/api/formative-actions/${action.id}`;
    const refused: [As, "POST" | "PATCH" | "DELETE", string, object | undefined, number][] = [
      // Docente: no formative-actions.create.
      [s.teacher.as, "POST", `/api/incidents/${incident.id}/formative-actions`, actionBody(), 403],
      // Familiar: writes nothing.
      [s.motherOfA1.as, "POST", `/api/incidents/${incident.id}/formative-actions`, actionBody(), 403],
      [s.motherOfA1.as, "PATCH", url, { notes: "x" }, 403],
      [s.motherOfA1.as, "POST", `${url}/completions`, { occurrence_on: schoolDay(0) }, 403],
      [s.motherOfA1.as, "DELETE", `${url}/completions/${schoolDay(0)}`, undefined, 403],
      [s.motherOfA1.as, "POST", `${url}/waive`, { reason: "x" }, 403],
      // Another teacher: not responsible, incident outside their groups.
      [s.otherTeacher.as, "POST", `${url}/completions`, { occurrence_on: schoolDay(0) }, 404],
      [s.otherTeacher.as, "PATCH", url, { notes: "x" }, 404],
      [s.otherTeacher.as, "POST", `${url}/waive`, { reason: "x" }, 404],
    ];
    for (const [as, method, u, payload, status] of refused) {
      const res = await call(as, method, u, payload);
      expect(res.statusCode, `${method} ${u}`).toBe(status);
    }
    expect(await followUpCounts(t.db, s)).toEqual(before);
    // The head teacher of group A holds formative-actions.update and the incident is theirs: they may complete it.
    await ok(await complete(s.teacher.as, action.id, schoolDay(0)));
  });

  it("refuses bad input in both languages and changes nothing", async () => {
    const incident = await insertIncident(t.db, s);
    const before = await followUpCounts(t.db, s);
    const url = `/api/incidents/${incident.id}/formative-actions`;
    const cases: [Record<string, unknown>, number, string, string, { es: string; en: string }][] = [
      [
        { student_id: s.b1.id },
        422,
        "STUDENT_NOT_IN_INCIDENT",
        "student_id",
        { es: "El estudiante no forma parte de la incidencia.", en: "The student is not part of the incident." },
      ],
      [
        { responsible_id: s.motherOfA1.user.id },
        422,
        "NOT_STAFF",
        "responsible_id",
        {
          es: "El usuario no es personal activo de la escuela.",
          en: "The user is not an active staff member of the school.",
        },
      ],
      [
        { repeat: "daily" },
        422,
        "VALIDATION",
        "ends_on",
        { es: "La fecha de fin debe ser posterior a la de inicio.", en: "The end date must be after the start date." },
      ],
      [
        { starts_on: schoolDay(0), ends_on: schoolDay(-1) },
        422,
        "DATE_RANGE",
        "ends_on",
        { es: "La fecha de fin debe ser posterior a la de inicio.", en: "The end date must be after the start date." },
      ],
      [
        { repeat: "daily", starts_on: schoolDay(0), ends_on: schoolDay(500) },
        422,
        "TOO_MANY_OCCURRENCES",
        "ends_on",
        {
          es: "La acción se repetiría demasiadas veces; acorta el periodo.",
          en: "The action would repeat too many times; shorten the period.",
        },
      ],
      [{ guideline: "  " }, 422, "VALIDATION", "guideline", { es: "Campos vacíos", en: "empty fields" }],
    ];
    for (const [overrides, status, code, field, text] of cases) {
      for (const lang of ["es", "en"] as const) {
        const res = await call(s.director.as, "POST", url, actionBody(overrides), lang);
        expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
        expect(res.json().code).toBe(code);
        expect(res.json().errors[field]).toBe(text[lang]);
      }
    }
    expect(await followUpCounts(t.db, s)).toEqual(before);
  });

  it("edits an action, keeping completed days inside its dates, and waives it", async () => {
    const incident = await insertIncident(t.db, s);
    const action = await create(incident.id, { starts_on: schoolDay(-1), ends_on: schoolDay(1), repeat: "daily" });
    await ok(await complete(s.teacher.as, action.id, schoolDay(-1)));
    const url = `/api/formative-actions/${action.id}`;

    const before = await followUpCounts(t.db, s);
    const outside = await call(s.director.as, "PATCH", url, { starts_on: schoolDay(0) }, "en");
    expect(outside.statusCode).toBe(409);
    expect(outside.json().code).toBe("COMPLETIONS_OUTSIDE_DATES");
    expect(await followUpCounts(t.db, s)).toEqual(before);

    const edited = await ok(
      await call(s.director.as, "PATCH", url, {
        ends_on: schoolDay(3),
        responsible_id: s.coordinador.user.id,
        notes: "Con apoyo de orientación",
      }),
    );
    expect(edited).toMatchObject({
      ends_on: schoolDay(3),
      responsible: { id: s.coordinador.user.id },
      notes: "Con apoyo de orientación",
    });
    expect(edited.occurrences).toHaveLength(5);
    expect(await nextDueOn(t.db, s, action.id)).toBe(schoolDay(0));
    // Switching to no repeat leaves only the start day, already completed: nothing left due.
    const single = await ok(await call(s.director.as, "PATCH", url, { repeat: "none" }));
    expect(single.state).toBe("completed");
    expect(await nextDueOn(t.db, s, action.id)).toBeNull();
    await ok(await call(s.director.as, "PATCH", url, { repeat: "weekly" }));
    expect(await nextDueOn(t.db, s, action.id)).toBeNull();
    await ok(await call(s.director.as, "PATCH", url, { repeat: "daily" }));
    expect(await nextDueOn(t.db, s, action.id)).toBe(schoolDay(0));
    // Nothing changed: no timeline entry.
    await ok(await call(s.director.as, "PATCH", url, { repeat: "daily", notes: "Con apoyo de orientación" }));

    const waived = await ok(await call(s.director.as, "POST", `${url}/waive`, { reason: "Cambio de escuela" }));
    expect(waived).toMatchObject({
      state: "waived",
      waived_by: { id: s.director.user.id },
      waive_reason: "Cambio de escuela",
    });
    expect(await nextDueOn(t.db, s, action.id)).toBeNull();
    for (const [method, u, payload] of [
      ["POST", `${url}/waive`, { reason: "otra vez" }],
      ["POST", `${url}/completions`, { occurrence_on: schoolDay(0) }],
      ["PATCH", url, { notes: "x" }],
    ] as const) {
      const res = await call(s.director.as, method, u, payload);
      expect(res.json().code, `${method} ${u}`).toBe("ACTION_CLOSED");
    }

    const timeline = await timelineOf(t.db, s, incident.id);
    expect(timeline.map((e) => e.event)).toEqual([
      "action-created",
      "action-completed",
      "action-updated",
      "action-updated",
      "action-updated",
      "action-updated",
      "action-waived",
    ]);
    expect(timeline[2]!.details).toEqual({ action_id: action.id, fields: ["responsible_id", "ends_on", "notes"] });
    expect(timeline[6]!.details).toEqual({ action_id: action.id, student_id: s.a1.id, reason: "Cambio de escuela" });
    // The new responsible was told.
    const told = await notificationsOf(t.db, s, s.coordinador.user.id);
    expect(
      told.some((n) => n.type === "formative-action.assigned" && n.link === `/incident-details?id=${incident.id}`),
    ).toBe(true);
  });

  it("refuses every change on closed and cancelled incidents", async () => {
    for (const status of ["closed", "cancelled"]) {
      const incident = await insertIncident(t.db, s);
      const action = await create(incident.id);
      await setStatus(t.db, s, incident.id, status);
      const before = await followUpCounts(t.db, s);
      const url = `/api/formative-actions/${action.id}`;
      for (const [method, u, payload] of [
        ["POST", `/api/incidents/${incident.id}/formative-actions`, actionBody()],
        ["PATCH", url, { notes: "x" }],
        ["POST", `${url}/completions`, { occurrence_on: schoolDay(0) }],
        ["DELETE", `${url}/completions/${schoolDay(0)}`, undefined],
        ["POST", `${url}/waive`, { reason: "x" }],
      ] as const) {
        const res = await call(s.director.as, method, u, payload);
        expect(res.statusCode, `${status} ${method} ${u}`).toBe(409);
        expect(res.json().code).toBe("INCIDENT_NOT_OPEN");
      }
      expect(await followUpCounts(t.db, s)).toEqual(before);
    }
  });

  it("answers 404 for another school's incidents and actions", async () => {
    const other = await incidentSchool(t.app, t.db);
    const incident = await insertIncident(t.db, s);
    const action = await create(incident.id);
    const before = await followUpCounts(t.db, s);
    for (const [method, u, payload] of [
      [
        "POST",
        `/api/incidents/${incident.id}/formative-actions`,
        { ...actionBody(), responsible_id: other.teacher.user.id },
      ],
      ["PATCH", `/api/formative-actions/${action.id}`, { notes: "x" }],
      ["POST", `/api/formative-actions/${action.id}/completions`, { occurrence_on: schoolDay(0) }],
      ["POST", `/api/formative-actions/${action.id}/waive`, { reason: "x" }],
    ] as const) {
      const res = await call(other.director.as, method, u, payload);
      expect(res.statusCode, `${method} ${u}`).toBe(404);
    }
    const list = await call(other.director.as, "GET", "/api/formative-actions?scope=all");
    expect(list.json().data.formative_actions).toEqual([]);
    expect(await followUpCounts(t.db, s)).toEqual(before);
  });
});
