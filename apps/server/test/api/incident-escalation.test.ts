import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { incidentEscalations, notifications, users } from "../../src/db/schema/index.ts";
import type { Mail, Mailer } from "../../src/lib/mailer.ts";
import { createEscalation } from "../../src/modules/strategic-vision/index.ts";
import { createAppOn, createTestApp, type TestApp } from "../helpers/app.ts";
import { schoolDay } from "../helpers/follow-up.ts";
import { insertIncident } from "../helpers/incident-rows.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

/** Issue 14 §4: an open incident older than the school's days escalates to the director once; the recorder hears when the director acts. */
const at = (offset: number) => new Date(`${schoolDay(offset)}T09:00:00-06:00`);

let t: TestApp;
let second: FastifyInstance;
let s: IncidentSchool;
const mails: Mail[] = [];
const mailer: Mailer = {
  send: async (mail) => {
    mails.push(mail);
  },
  close: () => undefined,
};

beforeAll(async () => {
  t = await createTestApp();
  // A second server on the same database: what the instances share can only travel through it.
  second = await createAppOn(t.db);
  s = await incidentSchool(t.app, t.db);
  await t.db.update(users).set({ language: "en" }).where(eq(users.id, s.director.user.id));
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const sweeper = (app: FastifyInstance) =>
  createEscalation({
    db: t.db,
    config: app.ctx.config,
    mailer,
    notifications: app.ctx.notifications,
    log: (m) => console.log(m),
  });
const sweepBoth = () => Promise.all([sweeper(t.app).sweep(), sweeper(second).sweep()]);

async function received(userId: number, type: string) {
  return t.db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.schoolId, s.school.id), eq(notifications.userId, userId), eq(notifications.type, type)),
    );
}

const incident = (offset: number, recordedBy = s.teacher.user.id) =>
  insertIncident(t.db, s, { students: [{ id: s.a1.id, groupId: s.groupA.id }], recordedBy, occurredAt: at(offset) });

