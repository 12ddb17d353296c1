import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { insertIncident, schoolDay } from "../helpers/follow-up.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

/**
 * Issue 12 §1: the student's file — one view of a student within the reader's scope, each section counting what
 * its tab lists — and the family's landing list of their children, and an observation shown to families reaching
 * them.
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
  as({ method, url, payload, headers: { "accept-language": lang } });

async function get<T = Record<string, unknown>>(as: As, url: string, lang = "es"): Promise<T> {
  const res = await call(as, "GET", url, undefined, lang);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

interface File {
  student: { id: number; name: string; group: { name: string; grade_name: string; section_name: string } | null };
  contacts: { name: string; relationship: string }[] | null;
  sections: { key: string; count: number }[];
}
const fileOf = (as: As, id: number) => get<{ file: File }>(as, `/api/students/${id}/file`).then((d) => d.file);
const counts = (f: File) => Object.fromEntries(f.sections.map((x) => [x.key, x.count]));

async function observe(as: As, studentId: number, visible: boolean, text = "Ayudó a un compañero en clase.") {
  const res = await call(as, "POST", "/api/accompaniment-observations", {
    student_id: studentId,
    observation_type_id: s.observationType.id,
    text,
    observed_on: schoolDay(0),
    visible_to_family: visible,
  });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data.observation as { id: number };
}

describe("the student's file", () => {
  it("gathers a student's records for staff, each section counting what its tab lists", async () => {
    // Ana (a1) in two incidents, one with Alan (a2); a hidden-from-family one; a cancelled one (left out of actions).
    const both = await insertIncident(t.db, s, {
      students: [
        { id: s.a1.id, groupId: s.groupA.id },
        { id: s.a2.id, groupId: s.groupA.id },
      ],
    });
    await insertIncident(t.db, s, { visibleToFamily: false });
    await insertIncident(t.db, s, { students: [{ id: s.b1.id, groupId: s.groupB.id }], groupId: s.groupB.id });
    const action = await call(s.director.as, "POST", `/api/incidents/${both.id}/formative-actions`, {
      student_id: s.a1.id,
      guideline: "Diálogo reflexivo con Ana y Alan Pérez Ruiz",
      responsible_id: s.teacher.user.id,
      starts_on: schoolDay(0),
    });
    expect(action.statusCode, action.body).toBe(201);
    const meeting = await call(s.director.as, "POST", `/api/incidents/${both.id}/meetings`, {
      scheduled_at: new Date(Date.now() + 48 * 3_600_000).toISOString(),
      place: "Dirección",
      attendee_ids: [s.motherOfA1.user.id],
    });
    expect(meeting.statusCode, meeting.body).toBe(201);
    await observe(s.teacher.as, s.a1.id, true);
    await observe(s.teacher.as, s.a1.id, false, "Nota solo para el personal.");

    const file = await fileOf(s.director.as, s.a1.id);
    expect(file.student).toMatchObject({
      id: s.a1.id,
      name: "Ana Pérez Ruiz",
      group: { name: "A", grade_name: "1°", section_name: "Primaria" },
    });
    expect(file.contacts).toEqual([expect.objectContaining({ relationship: "mother" })]);
    expect(file.sections.map((x) => x.key)).toEqual([
      "incidents",
      "observations",
      "points",
      "formative-actions",
      "meetings",
      // Issue 27: the conversation with the family (no message yet).
      "messages",
      // Issue 28: external support and inclusion, for their confidential readers (the Director is one).
      "external-support",
      "inclusion",
      // Issue 29: the medical record and visits, for nursing readers (the Director is one).
      "nursing",
      // Issue 25: the family's consent (no category granted) and the read log (the Director holds read-log).
      "consent",
      // Issue 30: the family's data requests, answered by the read-log holder (the Director; none open yet).
      "my-data",
      "read-log",
    ]);
    expect(counts(file)).toMatchObject({
      incidents: 2,
      observations: 2,
      "formative-actions": 1,
      meetings: 1,
      messages: 0,
      "external-support": 0,
      inclusion: 0,
      nursing: 0,
      consent: 0,
    });

    // Each count is what the tab's own list answers.
    const incidents = await get<{ incidents: unknown[] }>(s.director.as, `/api/incidents?student_id=${s.a1.id}`);
    const observations = await get<{ total: number }>(
      s.director.as,
      `/api/accompaniment-observations?student_id=${s.a1.id}`,
    );
    const actions = await get<{ formative_actions: { student: { id: number } }[] }>(
      s.director.as,
      `/api/students/${s.a1.id}/formative-actions`,
    );
    const meetings = await get<{ meetings: { incident_id: number }[] }>(
      s.director.as,
      `/api/parent-meetings?student_id=${s.a1.id}`,
    );
    expect(incidents.incidents).toHaveLength(2);
    expect(observations.total).toBe(2);
    expect(actions.formative_actions.map((a) => a.student.id)).toEqual([s.a1.id]);
    expect(meetings.meetings.map((m) => m.incident_id)).toEqual([both.id]);
    // The points tab's figure is the student's points, not the movements (issue 26 §6): the balance its tab shows.
    const { points } = await get<{ points: { balances: { balance: number }; entries: unknown[] } }>(
      s.director.as,
      `/api/students/${s.a1.id}/points`,
    );
    expect(points.entries.length).not.toBe(points.balances.balance);
    expect(counts(file).points).toBe(points.balances.balance);
    // Alan's file has the shared incident and the meeting about it, but not Ana's action or observations.
    expect(counts(await fileOf(s.director.as, s.a2.id))).toMatchObject({
      incidents: 1,
      observations: 0,
      "formative-actions": 0,
      meetings: 1,
    });
  });

  it("opens for a teacher only within their groups and their own records", async () => {
    // Tere heads group A: Ana's file opens, Beto's (group B) does not…
    expect((await fileOf(s.teacher.as, s.a1.id)).student.name).toBe("Ana Pérez Ruiz");
    expect((await call(s.teacher.as, "GET", `/api/students/${s.b1.id}/file`)).statusCode).toBe(404);
    // …until she records something about him: then his file opens, with only what she may read in it.
    await insertIncident(t.db, s, {
      students: [{ id: s.b1.id, groupId: s.groupB.id }],
      groupId: s.groupB.id,
      recordedBy: s.teacher.user.id,
    });
    const beto = await fileOf(s.teacher.as, s.b1.id);
    expect(counts(beto).incidents).toBe(1);
    expect((await fileOf(s.director.as, s.b1.id)).sections.find((x) => x.key === "incidents")?.count).toBe(2);
  });

  it("shows a family their own child's file only, without contacts or what is kept from families", async () => {
    const file = await fileOf(s.motherOfA1.as, s.a1.id);
    expect(file.contacts).toBeNull();
    // The incident hidden from families and the staff-only observation are not counted.
    expect(counts(file)).toMatchObject({ incidents: 1, observations: 1, "formative-actions": 1, meetings: 1 });
    for (const id of [s.a2.id, s.b1.id, other.a1.id]) {
      expect((await call(s.motherOfA1.as, "GET", `/api/students/${id}/file`)).statusCode).toBe(404);
      expect((await call(s.motherOfA1.as, "GET", `/api/students/${id}/formative-actions`)).statusCode).toBe(404);
      expect((await call(s.motherOfA1.as, "GET", `/api/parent-meetings?student_id=${id}`)).statusCode).toBe(404);
    }
    // Other children's names are anonymised in what staff wrote.
    const { formative_actions } = await get<{ formative_actions: { guideline: string }[] }>(
      s.motherOfA1.as,
      `/api/students/${s.a1.id}/formative-actions`,
      "en",
    );
    expect(formative_actions).toHaveLength(1);
    expect(formative_actions[0]!.guideline).toContain("Ana");
    expect(formative_actions[0]!.guideline).not.toContain("Alan");
  });

  it("never opens another school's student", async () => {
    expect((await call(other.director.as, "GET", `/api/students/${s.a1.id}/file`)).statusCode).toBe(404);
    expect((await call(other.director.as, "GET", `/api/students/${s.a1.id}/formative-actions`)).statusCode).toBe(404);
    expect((await call(s.director.as, "GET", "/api/students/abc/file")).statusCode).toBe(422);
  });
});

describe("a family's children and the observations shown to them", () => {
  it("tells the family of an observation shown to families, in the language of the screen reading it", async () => {
    const before = await get<{ notifications: { type: string }[] }>(s.motherOfA1.as, "/api/notifications");
    const seen = (list: { type: string }[]) => list.filter((n) => n.type === "observation.created.family").length;
    await observe(s.teacher.as, s.a1.id, false, "Solo para el personal.");
    const hidden = await get<{ notifications: { type: string }[] }>(s.motherOfA1.as, "/api/notifications");
    expect(seen(hidden.notifications)).toBe(seen(before.notifications));

    await observe(s.teacher.as, s.a1.id, true);
    const en = await get<{ notifications: { type: string; title: string; body: string; link: string }[] }>(
      s.motherOfA1.as,
      "/api/notifications",
      "en",
    );
    const es = await get<{ notifications: { type: string; title: string }[] }>(s.motherOfA1.as, "/api/notifications");
    expect(seen(en.notifications)).toBe(seen(before.notifications) + 1);
    const notice = en.notifications.find((n) => n.type === "observation.created.family")!;
    expect(notice.title).toBe("New observation: Ana Pérez Ruiz");
    expect(notice.body).toContain("“Participation”");
    expect(notice.link).toBe(`/notifications?student=${s.a1.id}`);
    expect(es.notifications.find((n) => n.type === "observation.created.family")!.title).toBe(
      "Nueva observación: Ana Pérez Ruiz",
    );
    // Beto's father hears nothing of Ana.
    const father = await get<{ notifications: { type: string }[] }>(s.fatherOfB1.as, "/api/notifications");
    expect(seen(father.notifications)).toBe(0);
  });

  it("lists a family's children with their latest news, and nobody else's", async () => {
    const { children } = await get<{
      children: {
        id: number;
        name: string;
        group: { name: string } | null;
        news: { kind: string; title_en: string }[];
      }[];
    }>(s.motherOfA1.as, "/api/my-children");
    expect(children.map((c) => [c.name, c.group?.name])).toEqual([["Ana Pérez Ruiz", "A"]]);
    const news = children[0]!.news;
    expect(news.length).toBeGreaterThan(0);
    expect(news.length).toBeLessThanOrEqual(3);
    expect(news.map((n) => n.kind)).toContain("observations");
    expect(news.find((n) => n.kind === "observations")?.title_en).toBe("Participation");
    expect((await get<{ children: unknown[] }>(s.director.as, "/api/my-children")).children).toEqual([]);
  });
});
