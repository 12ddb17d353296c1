import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, notifications } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { insertIncident, timelineOf } from "../helpers/follow-up.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";
import { pdfText } from "../helpers/pdf-text.ts";

/**
 * Issue 30 §1: a family acknowledges an incident shown to them ("Enterado"), with a comment or a disagreement; it
 * lands on the timeline with its session; staff see who has and has not, remind a family once a day, and the PDF
 * prints it. Only the student's own family acknowledges: another family, another school and staff cannot.
 */

let t: TestApp;
let s: IncidentSchool;
let other: IncidentSchool;
beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
});
afterAll(() => t.close());

type As = IncidentSchool["director"]["as"];
const call = (as: As, method: "GET" | "POST", url: string, payload?: object, lang = "es") =>
  as({ method, url, payload, headers: { "x-language": lang, "user-agent": "Mozilla/5.0 (Linux; Android 14) Mobile" } });
const ack = (as: As, id: number, payload: object = {}, lang = "es") =>
  call(as, "POST", `/api/incidents/${id}/acknowledgement`, payload, lang);
const panel = async (as: As, id: number, lang = "es") => {
  const res = await call(as, "GET", `/api/incidents/${id}/acknowledgements`, undefined, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** a1 (mother) and b1 (father) in one incident shown to families. */
const bothFamilies = () =>
  insertIncident(t.db, s, {
    students: [
      { id: s.a1.id, groupId: s.groupA.id },
      { id: s.b1.id, groupId: s.groupB.id },
    ],
  });

describe("a family acknowledges an incident", () => {
  it("once, with a comment, landing on the timeline with who, when and the session", async () => {
    const incident = await insertIncident(t.db, s);
    const before = await panel(s.motherOfA1.as, incident.id);
    expect(before).toMatchObject({ asked: true, may_acknowledge: true, mine: null, families: [] });

    const first = await ack(s.motherOfA1.as, incident.id, { comment: "Lo hablamos en casa." });
    expect(first.statusCode, first.body).toBe(201);
    const written = first.json().data.acknowledgement;
    expect(written).toMatchObject({
      incident_id: incident.id,
      meeting_id: null,
      user: { id: s.motherOfA1.user.id },
      disagrees: false,
      comment: "Lo hablamos en casa.",
      session: { device: "Mozilla/5.0 (Linux; Android 14) Mobile" },
    });
    expect(written.session.id).toMatch(/^[0-9a-f-]{36}$/);

    // A repeat (a double tap, another phone of hers) answers the first one and writes nothing.
    const again = await ack(s.motherOfA1.as, incident.id, { disagrees: true, comment: "Otra cosa" });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.acknowledgement).toEqual(written);

    const entries = (await timelineOf(t.db, s, incident.id)).filter((e) => e.event === "acknowledged");
    expect(entries).toEqual([
      {
        event: "acknowledged",
        userId: s.motherOfA1.user.id,
        details: {
          acknowledgement_id: written.id,
          student_ids: [s.a1.id],
          disagrees: false,
          session_id: written.session.id,
        },
      },
    ]);
    const after = await panel(s.motherOfA1.as, incident.id);
    expect(after.may_acknowledge).toBe(false);
    expect(after.mine).toEqual(written);
    // Her details show the entry, without the session it came from.
    const details = await call(s.motherOfA1.as, "GET", `/api/incidents/${incident.id}`);
    const shown = details.json().data.incident.timeline.find((e: { event: string }) => e.event === "acknowledged");
    expect(shown.details).toEqual({ acknowledgement_id: written.id, student_ids: [s.a1.id], disagrees: false });
  });

  it("a disagreement needs its text, and tells the recorder", async () => {
    const incident = await insertIncident(t.db, s, { recordedBy: s.teacher.user.id });
    const bare = await ack(s.motherOfA1.as, incident.id, { disagrees: true });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors.comment).toBe("Escribe en qué no estás de acuerdo.");
    const res = await ack(s.motherOfA1.as, incident.id, { disagrees: true, comment: "Mi hija no estaba en el patio." });
    expect(res.statusCode, res.body).toBe(201);
    const told = await t.db
      .select({ type: notifications.type, params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.schoolId, s.school.id), eq(notifications.userId, s.teacher.user.id)));
    expect(told.find((n) => n.type === "incident.acknowledgement.disagreed")?.params).toMatchObject({
      student: "Ana Pérez Ruiz",
      incident_es: "Agresión verbal",
    });
  });

  it("only the student's own family: another family and another school get 404, staff 403", async () => {
    const incident = await insertIncident(t.db, s);
    for (const as of [s.fatherOfB1.as, other.motherOfA1.as]) {
      expect((await ack(as, incident.id)).statusCode).toBe(404);
      expect((await call(as, "GET", `/api/incidents/${incident.id}/acknowledgements`)).statusCode).toBe(404);
    }
    // Another school's member naming this school: not a member here.
    const crossed = await other.motherOfA1.as({
      method: "POST",
      url: `/api/incidents/${incident.id}/acknowledgement`,
      payload: {},
      headers: { "x-school-id": s.school.id },
    });
    expect(crossed.statusCode).toBe(404);
    for (const staff of [s.director.as, s.teacher.as]) {
      const res = await ack(staff, incident.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("ACK_FAMILY_ONLY");
    }
    // Not shown to families, or cancelled: nothing to acknowledge.
    const hidden = await insertIncident(t.db, s, { visibleToFamily: false });
    expect((await ack(s.motherOfA1.as, hidden.id)).statusCode).toBe(404);
    const cancelled = await insertIncident(t.db, s, { status: "cancelled" });
    expect((await ack(s.motherOfA1.as, cancelled.id)).json().code).toBe("ACK_NOT_ASKED");
    expect((await timelineOf(t.db, s, incident.id)).some((e) => e.event === "acknowledged")).toBe(false);
  });

  it("a comment is shown to staff as written; the family reads it through the redaction path", async () => {
    const incident = await bothFamilies();
    const comment = "Beto Pérez empezó la pelea.";
    expect((await ack(s.motherOfA1.as, incident.id, { comment })).statusCode).toBe(201);
    const staff = await panel(s.director.as, incident.id);
    expect(staff.acknowledgements.map((a: { comment: string }) => a.comment)).toEqual([comment]);
    // The mother reads English (her language): the other child's name is gone from her own words.
    const mine = await panel(s.motherOfA1.as, incident.id, "en");
    expect(mine.mine.comment).not.toContain("Beto");
    expect(mine.mine.comment).toContain("Another student");
    // The other family sees neither her acknowledgement nor her name.
    const theirs = await panel(s.fatherOfB1.as, incident.id);
    expect(theirs.acknowledgements).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain(s.motherOfA1.user.firstName);
    const details = await call(s.fatherOfB1.as, "GET", `/api/incidents/${incident.id}`);
    expect(details.json().data.incident.timeline.some((e: { event: string }) => e.event === "acknowledged")).toBe(
      false,
    );
  });
});

