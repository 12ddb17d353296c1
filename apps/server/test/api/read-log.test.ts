import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf } from "../helpers/factories.ts";
import { daysAgo, insertIncident } from "../helpers/incident-rows.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

/**
 * The read log (issue 25 §3): a staff read of a student's sensitive record leaves who, with which profile, when,
 * what and from which session; the Director (read-log) pages through it per student, newest first; nobody else
 * reads it — not a Docente, not another school.
 */
let t: TestApp;
let s: IncidentSchool;
let incident: { id: number };

type As = IncidentSchool["director"]["as"];
const logOf = async (as: As, studentId: number, query = "", lang = "en") => {
  const res = await as({
    method: "GET",
    url: `/api/students/${studentId}/read-log${query}`,
    headers: { "accept-language": lang },
  });
  return { status: res.statusCode, body: res.json() };
};
/** The session a member signed in with (each test member signed in once). */
const sessionOf = async (userId: number) => {
  const [row] = await t.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId)))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return row!.id;
};

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  incident = await insertIncident(t.db, s, {
    students: [
      { id: s.a1.id, groupId: s.groupA.id },
      { id: s.a2.id, groupId: s.groupA.id, role: "affected" },
    ],
    recordedBy: s.teacher.user.id,
    occurredAt: daysAgo(2),
  });
});
afterAll(() => t?.close());

describe("the read log", () => {
  it("records a teacher's read of an incident's details for each student it concerns, with profile and session", async () => {
    const before = Date.now();
    const read = await s.teacher.as({ method: "GET", url: `/api/incidents/${incident.id}` });
    expect(read.statusCode).toBe(200);

    const teacherSession = await sessionOf(s.teacher.user.id);
    for (const student of [s.a1, s.a2]) {
      const { status, body } = await logOf(s.director.as, student.id);
      expect(status).toBe(200);
      const [entry] = body.data.entries;
      expect(entry).toMatchObject({
        kind: "incident.details",
        kind_label: "Incident details",
        record_id: String(incident.id),
        user: { id: s.teacher.user.id, name: expect.stringContaining("Tere") },
        profile: "Docente",
        session: { id: teacherSession },
      });
      expect(Date.parse(entry.read_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(entry.read_at)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // In Spanish, the kind reads in Spanish.
    const es = await logOf(s.director.as, s.a1.id, "", "es");
    expect(es.body.data.entries[0].kind_label).toBe("Detalle de incidencia");
  });

  it("records the Director opening a student's file, newest first, paged", async () => {
    const file = await s.director.as({ method: "GET", url: `/api/students/${s.b1.id}/file` });
    expect(file.statusCode).toBe(200);
    const card = await s.director.as({ method: "GET", url: `/api/scorecard/students/${s.b1.id}` });
    expect(card.statusCode).toBe(200);

    const all = await logOf(s.director.as, s.b1.id);
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.entries.map((e: { kind: string }) => e.kind)).toEqual(["student.scorecard", "student.file"]);
    expect(all.body.data.entries[1]).toMatchObject({
      record_id: String(s.b1.id),
      user: { id: s.director.user.id },
      profile: "Director",
      session: { id: await sessionOf(s.director.user.id) },
    });

    const second = await logOf(s.director.as, s.b1.id, "?page=2&per_page=1");
    expect(second.body.data).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(second.body.data.entries.map((e: { kind: string }) => e.kind)).toEqual(["student.file"]);
  });

  it("shows the Director a Read log section in the file, and not to a teacher", async () => {
    const director = await s.director.as({ method: "GET", url: `/api/students/${s.a2.id}/file` });
    const section = director.json().data.file.sections.find((x: { key: string }) => x.key === "read-log");
    // The teacher's read of the incident is logged for a2 (reading the file counts from before this read).
    expect(section).toEqual({ key: "read-log", count: 1 });
    const teacher = await s.teacher.as({ method: "GET", url: `/api/students/${s.a2.id}/file` });
    expect(teacher.statusCode).toBe(200);
    expect(teacher.json().data.file.sections.map((x: { key: string }) => x.key)).not.toContain("read-log");
  });

  it("does not log a family reading their own child's records", async () => {
    const before = (await logOf(s.director.as, s.a1.id)).body.data.total;
    const read = await s.motherOfA1.as({ method: "GET", url: `/api/incidents/${incident.id}` });
    expect(read.statusCode).toBe(200);
    expect((await logOf(s.director.as, s.a1.id)).body.data.total).toBe(before);
  });

  it("refuses the log to a Docente (403) and to another school (404)", async () => {
    const teacher = await logOf(s.teacher.as, s.a1.id);
    expect(teacher.status).toBe(403);

    const other = await memberOf(t.app, t.db, "director");
    // Through their own school the student does not exist; in this school they are not a member.
    expect((await logOf(other.as, s.a1.id)).status).toBe(404);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/students/${s.a1.id}/read-log`,
      headers: { authorization: `Bearer ${other.token}`, "x-school-id": s.school.id },
    });
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).not.toContain("incident.details");
  });
});
