import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groups, incidentTimeline, notifications } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { registration } from "../helpers/incidents.ts";
import { conversation, type MessageSchool, markRead, messageSchool, send, sent, unread } from "../helpers/messages.ts";

/**
 * Issue 27 §1, §3: a student's conversation belongs to the student's school team — whoever may open the student's
 * file and holds messages.read — and to the student's family, nobody else (403 without the permission, 404 outside
 * the scope, another school or another family); the starters setting, the family rule (urgent is staff-only), the
 * student without a family, the incident a message is about (its timeline notes it without text), receipts per
 * reader and the unread badges.
 */
let t: TestApp;
let s: MessageSchool;
let other: MessageSchool;
beforeAll(async () => {
  t = await createTestApp();
  s = await messageSchool(t.app, t.db);
  other = await messageSchool(t.app, t.db);
});
afterAll(() => t.close());

const conversationUrl = (id: number) => `/api/students/${id}/conversation`;

describe("who reads and writes a conversation", () => {
  it("refuses without the permission (403) and outside the reader's scope, school or family (404)", async () => {
    expect((await s.nurse.as({ method: "GET", url: "/api/messages/inbox" })).statusCode).toBe(403);
    expect((await s.nurse.as({ method: "GET", url: conversationUrl(s.a1.id) })).statusCode).toBe(403);
    expect((await send(s.nurse.as, s.a1.id, { body: "Hola" })).statusCode).toBe(403);
    // A teacher of another group, another school's Director, another family: the student does not exist for them.
    for (const outsider of [s.otherTeacher, other.director, s.fatherOfB1]) {
      expect((await outsider.as({ method: "GET", url: conversationUrl(s.a1.id) })).statusCode).toBe(404);
      expect((await send(outsider.as, s.a1.id, { body: "Hola" })).statusCode).toBe(404);
      expect((await markRead(outsider.as, s.a1.id)).statusCode).toBe(404);
      const pdf = await outsider.as({ method: "GET", url: `${conversationUrl(s.a1.id)}/pdf` });
      expect(pdf.statusCode).toBe(404);
    }
    // Before its first message the conversation reads empty, and the head teacher may start it.
    const empty = await conversation(s.teacher.as, s.a1.id);
    expect(empty).toMatchObject({ id: null, messages: [], can_write: true, can_mark_urgent: true });
    expect(empty.student).toMatchObject({ id: s.a1.id, name: "Ana Pérez Ruiz", group: "Primaria 1° A" });
    expect(empty.team.map((p) => p.id)).toEqual([s.teacher.user.id]);
    expect(empty.family.map((p) => p.id).sort()).toEqual([s.motherOfA1.user.id, s.fatherOfA1.user.id].sort());
  });

  it("lets only the team start a conversation under 'team', anyone of the scope under 'scope'; then anyone answers", async () => {
    // The art teacher teaches group A but does not head it.
    const refused = await send(s.artTeacher.as, s.a1.id, { body: "Buenas tardes" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "MESSAGE_STARTERS_ONLY" });
    expect(refused.json().message).toContain("titular del grupo");
    const english = await send(s.artTeacher.as, s.a1.id, { body: "Hi" }, { "accept-language": "en" });
    expect(english.json().message).toContain("head teacher");
    const shown = await conversation(s.artTeacher.as, s.a1.id);
    expect(shown).toMatchObject({ can_write: false, cannot_write_reason: "MESSAGE_STARTERS_ONLY" });

    const setting = await s.director.as({
      method: "PATCH",
      url: "/api/school-info",
      payload: { message_starters: "scope" },
    });
    expect(setting.statusCode, setting.body).toBe(200);
    expect(setting.json().data.school_info.message_starters).toBe("scope");
    const got = await s.director.as({ method: "GET", url: "/api/school-info" });
    expect(got.json().data.school_info.message_starters).toBe("scope");
    expect((await send(s.artTeacher.as, s.b1.id, { body: "x" })).statusCode).toBe(404);
    const first = await sent(s.artTeacher.as, s.a1.id, { body: "Buenas tardes, les escribo por la clase de artes." });
    expect(first).toMatchObject({
      author: { id: s.artTeacher.user.id, role: "Docente", family: false },
      urgent: false,
    });

    // Back to 'team': the conversation exists, so the art teacher still answers in it.
    await s.director.as({ method: "PATCH", url: "/api/school-info", payload: { message_starters: "team" } });
    expect((await send(s.artTeacher.as, s.a1.id, { body: "Una cosa más." })).statusCode).toBe(201);
    // School-wide staff start any conversation under 'team'.
    const b1 = await send(s.orientadora.as, s.b1.id, { body: "Hola, soy la orientadora." });
    expect(b1.statusCode, b1.body).toBe(201);
  });

  it("refuses staff a student without family (409) and families an urgent message (422)", async () => {
    const none = await send(s.director.as, s.a2.id, { body: "Hola" });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: "MESSAGE_NO_FAMILY" });
    expect((await conversation(s.director.as, s.a2.id)).cannot_write_reason).toBe("MESSAGE_NO_FAMILY");
    const urgent = await send(s.motherOfA1.as, s.a1.id, { body: "¡Urgente!", urgent: true });
    expect(urgent.statusCode).toBe(422);
    expect(urgent.json()).toMatchObject({ code: "MESSAGE_URGENT_STAFF_ONLY" });
    const asFamily = await conversation(s.motherOfA1.as, s.a1.id);
    expect(asFamily).toMatchObject({ can_write: true, can_mark_urgent: false });
    // A family member writes only in their own child's conversation.
    expect((await send(s.motherOfA1.as, s.b1.id, { body: "Hola" })).statusCode).toBe(404);
  });

  it("hands the thread to a new head teacher and takes it from the one before", async () => {
    const before = await conversation(s.teacher.as, s.a1.id);
    expect(before.messages.length).toBeGreaterThan(0);
    await t.db.update(groups).set({ headTeacherId: s.otherTeacher.user.id }).where(eq(groups.id, s.groupA.id));
    try {
      const inherited = await conversation(s.otherTeacher.as, s.a1.id);
      expect(inherited.messages.map((m) => m.id)).toEqual(before.messages.map((m) => m.id));
      expect(inherited.team[0]!.id).toBe(s.otherTeacher.user.id);
      expect((await send(s.otherTeacher.as, s.a1.id, { body: "Soy el nuevo titular." })).statusCode).toBe(201);
      const inbox = await s.otherTeacher.as({ method: "GET", url: "/api/messages/inbox" });
      expect(inbox.json().data.conversations.map((c: { student: { id: number } }) => c.student.id)).toContain(s.a1.id);
    } finally {
      await t.db.update(groups).set({ headTeacherId: s.teacher.user.id }).where(eq(groups.id, s.groupA.id));
    }
    // Back with the first head teacher, the other one no longer reaches the student.
    expect((await s.otherTeacher.as({ method: "GET", url: conversationUrl(s.a1.id) })).statusCode).toBe(404);
  });
});

