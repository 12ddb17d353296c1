import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { followUpCounts, insertIncident, setStatus, timelineOf } from "../helpers/follow-up.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

let t: TestApp;
let s: IncidentSchool;
beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
});
afterAll(() => t.close());

type As = IncidentSchool["director"]["as"];
type Meeting = {
  id: number;
  status: string;
  attendees: { id: number; name: string; kind: string }[];
} & Record<string, unknown>;

const call = (as: As, method: "GET" | "POST" | "PATCH", url: string, payload?: object, lang = "es") =>
  as({ method, url, payload, headers: { "accept-language": lang } });

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

async function schedule(incidentId: number, body: Record<string, unknown> = {}): Promise<Meeting> {
  const res = await call(s.director.as, "POST", `/api/incidents/${incidentId}/meetings`, {
    scheduled_at: inHours(48),
    place: "Dirección",
    attendee_ids: [s.motherOfA1.user.id, s.teacher.user.id],
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data.meeting;
}

const listAs = async (as: As, query = ""): Promise<Meeting[]> => {
  const res = await call(as, "GET", `/api/parent-meetings${query}`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data.meetings;
};

const bell = async (as: As, lang: string) =>
  (await call(as, "GET", "/api/notifications", undefined, lang)).json().data.notifications as {
    type: string;
    title: string;
    body: string;
  }[];

describe("parent meetings", () => {
  it("lists the candidates: the students' families and the school's staff", async () => {
    const incident = await insertIncident(t.db, s);
    const res = await call(s.director.as, "GET", `/api/incidents/${incident.id}/meeting-attendees`);
    expect(res.statusCode).toBe(200);
    const { family, staff } = res.json().data as {
      family: { id: number; student_ids: number[] }[];
      staff: { id: number }[];
    };
    // Each family member says whose family they are, so a meeting invites one student's family by default.
    expect(family.map((f) => [f.id, f.student_ids])).toEqual([[s.motherOfA1.user.id, [s.a1.id]]]);
    const both = await insertIncident(t.db, s, {
      students: [
        { id: s.a1.id, groupId: s.groupA.id },
        { id: s.b1.id, groupId: s.groupB.id },
      ],
    });
    const two = (await call(s.director.as, "GET", `/api/incidents/${both.id}/meeting-attendees`)).json().data as {
      family: { id: number; student_ids: number[] }[];
    };
    expect(two.family.map((f) => [f.id, f.student_ids]).sort()).toEqual(
      [
        [s.motherOfA1.user.id, [s.a1.id]],
        [s.fatherOfB1.user.id, [s.b1.id]],
      ].sort(),
    );
    const staffIds = staff.map((u) => u.id);
    for (const m of [s.director, s.coordinador, s.teacher, s.otherTeacher]) expect(staffIds).toContain(m.user.id);
    expect(staffIds).not.toContain(s.motherOfA1.user.id);
    expect(staffIds).not.toContain(s.fatherOfB1.user.id);
    expect((await call(s.teacher.as, "GET", `/api/incidents/${incident.id}/meeting-attendees`)).statusCode).toBe(403);
  });

  it("schedules a meeting, tells the family in their language and follows it to held", async () => {
    const incident = await insertIncident(t.db, s);
    const meeting = await schedule(incident.id);
    expect(meeting).toMatchObject({
      status: "scheduled",
      mode: "in-person",
      place: "Dirección",
      incident_folio: incident.folio,
    });
    expect(meeting.attendees.map((a) => [a.id, a.kind]).sort()).toEqual(
      [
        [s.motherOfA1.user.id, "family"],
        [s.teacher.user.id, "staff"],
      ].sort(),
    );
    // The mother reads English on her English screen; the staff attendee is not notified (they scheduled it
    // together).
    const told = (await bell(s.motherOfA1.as, "en")).filter((n) => n.type === "meeting.scheduled");
    expect(told).toHaveLength(1);
    // Dates read one way (issue 12 §5): "Nov 25, 2026, 10:00 AM" on the school's clock.
    expect(told[0]!.title).toMatch(/^Meeting with the school: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(told[0]!.body).toBe(`Meeting about incident ${incident.folio}. See the details in Convive.`);
    expect((await bell(s.teacher.as, "es")).some((n) => n.type === "meeting.scheduled")).toBe(false);

    const held = await call(s.coordinador.as, "PATCH", `/api/parent-meetings/${meeting.id}`, {
      status: "held",
      minutes: "La familia se comprometió a revisar la agenda diaria.",
      agreements: "Revisión semanal",
    });
    expect(held.statusCode).toBe(200);
    expect(held.json().data.meeting).toMatchObject({ status: "held", agreements: "Revisión semanal" });
    const timeline = await timelineOf(t.db, s, incident.id);
    expect(timeline.map((e) => e.event)).toEqual(["meeting-scheduled", "meeting-updated"]);
    expect(timeline[0]!.details).toEqual({ meeting_id: meeting.id, scheduled_at: meeting.scheduled_at });
    expect(timeline[1]!.details).toEqual({
      meeting_id: meeting.id,
      fields: ["agreements", "minutes", "status"],
      status: "held",
    });
    expect(JSON.stringify(timeline)).not.toMatch(/Ana|Tere|Prueba/);
  });

  it("tells families when a meeting is moved or cancelled", async () => {
    const incident = await insertIncident(t.db, s);
    const meeting = await schedule(incident.id);
    const count = async () =>
      (await bell(s.motherOfA1.as, "en")).filter((n) => n.type.startsWith("meeting.")).map((n) => n.type);
    const before = await count();
    await call(s.director.as, "PATCH", `/api/parent-meetings/${meeting.id}`, { scheduled_at: inHours(72) });
    await call(s.director.as, "PATCH", `/api/parent-meetings/${meeting.id}`, { place: "Biblioteca" });
    await call(s.director.as, "PATCH", `/api/parent-meetings/${meeting.id}`, { status: "cancelled" });
    expect((await count()).slice(0, 2)).toEqual(["meeting.cancelled", "meeting.scheduled"]);
    expect((await count()).length).toBe(before.length + 2);
  });

  it("accepts only family members of the incident's students and active staff, and changes nothing otherwise", async () => {
    const incident = await insertIncident(t.db, s);
    const before = await followUpCounts(t.db, s);
    for (const ids of [[s.fatherOfB1.user.id], [2_000_000_000], [s.teacher.user.id, s.fatherOfB1.user.id]]) {
      for (const lang of ["es", "en"] as const) {
        const res = await call(
          s.director.as,
          "POST",
          `/api/incidents/${incident.id}/meetings`,
          { scheduled_at: inHours(5), attendee_ids: ids },
          lang,
        );
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({
          code: "INVALID_ATTENDEE",
          errors: {
            attendee_ids:
              lang === "es"
                ? "Solo pueden asistir familiares de los estudiantes de la incidencia o personal activo de la escuela."
                : "Only family members of the incident's students or active staff of the school can attend.",
          },
        });
      }
    }
    const bad = await call(s.director.as, "POST", `/api/incidents/${incident.id}/meetings`, {
      scheduled_at: "mañana",
      mode: "phone",
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["mode", "scheduled_at"]);
    const meeting = await schedule(incident.id);
    const after = await followUpCounts(t.db, s);
    const refused = await call(s.director.as, "PATCH", `/api/parent-meetings/${meeting.id}`, {
      attendee_ids: [s.fatherOfB1.user.id],
      status: "held",
    });
    expect(refused.json().code).toBe("INVALID_ATTENDEE");
    expect(await followUpCounts(t.db, s)).toEqual(after);
    expect(after.parent_meetings).toBe(before.parent_meetings + 1);
  });

  it("allows meetings on closed incidents but not on cancelled ones", async () => {
    const closed = await insertIncident(t.db, s, { status: "closed" });
    await schedule(closed.id);
    const cancelled = await insertIncident(t.db, s);
    const meeting = await schedule(cancelled.id);
    await setStatus(t.db, s, cancelled.id, "cancelled");
    const before = await followUpCounts(t.db, s);
    const create = await call(s.director.as, "POST", `/api/incidents/${cancelled.id}/meetings`, {
      scheduled_at: inHours(5),
    });
    expect(create.statusCode).toBe(409);
    expect(create.json().code).toBe("INCIDENT_NOT_OPEN");
    const edit = await call(s.director.as, "PATCH", `/api/parent-meetings/${meeting.id}`, { status: "held" });
    expect(edit.json().code).toBe("INCIDENT_NOT_OPEN");
    expect(await followUpCounts(t.db, s)).toEqual(before);
  });

  it("shows families only their meetings, without other families", async () => {
    const both = await insertIncident(t.db, s, {
      students: [
        { id: s.a1.id, groupId: s.groupA.id },
        { id: s.b1.id, groupId: s.groupB.id },
      ],
    });
    const shared = await schedule(both.id, {
      attendee_ids: [s.motherOfA1.user.id, s.fatherOfB1.user.id, s.teacher.user.id],
    });
    const aboutB = await insertIncident(t.db, s, {
      students: [{ id: s.b1.id, groupId: s.groupB.id }],
      groupId: s.groupB.id,
    });
    const bMeeting = await schedule(aboutB.id, { attendee_ids: [s.otherTeacher.user.id] });
    const hidden = await insertIncident(t.db, s, {
      students: [{ id: s.b1.id, groupId: s.groupB.id }],
      groupId: s.groupB.id,
      visibleToFamily: false,
    });
    const hiddenMeeting = await schedule(hidden.id, { attendee_ids: [s.otherTeacher.user.id] });

    const ours = [shared.id, bMeeting.id, hiddenMeeting.id];
    const mother = (await listAs(s.motherOfA1.as)).filter((m) => ours.includes(m.id));
    expect(mother.map((m) => m.id)).toEqual([shared.id]);
    expect(mother[0]!.attendees.map((a) => a.id).sort()).toEqual([s.motherOfA1.user.id, s.teacher.user.id].sort());
    const father = (await listAs(s.fatherOfB1.as)).filter((m) => ours.includes(m.id));
    expect(father.map((m) => m.id).sort()).toEqual([shared.id, bMeeting.id].sort());
    expect(father.map((m) => m.id)).not.toContain(hiddenMeeting.id);

    // Staff: the Director sees everything; a Docente sees the meetings of their groups' incidents.
    const all = (await listAs(s.director.as)).map((m) => m.id);
    expect(all).toEqual(expect.arrayContaining([shared.id, bMeeting.id, hiddenMeeting.id]));
    const teacher = (await listAs(s.teacher.as)).map((m) => m.id);
    expect(teacher).toContain(shared.id);
    expect(teacher).not.toContain(bMeeting.id);
    const other = (await listAs(s.otherTeacher.as)).map((m) => m.id);
    expect(other).toEqual(expect.arrayContaining([shared.id, bMeeting.id, hiddenMeeting.id]));
  });

  it("lists upcoming meetings soonest first", async () => {
    const incident = await insertIncident(t.db, s);
    const later = await schedule(incident.id, { scheduled_at: inHours(30 * 24) });
    const soon = await schedule(incident.id, { scheduled_at: inHours(1) });
    const past = await schedule(incident.id, { scheduled_at: inHours(-24) });
    const off = await schedule(incident.id, { scheduled_at: inHours(2) });
    await call(s.director.as, "PATCH", `/api/parent-meetings/${off.id}`, { status: "cancelled" });
    const mine = [later.id, soon.id, past.id, off.id];
    const upcoming = (await listAs(s.motherOfA1.as, "?upcoming=1")).filter((m) => mine.includes(m.id));
    expect(upcoming.map((m) => m.id)).toEqual([soon.id, later.id]);
    const every = (await listAs(s.motherOfA1.as, "?upcoming=0")).filter((m) => mine.includes(m.id));
    expect(every.map((m) => m.id)).toEqual([later.id, off.id, soon.id, past.id]);
  });

  it("keeps writes to those who hold the grants, and other schools out", async () => {
    const incident = await insertIncident(t.db, s);
    const meeting = await schedule(incident.id);
    const other = await incidentSchool(t.app, t.db);
    const before = await followUpCounts(t.db, s);
    const cases: [As, "POST" | "PATCH" | "GET", string, number][] = [
      [s.teacher.as, "POST", `/api/incidents/${incident.id}/meetings`, 403],
      [s.teacher.as, "PATCH", `/api/parent-meetings/${meeting.id}`, 403],
      [s.motherOfA1.as, "POST", `/api/incidents/${incident.id}/meetings`, 403],
      [s.motherOfA1.as, "PATCH", `/api/parent-meetings/${meeting.id}`, 403],
      [other.director.as, "POST", `/api/incidents/${incident.id}/meetings`, 404],
      [other.director.as, "PATCH", `/api/parent-meetings/${meeting.id}`, 404],
      [other.director.as, "GET", `/api/incidents/${incident.id}/meeting-attendees`, 404],
    ];
    for (const [as, method, url, status] of cases) {
      const res = await call(
        as,
        method,
        url,
        method === "GET" ? undefined : { scheduled_at: inHours(3), status: "held" },
      );
      expect(res.statusCode, `${method} ${url}`).toBe(status);
    }
    expect(await listAs(other.director.as)).toEqual([]);
    expect(await followUpCounts(t.db, s)).toEqual(before);
  });
});