describe("aged open incidents escalate", () => {
  it("tells the director once per incident, after the school's days and not before, whatever the instances", async () => {
    const old = await incident(-20);
    const recent = await incident(-3);
    const closed = await insertIncident(t.db, s, {
      students: [{ id: s.b1.id, groupId: s.groupB.id }],
      recordedBy: s.teacher.user.id,
      occurredAt: at(-30),
      status: "closed",
    });
    await sweepBoth();
    await sweepBoth();
    const told = await received(s.director.user.id, "incident.escalated");
    expect(told.map((n) => n.link)).toEqual([`/incident-details?id=${old.id}`]);
    expect(told[0]!.params).toMatchObject({ folio: old.folio, days: 14 });
    // Nobody else: not the coordinator, not the recorder.
    expect(await received(s.coordinador.user.id, "incident.escalated")).toEqual([]);
    expect(await received(s.teacher.user.id, "incident.escalated")).toEqual([]);
    // By e-mail in the director's language (English), once.
    const toDirector = mails.filter((m) => m.to === s.director.user.email);
    expect(toDirector).toHaveLength(1);
    expect(toDirector[0]!.subject).toBe(`Incident open for 14 days or more: folio ${old.folio}`);
    // In the director's bell and list, in their language.
    const list = await s.director.as({
      method: "GET",
      url: "/api/notifications",
      headers: { "accept-language": "es" },
    });
    expect(list.json().data.notifications[0].title).toBe(`Incidencia abierta hace 14 días o más: folio ${old.folio}`);

    // Fewer days: the recent one escalates too, once; the closed one never.
    expect(
      (
        await s.director.as({
          method: "PUT",
          url: "/api/strategic-vision/settings",
          payload: { escalate_after_days: 3 },
        })
      ).statusCode,
    ).toBe(200);
    await sweepBoth();
    await sweepBoth();
    expect((await received(s.director.user.id, "incident.escalated")).map((n) => n.link)).toEqual([
      `/incident-details?id=${old.id}`,
      `/incident-details?id=${recent.id}`,
    ]);
    const rows = await t.db.select().from(incidentEscalations).where(eq(incidentEscalations.schoolId, s.school.id));
    expect(rows.map((r) => r.incidentId).sort()).toEqual([old.id, recent.id].sort());
    expect(rows.some((r) => r.incidentId === closed.id)).toBe(false);
    // The dashboard shows them.
    const d = (await s.director.as({ method: "GET", url: "/api/strategic-vision" })).json().data;
    expect(
      d.escalated.incidents.map((i: { id: number; escalated_at: string | null }) => [i.id, i.escalated_at !== null]),
    ).toEqual([
      [old.id, true],
      [recent.id, true],
    ]);
  });

  it("tells the recorder once when the director acts; closing tells them through the incident's own notice", async () => {
    const [first, second] = await t.db
      .select()
      .from(incidentEscalations)
      .where(eq(incidentEscalations.schoolId, s.school.id))
      .orderBy(incidentEscalations.escalatedAt, incidentEscalations.incidentId);
    // Nothing acted yet: nothing for the recorder.
    await sweepBoth();
    expect(await received(s.teacher.user.id, "incident.escalation.acted")).toEqual([]);

    // The director corrects the first one.
    const patch = await s.director.as({
      method: "PATCH",
      url: `/api/incidents/${first!.incidentId}`,
      payload: { place: "Biblioteca" },
    });
    expect(patch.statusCode).toBe(200);
    await sweepBoth();
    await sweepBoth();
    const acted = await received(s.teacher.user.id, "incident.escalation.acted");
    expect(acted.map((n) => n.link)).toEqual([`/incident-details?id=${first!.incidentId}`]);
    // Acting again does not tell them again.
    await s.director.as({ method: "PATCH", url: `/api/incidents/${first!.incidentId}`, payload: { place: "Patio" } });
    await sweepBoth();
    expect(await received(s.teacher.user.id, "incident.escalation.acted")).toHaveLength(1);

    // The director closes the second: the recorder gets "incident closed", and no second notice.
    const close = await s.director.as({
      method: "POST",
      url: `/api/incidents/${second!.incidentId}/close`,
      payload: { closing_note: "Se atendió con la familia.", waive_pending_actions: true },
    });
    expect(close.statusCode, close.body).toBe(200);
    await sweepBoth();
    expect(await received(s.teacher.user.id, "incident.closed")).toHaveLength(1);
    expect(await received(s.teacher.user.id, "incident.escalation.acted")).toHaveLength(1);
    const rows = await t.db.select().from(incidentEscalations).where(eq(incidentEscalations.schoolId, s.school.id));
    expect(rows.every((r) => r.actedAt !== null && r.actedBy === s.director.user.id)).toBe(true);
  });

  it("does not count the recorder's own or other staff's changes as the director acting", async () => {
    const mine = await incident(-10, s.director.user.id);
    await sweepBoth();
    // A teacher's change is not the director's.
    const patch = await s.coordinador.as({
      method: "PATCH",
      url: `/api/incidents/${mine.id}`,
      payload: { place: "Aula" },
    });
    expect(patch.statusCode).toBe(200);
    await sweepBoth();
    const [row] = await t.db.select().from(incidentEscalations).where(eq(incidentEscalations.incidentId, mine.id));
    expect(row!.actedAt).toBeNull();
    // The director acting on an incident they recorded themselves tells nobody.
    await s.director.as({ method: "PATCH", url: `/api/incidents/${mine.id}`, payload: { place: "Salón" } });
    const before = (await received(s.director.user.id, "incident.escalation.acted")).length;
    await sweepBoth();
    const [after] = await t.db.select().from(incidentEscalations).where(eq(incidentEscalations.incidentId, mine.id));
    expect(after!.actedAt).not.toBeNull();
    expect(after!.recorderToldAt).toBeNull();
    expect(await received(s.director.user.id, "incident.escalation.acted")).toHaveLength(before);
  });
});