describe("a message about an incident", () => {
  it("must be one of the student's incidents the sender sees; its timeline notes it without the text", async () => {
    const ofB1 = await s.otherTeacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, { students: [{ student_id: s.b1.id, role: "involved" }], group_id: s.groupB.id }),
    });
    expect(ofB1.statusCode, ofB1.body).toBe(201);
    const wrong = await send(s.teacher.as, s.a1.id, {
      body: "Sobre lo de hoy",
      incident_id: ofB1.json().data.incident.id,
    });
    expect(wrong.statusCode).toBe(404);

    const res = await s.teacher.as({ method: "POST", url: "/api/incidents", payload: registration(s) });
    const incident = res.json().data.incident as { id: number; folio: number };
    const text = "Les escribo por lo ocurrido en el recreo; ¿podemos hablar mañana?";
    const message = await sent(s.teacher.as, s.a1.id, { body: text, incident_id: incident.id });
    expect(message).toMatchObject({ incident_id: incident.id, incident_folio: String(incident.folio) });
    const [entry] = await t.db
      .select()
      .from(incidentTimeline)
      .where(and(eq(incidentTimeline.incidentId, incident.id), eq(incidentTimeline.event, "message.sent")));
    expect(entry).toMatchObject({
      userId: s.teacher.user.id,
      details: { message_id: message.id, student_id: s.a1.id },
    });
    expect(JSON.stringify(entry!.details)).not.toContain("recreo");
    const details = await s.teacher.as({ method: "GET", url: `/api/incidents/${incident.id}` });
    expect(details.json().data.incident.timeline.map((e: { event: string }) => e.event)).toContain("message.sent");

    // Its details list the messages about it for whoever may read them; outsiders get 404.
    const refs = await s.director.as({ method: "GET", url: `/api/incidents/${incident.id}/messages` });
    expect(refs.statusCode, refs.body).toBe(200);
    expect(refs.json().data).toEqual([
      expect.objectContaining({ id: message.id, student_id: s.a1.id, student_name: "Ana Pérez Ruiz" }),
    ]);
    expect(JSON.stringify(refs.json().data)).not.toContain("recreo");
    const mother = await s.motherOfA1.as({ method: "GET", url: `/api/incidents/${incident.id}/messages` });
    expect(mother.json().data.map((m: { id: number }) => m.id)).toEqual([message.id]);
    expect((await s.fatherOfB1.as({ method: "GET", url: `/api/incidents/${incident.id}/messages` })).statusCode).toBe(
      404,
    );
  });
});

