import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formativeActions, incidents, incidentTimeline } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";

let t: TestApp;
let s: IncidentSchool;
let other: IncidentSchool;
beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
});
afterAll(() => t.close());

type As = IncidentSchool["teacher"]["as"];
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A new open incident of a1 and a2 registered by the teacher, with `actions` formative actions for a1. */
async function openIncident(actions = 0) {
  const res = await s.teacher.as({
    method: "POST",
    url: "/api/incidents",
    payload: registration(s, {
      students: [
        { student_id: s.a1.id, role: "involved" },
        { student_id: s.a2.id, role: "affected" },
      ],
      formative_actions: Array.from({ length: actions }, (_, i) => ({
        student_id: i % 2 === 0 ? s.a1.id : s.a2.id,
        guideline: `Pauta ${i + 1}`,
        responsible_id: s.teacher.user.id,
        starts_on: day(i),
      })),
    }),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.incident as { id: number; folio: number };
}

const act = (as: As, id: number, action: string, payload: Record<string, unknown>, lang = "es") =>
  as({ method: "POST", url: `/api/incidents/${id}/${action}`, payload, headers: { "accept-language": lang } });
const close = (as: As, id: number, extra: Record<string, unknown> = {}) =>
  act(as, id, "close", { closing_note: "Se habló con las familias.", ...extra });
const incidentRow = async (id: number) => (await t.db.select().from(incidents).where(eq(incidents.id, id)))[0]!;
const events = async (id: number) =>
  (
    await t.db
      .select()
      .from(incidentTimeline)
      .where(eq(incidentTimeline.incidentId, id))
      .orderBy(asc(incidentTimeline.id))
  ).map((e) => ({ event: e.event, user: e.userId, details: e.details }));

describe("closing", () => {
  it("refuses to close while formative actions are pending, unless they are waived", async () => {
    const { id, folio } = await openIncident(2);
    const [done] = await t.db.select().from(formativeActions).where(eq(formativeActions.incidentId, id));
    const pending = await close(s.director.as, id, {});
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({
      code: "PENDING_FORMATIVE_ACTIONS",
      message: "Hay acciones formativas pendientes: complétalas o dispénsalas explícitamente para cerrar.",
    });
    const en = await act(s.director.as, id, "close", { closing_note: "x" }, "en");
    expect(en.json().message).toBe(
      "There are pending formative actions: complete them or waive them explicitly to close.",
    );
    expect((await incidentRow(id)).status).toBe("open");

    // One action is completed (nothing due any more): only the other is waived.
    await t.db.update(formativeActions).set({ nextDueOn: null }).where(eq(formativeActions.id, done!.id));
    const res = await close(s.director.as, id, { waive_pending_actions: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.incident).toEqual({ id, folio, status: "closed" });

    const row = await incidentRow(id);
    expect(row).toMatchObject({
      status: "closed",
      closedBy: s.director.user.id,
      closingNote: "Se habló con las familias.",
    });
    expect(row.closedAt).toBeInstanceOf(Date);
    const actions = await t.db
      .select()
      .from(formativeActions)
      .where(eq(formativeActions.incidentId, id))
      .orderBy(asc(formativeActions.id));
    expect(actions.map((a) => [a.id === done!.id, a.waivedBy, a.waiveReason, a.nextDueOn])).toEqual([
      [true, null, null, null],
      [false, s.director.user.id, "Se habló con las familias.", null],
    ]);
    const waived = actions.find((a) => a.id !== done!.id)!;
    expect(waived.waivedAt).toBeInstanceOf(Date);
    expect((await events(id)).slice(-2)).toEqual([
      {
        event: "action-waived",
        user: s.director.user.id,
        details: { action_id: waived.id, student_id: waived.studentId, reason: "Se habló con las familias." },
      },
      {
        event: "closed",
        user: s.director.user.id,
        details: { closing_note: "Se habló con las familias.", waived_actions: 1 },
      },
    ]);
  });

  it("needs a closing note and an open incident; a second close is an invalid transition", async () => {
    const { id } = await openIncident();
    const empty = await act(s.coordinador.as, id, "close", { closing_note: " " });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ closing_note: "Campos vacíos" });
    expect((await close(s.coordinador.as, id)).statusCode).toBe(200);
    const again = await close(s.coordinador.as, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("INVALID_TRANSITION");
    const patch = await s.coordinador.as({ method: "PATCH", url: `/api/incidents/${id}`, payload: { detail: "Otro" } });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().code).toBe("INCIDENT_NOT_OPEN");
  });

  it("lets exactly one of two racing closes through", async () => {
    const { id } = await openIncident();
    const results = await Promise.all([close(s.director.as, id), close(s.coordinador.as, id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await events(id)).filter((e) => e.event === "closed")).toHaveLength(1);
  });

  it("is for holders of incidents.update of the school only", async () => {
    const { id } = await openIncident();
    expect((await close(s.teacher.as, id)).statusCode).toBe(403);
    expect((await close(s.motherOfA1.as, id)).statusCode).toBe(403);
    const foreign = await close(other.director.as, id);
    expect(foreign.statusCode).toBe(404);
    expect((await incidentRow(id)).status).toBe("open");
  });
});

describe("cancelling", () => {
  it("cancels with a reason, keeps the incident and waives its pending actions", async () => {
    const { id } = await openIncident(1);
    expect((await act(s.coordinador.as, id, "cancel", {})).statusCode).toBe(422);
    const res = await act(s.coordinador.as, id, "cancel", { reason: "Registrada por error." });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.incident.status).toBe("cancelled");
    const row = await incidentRow(id);
    expect(row).toMatchObject({
      status: "cancelled",
      cancelledBy: s.coordinador.user.id,
      cancelReason: "Registrada por error.",
    });
    expect(row.cancelledAt).toBeInstanceOf(Date);
    const [action] = await t.db.select().from(formativeActions).where(eq(formativeActions.incidentId, id));
    expect(action).toMatchObject({
      waivedBy: s.coordinador.user.id,
      waiveReason: "Registrada por error.",
      nextDueOn: null,
    });
    expect((await events(id)).slice(-1)).toEqual([
      { event: "cancelled", user: s.coordinador.user.id, details: { reason: "Registrada por error." } },
    ]);
    // Final: neither closed nor reopened afterwards.
    expect((await close(s.director.as, id)).json().code).toBe("INVALID_TRANSITION");
    expect((await act(s.director.as, id, "reopen", { reason: "¿?" })).json().code).toBe("INVALID_TRANSITION");
  });
});

describe("reopening", () => {
  it("is the Director's: others get 403 DIRECTOR_ONLY, an open incident 409", async () => {
    const { id } = await openIncident();
    expect((await act(s.director.as, id, "reopen", { reason: "x" })).json().code).toBe("INVALID_TRANSITION");
    await close(s.coordinador.as, id);
    const coordinador = await act(s.coordinador.as, id, "reopen", { reason: "Faltó algo." }, "en");
    expect(coordinador.statusCode).toBe(403);
    expect(coordinador.json()).toMatchObject({
      code: "DIRECTOR_ONLY",
      message: "Only the Director can reopen a closed incident.",
    });
    expect((await act(s.teacher.as, id, "reopen", { reason: "x" })).statusCode).toBe(403);
    expect((await act(other.director.as, id, "reopen", { reason: "x" })).statusCode).toBe(404);

    const res = await act(s.director.as, id, "reopen", { reason: "Faltó la reunión con la familia." });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.incident.status).toBe("open");
    // The current closure is cleared; the timeline keeps who closed it, when and why.
    expect(await incidentRow(id)).toMatchObject({ status: "open", closedAt: null, closedBy: null, closingNote: null });
    expect((await events(id)).slice(-2)).toEqual([
      {
        event: "closed",
        user: s.coordinador.user.id,
        details: { closing_note: "Se habló con las familias.", waived_actions: 0 },
      },
      { event: "reopened", user: s.director.user.id, details: { reason: "Faltó la reunión con la familia." } },
    ]);
    const patch = await s.coordinador.as({ method: "PATCH", url: `/api/incidents/${id}`, payload: { place: "Aula" } });
    expect(patch.statusCode, patch.body).toBe(200);
    expect((await close(s.director.as, id)).statusCode).toBe(200);
  });
});
