import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { students } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { uniq } from "../helpers/factories.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

/** The teacher's warning while typing a text families will read (issue 9 item 8). */

let t: TestApp;
let s: IncidentSchool;
let other: IncidentSchool;
type As = IncidentSchool["director"]["as"];
let sofia: number;
let andrea: number;
let foreign: number;

const student = async (school: IncidentSchool, firstName: string, paternalSurname: string) => {
  const [row] = await t.db
    .insert(students)
    .values({ schoolId: school.school.id, enrollment: uniq("MAT"), firstName, paternalSurname })
    .returning();
  return row!.id;
};
const check = (as: As, payload: object, lang = "es") =>
  as({ method: "POST", url: "/api/incidents/family-text-check", payload, headers: { "accept-language": lang } });

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
  sofia = await student(s, "Sofía", "Ramírez");
  andrea = await student(s, "Andrea", "Quintanilla");
  await student(s, "María José", "Hernández");
  foreign = await student(other, "Zoe", "Zamora");
});
afterAll(() => t.close());

describe("the teacher's warning as they type", () => {
  it("lists the names and how each family of the incident will read the text", async () => {
    const res = await check(s.teacher.as, {
      text: "Sofía se burló de andrea; María José Hernández lo vio.",
      student_ids: [sofia, andrea],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      names: ["andrea", "María José Hernández", "Sofía"],
      previews: [
        { student_id: sofia, text: "Sofía se burló de otro estudiante; otro estudiante lo vio." },
        { student_id: andrea, text: "Otro estudiante se burló de andrea; otro estudiante lo vio." },
      ],
    });
  });

  it("before any student is picked: any family, whom full names and first name + surname are hidden from", async () => {
    const res = await check(s.teacher.as, { text: "Andrea Quintanilla y Sofía discutieron." }, "en");
    expect(res.json().data).toEqual({
      names: ["Andrea Quintanilla"],
      previews: [{ student_id: null, text: "Another student y Sofía discutieron." }],
    });
  });

  it("finds nothing in a text that names only the family's own child, or nobody", async () => {
    for (const text of ["Sofía rompió el vidrio.", "", "   ", "Rompió el vidrio del salón."]) {
      const res = await check(s.teacher.as, { text, student_ids: [sofia] });
      expect(res.json().data, text).toEqual({ names: [], previews: [] });
    }
  });

  it("knows only its own school's students: another school's names and ids are nobody", async () => {
    const res = await check(s.teacher.as, { text: "Zoe Zamora y Sofía Ramírez", student_ids: [foreign] });
    expect(res.json().data).toEqual({
      names: ["Sofía Ramírez"],
      previews: [{ student_id: null, text: "Zoe Zamora y otro estudiante" }],
    });
  });

  it("is for staff who write what families read: not families, nor anyone signed out", async () => {
    expect((await check(s.motherOfA1.as, { text: "Andrea Quintanilla" })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/incidents/family-text-check",
      payload: { text: "Andrea Quintanilla" },
      headers: { "x-school-id": s.school.id },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await check(other.director.as, { text: "x" })).statusCode).toBe(200);
    const refused = await other.director.as({
      method: "POST",
      url: "/api/incidents/family-text-check",
      payload: { text: "Andrea Quintanilla" },
      headers: { "x-school-id": s.school.id },
    });
    expect(refused.statusCode).toBe(404);
  });

  it("refuses a text longer than a detail", async () => {
    const res = await check(s.teacher.as, { text: "a".repeat(5001) });
    expect(res.statusCode).toBe(422);
  });
});
