import { perm } from "@convive/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  groups,
  schoolYears,
  studentGroups,
  students,
  subjectGrades,
  subjects,
  teachingAssignments,
} from "../../src/db/schema/index.ts";
import { ownedGroups } from "../../src/modules/structure/structure.repository.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf, uniq } from "../helpers/factories.ts";
import { customMember, plainMember, structureSnapshot } from "../helpers/master-configuration.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type As = Awaited<ReturnType<typeof memberOf>>["as"];
const post = async (as: As, url: string, payload: Record<string, unknown>) => {
  const res = await as({ method: "POST", url, payload });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return Object.values(res.json().data)[0] as { id: number } & Record<string, unknown>;
};

/** A director's school with a current year, a section and a grade. */
async function setup() {
  const director = await memberOf(t.app, t.db, "director");
  const year = await post(director.as, "/api/school-years", {
    name: "2026",
    starts_on: "2026-08-24",
    ends_on: "2027-07-09",
  });
  const section = await post(director.as, "/api/sections", { name: "Primaria" });
  const grade = await post(director.as, "/api/grades", { section_id: section.id, name: "1°" });
  return { ...director, year, section, grade };
}

describe("sections, grades and groups", () => {
  it("lists sections and grades by order then name, with counts", async () => {
    const { as } = await memberOf(t.app, t.db, "director");
    await post(as, "/api/school-years", { name: "2026", starts_on: "2026-08-24", ends_on: "2027-07-09" });
    const sec = await post(as, "/api/sections", { name: "Secundaria", order: 3 });
    const pri = await post(as, "/api/sections", { name: "Primaria", order: 2 });
    const pre = await post(as, "/api/sections", { name: "Preescolar", order: 2 });
    expect((await post(as, "/api/sections", { name: "Preparatoria" })).order).toBe(4);
    const g2 = await post(as, "/api/grades", { section_id: pri.id, name: "2°" });
    const g1 = await post(as, "/api/grades", { section_id: pri.id, name: "1°", order: 0 });
    await post(as, "/api/groups", { grade_id: g2.id, name: "B" });
    await post(as, "/api/groups", { grade_id: g2.id, name: "A" });

    const sections = (await as({ method: "GET", url: "/api/sections" })).json().data.sections;
    expect(sections.map((s: { name: string; grades_count: number }) => [s.name, s.grades_count])).toEqual([
      ["Preescolar", 0],
      ["Primaria", 2],
      ["Secundaria", 0],
      ["Preparatoria", 0],
    ]);
    expect([pre.id, sec.id]).toEqual([sections[0].id, sections[2].id]);
    const grades = (await as({ method: "GET", url: `/api/grades?section_id=${pri.id}` })).json().data.grades;
    expect(grades.map((g: { id: number; groups_count: number }) => [g.id, g.groups_count])).toEqual([
      [g1.id, 0],
      [g2.id, 2],
    ]);
    const groups = (await as({ method: "GET", url: `/api/groups?grade_id=${g2.id}` })).json().data.groups;
    expect(groups.map((g: { name: string }) => g.name)).toEqual(["A", "B"]);
    const renamed = await as({
      method: "PATCH",
      url: `/api/sections/${pri.id}`,
      payload: { name: "Primaria baja", order: 1 },
    });
    expect(renamed.json().data.section).toMatchObject({ name: "Primaria baja", order: 1, grades_count: 2 });
  });

  it("creates a group in the current year with its head teacher and student count, and edits it", async () => {
    const { as, school, grade, year } = await setup();
    const teacher = await plainMember(t.db, school, "docente");
    const res = await as({
      method: "POST",
      url: "/api/groups",
      payload: { grade_id: grade.id, name: "A", head_teacher_id: teacher.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const group = res.json().data.group;
    expect(group).toMatchObject({
      name: "A",
      grade_id: grade.id,
      grade_name: "1°",
      section_name: "Primaria",
      school_year_id: year.id,
      head_teacher_id: teacher.id,
      head_teacher: { id: teacher.id, first_name: "Ana", paternal_surname: "Prueba" },
      students_count: 0,
    });
    const [student] = await t.db
      .insert(students)
      .values({ schoolId: school.id, enrollment: uniq("m"), firstName: "Eva" })
      .returning();
    await t.db
      .insert(studentGroups)
      .values({ schoolId: school.id, studentId: student!.id, schoolYearId: year.id, groupId: group.id });
    const cleared = await as({
      method: "PATCH",
      url: `/api/groups/${group.id}`,
      payload: { head_teacher_id: null, name: "A1" },
    });
    expect(cleared.json().data.group).toMatchObject({ name: "A1", head_teacher: null, students_count: 1 });
    const listed = (await as({ method: "GET", url: `/api/groups?school_year_id=${year.id}` })).json().data.groups;
    expect(listed).toHaveLength(1);
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const { as, school, grade, section } = await setup();
    const parent = await plainMember(t.db, school, "familiar");
    const inactive = await plainMember(t.db, school, "docente", false);
    const outsider = (await memberOf(t.app, t.db, "docente")).user;
    await post(as, "/api/groups", { grade_id: grade.id, name: "A" });
    const before = await structureSnapshot(t.db, school.id);
    const cases: [string, string, Record<string, unknown>, number, string, string][] = [
      ["POST", "/api/sections", { name: "" }, 422, "name", "Campos vacíos"],
      ["POST", "/api/sections", { name: "Primaria" }, 409, "name", "El registro ya existe."],
      ["POST", "/api/grades", { name: "2°" }, 422, "section_id", "Campos vacíos"],
      ["POST", "/api/grades", { section_id: "uno", name: "2°" }, 422, "section_id", "Revisa los datos marcados."],
      ["POST", "/api/grades", { section_id: section.id, name: "1°" }, 409, "name", "El registro ya existe."],
      ["PATCH", `/api/grades/${grade.id}`, { order: -1 }, 422, "order", "Campos vacíos"],
      ["POST", "/api/groups", { grade_id: grade.id }, 422, "name", "Campos vacíos"],
      ["POST", "/api/groups", { grade_id: grade.id, name: "a" }, 409, "name", "El registro ya existe."],
      [
        "POST",
        "/api/groups",
        { grade_id: grade.id, name: "B", head_teacher_id: parent.id },
        422,
        "head_teacher_id",
        "El usuario no es personal activo de la escuela.",
      ],
      [
        "POST",
        "/api/groups",
        { grade_id: grade.id, name: "B", head_teacher_id: inactive.id },
        422,
        "head_teacher_id",
        "El usuario no es personal activo de la escuela.",
      ],
      [
        "POST",
        "/api/groups",
        { grade_id: grade.id, name: "B", head_teacher_id: outsider.id },
        422,
        "head_teacher_id",
        "El usuario no es personal activo de la escuela.",
      ],
    ];
    for (const [method, url, payload, status, field, message] of cases) {
      const res = await as({ method: method as "POST", url, payload });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)} ${res.body}`).toBe(status);
      expect(res.json().errors[field]).toBe(message);
    }
    expect(await structureSnapshot(t.db, school.id)).toEqual(before);
  });

  it("needs a current year to create a group without naming one", async () => {
    const { as } = await memberOf(t.app, t.db, "director");
    const section = await post(as, "/api/sections", { name: "Primaria" });
    const grade = await post(as, "/api/grades", { section_id: section.id, name: "1°" });
    const res = await as({ method: "POST", url: "/api/groups", payload: { grade_id: grade.id, name: "A" } });
    expect(res.json()).toMatchObject({ code: "CURRENT_YEAR_REQUIRED", errors: { school_year_id: expect.any(String) } });
    expect((await as({ method: "GET", url: "/api/groups" })).json().data.groups).toEqual([]);
  });

  it("refuses to delete what is in use and deletes what is not", async () => {
    const { as, school, section, grade, year } = await setup();
    const teacher = await plainMember(t.db, school, "docente");
    const group = await post(as, "/api/groups", { grade_id: grade.id, name: "A" });
    const inUse = async (url: string) => {
      const res = await as({ method: "DELETE", url });
      expect([res.statusCode, res.json().code], url).toEqual([409, "IN_USE"]);
    };
    await inUse(`/api/sections/${section.id}`);
    await inUse(`/api/grades/${grade.id}`);
    const [subject] = await t.db.insert(subjects).values({ schoolId: school.id, name: "Español" }).returning();
    await t.db.insert(subjectGrades).values({ schoolId: school.id, subjectId: subject!.id, gradeId: grade.id });
    await t.db
      .insert(teachingAssignments)
      .values({ schoolId: school.id, userId: teacher.id, groupId: group.id, subjectId: subject!.id });
    await inUse(`/api/groups/${group.id}`);
    await t.db.delete(teachingAssignments).where(eq(teachingAssignments.schoolId, school.id));
    const [student] = await t.db
      .insert(students)
      .values({ schoolId: school.id, enrollment: uniq("m"), firstName: "Eva" })
      .returning();
    await t.db
      .insert(studentGroups)
      .values({ schoolId: school.id, studentId: student!.id, schoolYearId: year.id, groupId: group.id });
    await inUse(`/api/groups/${group.id}`);
    await t.db.delete(studentGroups).where(eq(studentGroups.schoolId, school.id));
    expect((await as({ method: "DELETE", url: `/api/groups/${group.id}` })).json().data).toEqual({ id: group.id });
    await inUse(`/api/grades/${grade.id}`); // still taught Español
    await t.db.delete(subjectGrades).where(eq(subjectGrades.schoolId, school.id));
    expect((await as({ method: "DELETE", url: `/api/grades/${grade.id}` })).statusCode).toBe(200);
    expect((await as({ method: "DELETE", url: `/api/sections/${section.id}` })).statusCode).toBe(200);
    expect((await as({ method: "GET", url: "/api/sections" })).json().data.sections).toEqual([]);
  });

  it("ownedGroups lists the groups a user heads in open years only", async () => {
    const { as, school, grade, year } = await setup();
    const teacher = await plainMember(t.db, school, "docente");
    const [old] = await t.db
      .insert(schoolYears)
      .values({ schoolId: school.id, name: "2020", startsOn: "2020-08-24", endsOn: "2021-07-09", closedAt: new Date() })
      .returning();
    const current = await post(as, "/api/groups", { grade_id: grade.id, name: "A", head_teacher_id: teacher.id });
    expect(await ownedGroups(t.db, school.id, teacher.id)).toEqual([
      { id: current.id, name: "A", school_year_id: year.id },
    ]);
    await t.db
      .insert(groups)
      .values({ schoolId: school.id, gradeId: grade.id, schoolYearId: old!.id, name: "Z", headTeacherId: teacher.id });
    expect(await ownedGroups(t.db, school.id, teacher.id)).toHaveLength(1);
    expect(await ownedGroups(t.db, `${school.id}-x`, teacher.id)).toEqual([]);
  });
});

describe("structure: permissions and other schools", () => {
  it("gives a Docente 403 on every call and a read-only profile reads but never writes", async () => {
    const { as, school, section, grade } = await setup();
    const group = await post(as, "/api/groups", { grade_id: grade.id, name: "A" });
    const docente = await memberOf(t.app, t.db, "docente", school);
    const reader = await customMember(t.app, t.db, school, [perm("master-configuration-sections", "read")]);
    const before = await structureSnapshot(t.db, school.id);
    const writes = [
      { method: "POST", url: "/api/sections", payload: { name: "X" } },
      { method: "PATCH", url: `/api/sections/${section.id}`, payload: { name: "X" } },
      { method: "DELETE", url: `/api/sections/${section.id}` },
      { method: "POST", url: "/api/grades", payload: { section_id: section.id, name: "X" } },
      { method: "PATCH", url: `/api/grades/${grade.id}`, payload: { name: "X" } },
      { method: "DELETE", url: `/api/grades/${grade.id}` },
      { method: "POST", url: "/api/groups", payload: { grade_id: grade.id, name: "X" } },
      { method: "PATCH", url: `/api/groups/${group.id}`, payload: { name: "X" } },
      { method: "DELETE", url: `/api/groups/${group.id}` },
    ] as const;
    for (const call of writes) {
      expect((await docente.as({ ...call })).statusCode, `docente ${call.method} ${call.url}`).toBe(403);
      expect((await reader.as({ ...call })).statusCode, `reader ${call.method} ${call.url}`).toBe(403);
    }
    for (const url of ["/api/sections", "/api/grades", "/api/groups"]) {
      expect((await docente.as({ method: "GET", url })).statusCode, url).toBe(403);
      expect((await reader.as({ method: "GET", url })).statusCode, url).toBe(200);
    }
    expect(await structureSnapshot(t.db, school.id)).toEqual(before);
  });

  it("answers 404 to another school's ids, in paths and bodies, and changes nothing", async () => {
    const a = await setup();
    const aTeacher = await plainMember(t.db, a.school, "docente");
    const group = await post(a.as, "/api/groups", { grade_id: a.grade.id, name: "A", head_teacher_id: aTeacher.id });
    const b = await setup();
    const before = await structureSnapshot(t.db, a.school.id);
    const notFound = [
      { method: "PATCH", url: `/api/sections/${a.section.id}`, payload: { name: "X" } },
      { method: "DELETE", url: `/api/sections/${a.section.id}` },
      { method: "PATCH", url: `/api/grades/${a.grade.id}`, payload: { name: "X" } },
      { method: "DELETE", url: `/api/grades/${a.grade.id}` },
      { method: "PATCH", url: `/api/groups/${group.id}`, payload: { name: "X" } },
      { method: "DELETE", url: `/api/groups/${group.id}` },
      { method: "POST", url: "/api/grades", payload: { section_id: a.section.id, name: "X" } },
      { method: "PATCH", url: `/api/grades/${b.grade.id}`, payload: { section_id: a.section.id } },
      { method: "POST", url: "/api/groups", payload: { grade_id: a.grade.id, name: "X" } },
      { method: "POST", url: "/api/groups", payload: { grade_id: b.grade.id, school_year_id: a.year.id, name: "X" } },
      { method: "GET", url: `/api/groups?school_year_id=${a.year.id}` },
      { method: "GET", url: `/api/grades?school_year_id=${a.year.id}` },
    ] as const;
    for (const call of notFound) {
      const res = await b.as({ ...call });
      expect(res.statusCode, `${call.method} ${call.url} ${res.body}`).toBe(404);
    }
    // A's teacher is nobody in B.
    const foreignTeacher = await b.as({
      method: "POST",
      url: "/api/groups",
      payload: { grade_id: b.grade.id, name: "X", head_teacher_id: aTeacher.id },
    });
    expect(foreignTeacher.json().code).toBe("NOT_STAFF");
    expect(await structureSnapshot(t.db, a.school.id)).toEqual(before);
    const bSections = (await b.as({ method: "GET", url: "/api/sections" })).json().data.sections;
    expect(bSections.map((s: { id: number }) => s.id)).toEqual([b.section.id]);
  });
});