describe("staff follow the acknowledgements", () => {
  it("per incident: each family, who acknowledged and who has not", async () => {
    const incident = await bothFamilies();
    await ack(s.motherOfA1.as, incident.id);
    for (const as of [s.director.as, s.otherTeacher.as]) {
      const seen = await panel(as, incident.id);
      const byStudent = new Map(seen.families.map((f: { student: { id: number } }) => [f.student.id, f]));
      expect(byStudent.get(s.a1.id)).toMatchObject({
        acknowledged: true,
        may_remind: false,
        members: [{ user: { id: s.motherOfA1.user.id }, relationship: "mother" }],
      });
      expect(byStudent.get(s.b1.id)).toMatchObject({
        acknowledged: false,
        may_remind: true,
        reminded_at: null,
        members: [{ user: { id: s.fatherOfB1.user.id }, relationship: "father", acknowledgement_id: null }],
      });
    }
  });

  it("per group: the families that have not acknowledged, in the reader's scope", async () => {
    const incident = await bothFamilies();
    const list = async (as: As, query = "") => {
      const res = await call(as, "GET", `/api/incidents/unacknowledged${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.families as { incident: { id: number }; student: { id: number } }[];
    };
    const mine = (rows: Awaited<ReturnType<typeof list>>) =>
      rows.filter((r) => r.incident.id === incident.id).map((r) => r.student.id);
    expect(mine(await list(s.director.as)).sort()).toEqual([s.a1.id, s.b1.id].sort());
    expect(mine(await list(s.director.as, `?group_id=${s.groupB.id}`))).toEqual([s.b1.id]);
    await ack(s.motherOfA1.as, incident.id);
    expect(mine(await list(s.director.as))).toEqual([s.b1.id]);
    expect(mine(await list(s.otherTeacher.as, `?group_id=${s.groupB.id}`))).toEqual([s.b1.id]);
    expect((await call(s.motherOfA1.as, "GET", "/api/incidents/unacknowledged")).statusCode).toBe(403);
    expect((await list(other.director.as)).some((r) => r.incident.id === incident.id)).toBe(false);
  });

  it("a reminder goes to the family by notification and e-mail, once a day", async () => {
    const incident = await bothFamilies();
    const remind = (as: As, studentId: number, lang = "es") =>
      call(as, "POST", `/api/incidents/${incident.id}/acknowledgements/remind`, { student_id: studentId }, lang);

    const first = await remind(s.otherTeacher.as, s.b1.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.reminded).toBe(1);
    const told = await t.db
      .select({ type: notifications.type, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.schoolId, s.school.id), eq(notifications.userId, s.fatherOfB1.user.id)));
    expect(told).toContainEqual({
      type: "incident.acknowledgement.reminder",
      link: `/incident-details?id=${incident.id}`,
    });
    const mails = await t.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.bodyText })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.schoolId, s.school.id), eq(emailOutbox.recipient, s.fatherOfB1.user.email)));
    const mail = mails.find((m) => m.subject.startsWith("Recordatorio"));
    expect(mail?.subject).toBe("Recordatorio: confirma que leíste la incidencia de Beto Pérez Ruiz");
    expect(mail?.text).toContain(`/incident-details?id=${incident.id}`);
    expect(mail?.text).not.toContain("Ana");

    const second = await remind(s.director.as, s.b1.id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: "ACK_REMINDER_LIMIT",
      message: "Ya se envió un recordatorio a esta familia hoy. Podrás enviar otro mañana.",
    });
    expect((await remind(s.director.as, s.b1.id, "en")).json().message).toBe(
      "A reminder already went to this family today. You can send another one tomorrow.",
    );
    const seen = await panel(s.director.as, incident.id);
    const b = seen.families.find((f: { student: { id: number } }) => f.student.id === s.b1.id);
    expect(b.may_remind).toBe(false);
    expect(b.reminded_at).not.toBeNull();
    const reminded = (await timelineOf(t.db, s, incident.id)).filter((e) => e.event === "acknowledgement-reminded");
    expect(reminded).toEqual([
      {
        event: "acknowledgement-reminded",
        userId: s.otherTeacher.user.id,
        details: { student_id: s.b1.id, reminded: 1 },
      },
    ]);

    await ack(s.motherOfA1.as, incident.id);
    expect((await remind(s.director.as, s.a1.id)).json().code).toBe("ACK_ALREADY_ACKNOWLEDGED");
    expect((await remind(s.director.as, s.a2.id)).statusCode).toBe(404);
    expect((await remind(s.fatherOfB1.as, s.b1.id)).statusCode).toBe(403);
    expect((await remind(other.director.as, s.b1.id)).statusCode).toBe(404);
  });
});

describe("a parent meeting's minutes", () => {
  it("are acknowledged the same way by the household that attends", async () => {
    const incident = await bothFamilies();
    const schedule = async (minutes: string | null) => {
      const res = await call(s.director.as, "POST", `/api/incidents/${incident.id}/meetings`, {
        scheduled_at: new Date(Date.now() - 3_600_000).toISOString(),
        place: "Dirección",
        attendee_ids: [s.motherOfA1.user.id, s.teacher.user.id],
        minutes,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.meeting.id as number;
    };
    const held = await schedule("Se acordó una carta compromiso.");
    const empty = await schedule(null);
    const minutes = (as: As, id: number) => call(as, "POST", `/api/parent-meetings/${id}/acknowledgement`, {});

    expect((await minutes(s.fatherOfB1.as, held)).statusCode).toBe(404);
    expect((await minutes(s.director.as, held)).statusCode).toBe(403);
    expect((await minutes(s.motherOfA1.as, empty)).json().code).toBe("ACK_NOT_ASKED");
    const first = await minutes(s.motherOfA1.as, held);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.acknowledgement.meeting_id).toBe(held);
    expect((await minutes(s.motherOfA1.as, held)).statusCode).toBe(200);

    const seen = await panel(s.motherOfA1.as, incident.id);
    // The meeting's acknowledgement is not the incident's: she is still asked about the incident itself.
    expect(seen.may_acknowledge).toBe(true);
    expect(seen.meetings).toEqual([
      expect.objectContaining({ meeting_id: held, may_acknowledge: false, mine: first.json().data.acknowledgement }),
    ]);
    expect((await panel(s.fatherOfB1.as, incident.id)).meetings).toEqual([]);
    const entries = (await timelineOf(t.db, s, incident.id)).filter((e) => e.event === "minutes-acknowledged");
    expect(entries.map((e) => e.details.meeting_id)).toEqual([held]);
  });
});

describe("the incident's PDF", () => {
  it("prints the acknowledgements: every family on the school's copy, the household's on the family's", async () => {
    const incident = await bothFamilies();
    await ack(s.motherOfA1.as, incident.id, { disagrees: true, comment: "No fue así." });
    const printed = async (as: As, lang: string) => {
      const res = await call(as, "GET", `/api/incidents/${incident.id}/pdf`, undefined, lang);
      expect(res.statusCode, res.body).toBe(200);
      return pdfText(res.rawPayload);
    };
    const staff = await printed(s.director.as, "es");
    expect(staff).toContain("Acuse de la familia");
    expect(staff).toMatch(/\(Madre\): Enterado el .+ \(sesión [0-9a-f]{8}\)/);
    expect(staff).toContain("No está de acuerdo: «No fue así.»");
    expect(staff).toContain("(Padre): Sin acuse");
    expect(staff).toContain("Confirmó que leyó la incidencia (Enterado)");

    const mother = await printed(s.motherOfA1.as, "en");
    expect(mother).toContain("Family acknowledgement");
    expect(mother).toContain("Disagrees: «No fue así.»");
    expect(mother).not.toContain("Not acknowledged");
    const father = await printed(s.fatherOfB1.as, "es");
    expect(father).toContain("Nadie ha confirmado aún.");
    expect(father).not.toContain("No fue así.");
  });
});