describe("receipts and unread counts", () => {
  it("records who read each message and when, per parent; badges follow", async () => {
    const before = await unread(s.fatherOfA1.as);
    const message = await sent(s.teacher.as, s.a1.id, { body: "Mañana hay junta de padres a las 8:00." });
    // The notification leads to the Messages tab with the thread open.
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.fatherOfA1.user.id), eq(notifications.type, "message.received")));
    expect(notice?.link).toBe(`/notifications?tab=messages&thread=${s.a1.id}`);
    expect((await unread(s.fatherOfA1.as)).conversations).toBe(Math.max(before.conversations, 1));
    expect(await unread(s.motherOfA1.as)).toMatchObject({ conversations: 1, announcements: 0, total: 1 });

    const read = await markRead(s.motherOfA1.as, s.a1.id);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({ conversations: 0, announcements: 0, total: 0 });
    // A repeat adds nothing: the first read is kept.
    await markRead(s.motherOfA1.as, s.a1.id);
    const thread = await conversation(s.teacher.as, s.a1.id);
    const shown = thread.messages.find((m) => m.id === message.id)!;
    expect(shown.read_by.map((r) => r.user_id)).toEqual([s.motherOfA1.user.id]);
    expect(shown.read_by[0]!.name).toBe(`${s.motherOfA1.user.firstName} Prueba López`);
    expect((await unread(s.fatherOfA1.as)).conversations).toBe(1);

    // The mother answers: the head teacher's badge rises; his own messages are never unread for him.
    await markRead(s.teacher.as, s.a1.id);
    const unreadList = async () =>
      (await s.teacher.as({ method: "GET", url: "/api/messages/inbox?filter=unread" })).json().data.conversations as {
        student: { id: number };
        unread: number;
      }[];
    expect((await unreadList()).map((c) => c.student.id)).not.toContain(s.a1.id);
    const teacherBefore = await unread(s.teacher.as);
    const reply = await sent(s.motherOfA1.as, s.a1.id, { body: "Ahí estaremos, gracias." });
    expect(reply.author).toMatchObject({ id: s.motherOfA1.user.id, family: true });
    expect((await unread(s.teacher.as)).conversations).toBe(teacherBefore.conversations + 1);
    expect((await unreadList()).find((c) => c.student.id === s.a1.id)?.unread).toBe(1);
    const staffNotice = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.teacher.user.id), eq(notifications.type, "message.received.staff")));
    expect(staffNotice.length).toBeGreaterThan(0);
    await markRead(s.teacher.as, s.a1.id);
    expect((await unreadList()).map((c) => c.student.id)).not.toContain(s.a1.id);
    // The student's file shows a Messages tab counting the thread, to staff and family alike; not to the nurse.
    const file = await s.motherOfA1.as({ method: "GET", url: `/api/students/${s.a1.id}/file` });
    const tab = file.json().data.file.sections.find((x: { key: string }) => x.key === "messages");
    expect(tab.count).toBe((await conversation(s.teacher.as, s.a1.id)).messages.length);
    const mine = await conversation(s.motherOfA1.as, s.a1.id);
    expect(mine.messages.find((m) => m.id === reply.id)!.read_by.map((r) => r.user_id)).toEqual([s.teacher.user.id]);
  });

  it("flags an unread urgent message and filters by it", async () => {
    await sent(s.director.as, s.b1.id, { body: "Favor de recoger a Beto hoy a las 12:00.", urgent: true });
    const inbox = await s.fatherOfB1.as({ method: "GET", url: "/api/messages/inbox?filter=urgent" });
    expect(inbox.json().data.conversations).toEqual([
      expect.objectContaining({ student: expect.objectContaining({ id: s.b1.id }), urgent: true }),
    ]);
    await markRead(s.fatherOfB1.as, s.b1.id);
    const after = await s.fatherOfB1.as({ method: "GET", url: "/api/messages/inbox?filter=urgent" });
    expect(after.json().data.conversations).toEqual([]);
  });
});
