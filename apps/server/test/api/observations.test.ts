import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observationTypes, students } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { uniq } from "../helpers/factories.ts";
import { followUpCounts, schoolDay } from "../helpers/follow-up.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

let t: TestApp;
let s: IncidentSchool;
beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
});
afterAll(() => t.close());

type As = IncidentSchool["director"]["as"];
type Observation = { id: number; student: { id: number }; points: number } & Record<string, unknown>;

const post = (as: As, payload: Record<string, unknown>, lang = "es") =>
  as({ method: "POST", url: "/api/accompaniment-observations", payload, headers: { "accept-language": lang } });

const body = (overrides: Record<string, unknown> = {}) => ({
  student_id: s.a1.id,
  observation_type_id: s.observationType.id,
  text: "Participó activamente en la clase de matemáticas.",
  observed_on: schoolDay(0),
  ...overrides,
});

async function record(as: As, overrides: Record<string, unknown> = {}): Promise<Observation> {
  const res = await post(as, body(overrides));
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data.observation;
}

const list = async (as: As, query = "") => {
  const res = await as({ method: "GET", url: `/api/accompaniment-observations${query}` });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data as { observations: Observation[]; total: number; page: number; per_page: number };
};

describe("accompaniment observations", () => {
  it("records an observation with the type's points by default", async () => {
    const observation = await record(s.teacher.as);
    expect(observation).toMatchObject({
      student: { id: s.a1.id, name: "Ana Pérez Ruiz", enrollment: s.a1.enrollment },
      type: { id: s.observationType.id, name_es: "Participación", name_en: "Participation", kind: "positive" },
      observed_on: schoolDay(0),
      points: 2,
      visible_to_family: true,
      recorded_by: { id: s.teacher.user.id },
    });
    expect((await record(s.teacher.as, { points: 5, observed_on: schoolDay(-3) })).points).toBe(5);
  });

  it("refuses bad input in both languages and changes nothing", async () => {
    const [inactiveType] = await t.db
      .insert(observationTypes)
      .values({ schoolId: s.school.id, nameEs: "Antigua", kind: "neutral", isActive: false })
      .returning();
    const [withdrawn] = await t.db
      .insert(students)
      .values({ schoolId: s.school.id, enrollment: uniq("MAT"), firstName: "Wendy", status: "withdrawn" })
      .returning();
    const other = await incidentSchool(t.app, t.db);
    const before = await followUpCounts(t.db, s);
    const cases: [Record<string, unknown>, number, string, string, { es: string; en: string }][] = [
      [
        { observed_on: schoolDay(1) },
        422,
        "FUTURE_DATE",
        "observed_on",
        { es: "La fecha no puede estar en el futuro.", en: "The date cannot be in the future." },
      ],
      [
        { observation_type_id: inactiveType!.id },
        422,
        "INACTIVE_OPTION",
        "observation_type_id",
        { es: "Esa opción está desactivada.", en: "That option is deactivated." },
      ],
      [
        { student_id: withdrawn!.id },
        422,
        "INACTIVE_OPTION",
        "student_id",
        { es: "Esa opción está desactivada.", en: "That option is deactivated." },
      ],
      [{ student_id: other.a1.id }, 404, "NOT_FOUND", "student_id", { es: "No encontrado.", en: "Not found." }],
      [
        { observation_type_id: other.observationType.id },
        404,
        "NOT_FOUND",
        "observation_type_id",
        { es: "No encontrado.", en: "Not found." },
      ],
      [{ text: " " }, 422, "VALIDATION", "text", { es: "Campos vacíos", en: "empty fields" }],
      [
        { points: 101 },
        422,
        "VALIDATION",
        "points",
        { es: "Revisa los datos marcados.", en: "Check the highlighted fields." },
      ],
    ];
    for (const [overrides, status, code, field, text] of cases) {
      for (const lang of ["es", "en"] as const) {
        const res = await post(s.teacher.as, body(overrides), lang);
        expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
        expect(res.json().code).toBe(code);
        expect(res.json().errors[field]).toBe(text[lang]);
      }
    }
    expect((await post(s.motherOfA1.as, body())).statusCode).toBe(403);
    expect(await followUpCounts(t.db, s)).toEqual(before);
  });

  it("shows each reader the observations of their scope, newest first", async () => {
    // A fresh school so the counts below are exact.
    const x = await incidentSchool(t.app, t.db);
    const rec = async (as: As, overrides: Record<string, unknown>) => {
      const res = await post(as, {
        observation_type_id: x.observationType.id,
        text: "Ayudó a un compañero.",
        observed_on: schoolDay(0),
        ...overrides,
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      return res.json().data.observation.id as number;
    };
    const teacherOnA1 = await rec(x.teacher.as, { student_id: x.a1.id, observed_on: schoolDay(-5) });
    const directorOnA2 = await rec(x.director.as, { student_id: x.a2.id, visible_to_family: false });
    const directorOnA1Hidden = await rec(x.director.as, { student_id: x.a1.id, visible_to_family: false });
    const otherOnB1 = await rec(x.otherTeacher.as, { student_id: x.b1.id, observed_on: schoolDay(-1) });
    // The teacher of A also noted something about a student of B: theirs to read.
    const teacherOnB1 = await rec(x.teacher.as, { student_id: x.b1.id, observed_on: schoolDay(-2) });

    const ids = async (as: As, query = "") => (await list(as, query)).observations.map((o) => o.id);
    expect(await ids(x.director.as)).toEqual([directorOnA1Hidden, directorOnA2, otherOnB1, teacherOnB1, teacherOnA1]);
    expect(await ids(x.coordinador.as)).toHaveLength(5);
    expect(await ids(x.teacher.as)).toEqual([directorOnA1Hidden, directorOnA2, teacherOnB1, teacherOnA1]);
    expect(await ids(x.otherTeacher.as)).toEqual([otherOnB1, teacherOnB1]);
    expect(await ids(x.motherOfA1.as)).toEqual([teacherOnA1]);
    expect(await ids(x.fatherOfB1.as)).toEqual([otherOnB1, teacherOnB1]);
    const other = await x.fatherOfB1.as({
      method: "GET",
      url: `/api/accompaniment-observations?student_id=${x.a1.id}`,
    });
    expect(other.statusCode).toBe(404);
    expect(await ids(x.director.as, `?student_id=${x.b1.id}`)).toEqual([otherOnB1, teacherOnB1]);

    const page2 = await list(x.director.as, "?per_page=2&page=2");
    expect(page2).toMatchObject({ total: 5, page: 2, per_page: 2 });
    expect(page2.observations.map((o) => o.id)).toEqual([otherOnB1, teacherOnB1]);
    expect(
      (await x.director.as({ method: "GET", url: "/api/accompaniment-observations?per_page=500" })).statusCode,
    ).toBe(422);
    // Another school's reader sees none of them.
    expect((await list(s.director.as)).observations.map((o) => o.id)).not.toContain(teacherOnA1);
  });
});
