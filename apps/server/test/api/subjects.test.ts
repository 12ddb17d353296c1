import { perm } from "@convive/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { students } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf, uniq } from "../helpers/factories.ts";
import { customMember, plainMember, structureSnapshot } from "../helpers/master-configuration.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type As = Awaited<ReturnType<typeof memberOf>>["as"];
type Row = { id: number } & Record<string, unknown>;
const post = async (as: As, url: string, payload: Record<string, unknown>): Promise<Row> => {
  const res = await as({ method: "POST", url, payload });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return Object.values(res.json().data)[0] as Row;
};
const assign = (as: As, payload: Record<string, unknown>, lang = "es") =>
  as({ method: "POST", url: "/api/teaching-assignments", payload, headers: { "accept-language": lang } });
const unassign = (as: As, payload: Record<string, unknown>, lang = "es") =>
  as({ method: "DELETE", url: "/api/teaching-assignments", payload, headers: { "accept-language": lang } });

/** A school with a current year, Primaria 1° and 2°, group 1° A headed by a teacher, and Español for 1°. */
async function setup() {
  const director = await memberOf(t.app, t.db, "director");
  const year = await post(director.as, "/api/school-years", {
    name: "2026",
    starts_on: "2026-08-24",
    ends_on: "2027-07-09",
  });
  const section = await post(director.as, "/api/sections", { name: "Primaria" });
  const g1 = await post(director.as, "/api/grades", { section_id: section.id, name: "1°" });
  const g2 = await post(director.as, "/api/grades", { section_id: section.id, name: "2°" });
  const teacher = await plainMember(t.db, director.school, "docente");
  const group = await post(director.as, "/api/groups", { grade_id: g1.id, name: "A", head_teacher_id: teacher.id });
  const spanish = await post(director.as, "/api/subjects", { name: "Español", code: "ESP", grade_ids: [g1.id] });
  return { ...director, year, section, g1, g2, teacher, group, spanish };
}

describe("subjects", () => {
  it("creates, lists by grade, edits and deletes subjects", async () => {
    const { as, g1, g2, spanish } = await setup();
    expect(spanish).toMatchObject({ name: "Español", code: "ESP", grade_ids: [g1.id], assignments_count: 0 });
    const math = await post(as, "/api/subjects", { name: "Matemáticas", code: "", grade_ids: [g2.id, g1.id, g2.id] });
    expect(math).toMatchObject({
      code: null,
      grades: [
        { id: g1.id, name: "1°", section_name: "Primaria" },
        { id: g2.id, name: "2°" },
      ],
    });
    const forSecond = (await as({ method: "GET", url: `/api/subjects?grade_id=${g2.id}` })).json().data.subjects;
    expect(forSecond.map((s: Row) => s.id)).toEqual([math.id]);
    const all = (await as({ method: "GET", url: "/api/subjects" })).json().data.subjects;
    expect(all.map((s: Row) => s.name)).toEqual(["Español", "Matemáticas"]);
    const edited = await as({
      method: "PATCH",
      url: `/api/subjects/${math.id}`,
      payload: { code: "MAT", grade_ids: [g2.id] },
    });
    expect(edited.json().data.subject).toMatchObject({ name: "Matemáticas", code: "MAT", grade_ids: [g2.id] });
    expect((await as({ method: "DELETE", url: `/api/subjects/${math.id}` })).json().data).toEqual({ id: math.id });
  });

  it("refuses bad input and a code already used, and changes nothing", async () => {
    const { as, school, g1, spanish } = await setup();
    const before = await structureSnapshot(t.db, school.id);
    const cases: [string, string, Record<string, unknown>, number, string][] = [
      ["POST", "/api/subjects", { name: "", grade_ids: [g1.id] }, 422, "name"],
      ["POST", "/api/subjects", { name: "Arte", grade_ids: ["x"] }, 422, "grade_ids.0"],
      ["POST", "/api/subjects", { name: "Arte", code: "X".repeat(21) }, 422, "code"],
      ["POST", "/api/subjects", { name: "Lengua", code: "esp" }, 409, "code"],
      ["PATCH", `/api/subjects/${spanish.id}`, { name: "  " }, 422, "name"],
      ["POST", "/api/subjects", { name: "Arte", grade_ids: [2_000_000_000] }, 404, "grade_ids"],
    ];
    for (const [method, url, payload, status, field] of cases) {
      const res = await as({ method: method as "POST", url, payload });
      expect(res.statusCode, `${url} ${JSON.stringify(payload)} ${res.body}`).toBe(status);
      expect(res.json().errors, res.body).toHaveProperty([field]);
    }
    expect(await structureSnapshot(t.db, school.id)).toEqual(before);
  });
});

describe("teaching assignments", () => {
  it("assigns subjects of the group's grade to active staff and lists them", async () => {
    const { as, school, teacher, group, spanish, g1, year } = await setup();
    const res = await assign(as, { user_id: teacher.id, group_id: group.id, subject_id: spanish.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.teaching_assignment).toMatchObject({
      user_id: teacher.id,
      group_id: group.id,
      subject_id: spanish.id,
      school_year_id: year.id,
      user: { id: teacher.id, first_name: "Ana" },
      group_name: "A",
      grade_name: "1°",
      subject_name: "Español",
      is_head_teacher: true,
    });
    const other = await plainMember(t.db, school, "coordinador");
    await assign(as, { user_id: other.id, group_id: group.id, subject_id: spanish.id });
    const byGroup = (await as({ method: "GET", url: `/api/teaching-assignments?group_id=${group.id}` })).json().data;
    expect(byGroup.teaching_assignments).toHaveLength(2);
    const byUser = (await as({ method: "GET", url: `/api/teaching-assignments?user_id=${other.id}` })).json().data;
    expect(byUser.teaching_assignments.map((a: { user_id: number }) => a.user_id)).toEqual([other.id]);
    const subject = (await as({ method: "GET", url: `/api/subjects?grade_id=${g1.id}` })).json().data.subjects[0];
    expect(subject.assignments_count).toBe(2);

    const parent = await plainMember(t.db, school, "familiar");
    const gone = await plainMember(t.db, school, "docente", false);
    const art = await post(as, "/api/subjects", { name: "Arte", grade_ids: [] });
    const before = await structureSnapshot(t.db, school.id);
    const refused: [Record<string, unknown>, number, string][] = [
      [{ user_id: teacher.id, group_id: group.id, subject_id: spanish.id }, 409, "CONFLICT"],
      [{ user_id: parent.id, group_id: group.id, subject_id: spanish.id }, 422, "NOT_STAFF"],
      [{ user_id: gone.id, group_id: group.id, subject_id: spanish.id }, 422, "NOT_STAFF"],
      [{ user_id: teacher.id, group_id: group.id, subject_id: art.id }, 422, "SUBJECT_NOT_IN_GRADE"],
      [{ user_id: teacher.id, group_id: group.id }, 422, "VALIDATION"],
    ];
    for (const [payload, status, code] of refused) {
      const r = await assign(as, payload);
      expect([r.statusCode, r.json().code], JSON.stringify(payload)).toEqual([status, code]);
    }
    expect(await structureSnapshot(t.db, school.id)).toEqual(before);
  });

  it("never unassigns a head teacher from the group they own (spec §5)", async () => {
    const { as, teacher, group, spanish, g1 } = await setup();
    const math = await post(as, "/api/subjects", { name: "Matemáticas", grade_ids: [g1.id] });
    const spanishOf = { user_id: teacher.id, group_id: group.id, subject_id: spanish.id };
    const mathOf = { user_id: teacher.id, group_id: group.id, subject_id: math.id };
    await assign(as, spanishOf);
    await assign(as, mathOf);
    // One of several subjects may go: they still teach the group.
    expect((await unassign(as, mathOf)).json().data).toEqual(mathOf);
    const refused = await unassign(as, spanishOf, "en");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "HEAD_TEACHER_OWNS_GROUP",
      message: "It is not possible to unassign it, since there is an owner group assigned to the user",
    });
    const es = await unassign(as, spanishOf);
    expect(es.json().message).toBe("No es posible desasignarlo, ya que tiene un grupo asignado como titular");
    const listed = await as({ method: "GET", url: `/api/teaching-assignments?group_id=${group.id}` });
    expect(listed.json().data.teaching_assignments).toHaveLength(1);
    // Once the group has another owner the teacher can be unassigned.
    await as({ method: "PATCH", url: `/api/groups/${group.id}`, payload: { head_teacher_id: null } });
    expect((await unassign(as, spanishOf)).statusCode).toBe(200);
    expect((await unassign(as, spanishOf)).statusCode).toBe(404);
  });

  it("keeps subjects that are taught: no dropping their grade, no deleting them", async () => {
    const { as, teacher, group, spanish, g2 } = await setup();
    await assign(as, { user_id: teacher.id, group_id: group.id, subject_id: spanish.id });
    const drop = await as({ method: "PATCH", url: `/api/subjects/${spanish.id}`, payload: { grade_ids: [g2.id] } });
    expect([drop.statusCode, drop.json().code, Object.keys(drop.json().errors)]).toEqual([
      409,
      "IN_USE",
      ["grade_ids"],
    ]);
    const del = await as({ method: "DELETE", url: `/api/subjects/${spanish.id}` });
    expect([del.statusCode, del.json().code]).toEqual([409, "IN_USE"]);
  });

  it("leaves a closed year's assignments alone", async () => {
    const { as, teacher, group, spanish, year } = await setup();
    const triple = { user_id: teacher.id, group_id: group.id, subject_id: spanish.id };
    await assign(as, triple);
    await post(as, "/api/school-years", {
      name: "2027",
      starts_on: "2027-08-23",
      ends_on: "2028-07-07",
      is_current: true,
    });
    expect((await as({ method: "POST", url: `/api/school-years/${year.id}/close` })).statusCode).toBe(200);
    await as({ method: "PATCH", url: `/api/groups/${group.id}`, payload: { head_teacher_id: null } });
    expect((await unassign(as, triple)).json().code).toBe("YEAR_CLOSED");
    expect((await assign(as, triple)).json().code).toBe("YEAR_CLOSED");
    // The past year's assignments are still listed for it.
    const past = await as({ method: "GET", url: `/api/teaching-assignments?school_year_id=${year.id}` });
    expect(past.json().data.teaching_assignments).toHaveLength(1);
    expect((await as({ method: "GET", url: "/api/teaching-assignments" })).json().data.teaching_assignments).toEqual(
      [],
    );
  });
});

describe("subjects: permissions and other schools", () => {
  it("gives a Docente 403 on every call and a read-only profile reads but never writes", async () => {
    const { school, teacher, group, spanish, g1 } = await setup();
    const docente = await memberOf(t.app, t.db, "docente", school);
    const reader = await customMember(t.app, t.db, school, [perm("master-configuration-subjects", "read")]);
    const triple = { user_id: teacher.id, group_id: group.id, subject_id: spanish.id };
    const before = await structureSnapshot(t.db, school.id);
    const writes = [
      { method: "POST", url: "/api/subjects", payload: { name: "X", grade_ids: [g1.id] } },
      { method: "PATCH", url: `/api/subjects/${spanish.id}`, payload: { name: "X" } },
      { method: "DELETE", url: `/api/subjects/${spanish.id}` },
      { method: "POST", url: "/api/teaching-assignments", payload: triple },
      { method: "DELETE", url: "/api/teaching-assignments", payload: triple },
    ] as const;
    for (const call of writes) {
      expect((await docente.as({ ...call })).statusCode, `docente ${call.method} ${call.url}`).toBe(403);
      expect((await reader.as({ ...call })).statusCode, `reader ${call.method} ${call.url}`).toBe(403);
    }
    for (const url of ["/api/subjects", "/api/teaching-assignments"]) {
      expect((await docente.as({ method: "GET", url })).statusCode, url).toBe(403);
      expect((await reader.as({ method: "GET", url })).statusCode, url).toBe(200);
    }
    expect(await structureSnapshot(t.db, school.id)).toEqual(before);
  });

  it("answers 404 to another school's ids, in paths and bodies, and changes nothing", async () => {
    const a = await setup();
    const aTriple = { user_id: a.teacher.id, group_id: a.group.id, subject_id: a.spanish.id };
    await assign(a.as, aTriple);
    const b = await setup();
    const before = await structureSnapshot(t.db, a.school.id);
    const calls = [
      { method: "PATCH", url: `/api/subjects/${a.spanish.id}`, payload: { name: "X" } },
      { method: "DELETE", url: `/api/subjects/${a.spanish.id}` },
      { method: "POST", url: "/api/subjects", payload: { name: "X", grade_ids: [a.g1.id] } },
      { method: "PATCH", url: `/api/subjects/${b.spanish.id}`, payload: { grade_ids: [b.g1.id, a.g1.id] } },
      { method: "DELETE", url: "/api/teaching-assignments", payload: aTriple },
      {
        method: "POST",
        url: "/api/teaching-assignments",
        payload: { user_id: b.teacher.id, group_id: a.group.id, subject_id: b.spanish.id },
      },
      {
        method: "POST",
        url: "/api/teaching-assignments",
        payload: { user_id: b.teacher.id, group_id: b.group.id, subject_id: a.spanish.id },
      },
      { method: "GET", url: `/api/teaching-assignments?school_year_id=${a.year.id}` },
    ] as const;
    for (const call of calls) {
      const res = await b.as({ ...call });
      expect(res.statusCode, `${call.method} ${call.url} ${res.body}`).toBe(404);
    }
    const foreignUser = await assign(b.as, { user_id: a.teacher.id, group_id: b.group.id, subject_id: b.spanish.id });
    expect(foreignUser.json().code).toBe("NOT_STAFF");
    const bOnly = await b.as({ method: "GET", url: `/api/teaching-assignments?group_id=${a.group.id}` });
    expect(bOnly.json().data.teaching_assignments).toEqual([]);
    expect(await structureSnapshot(t.db, a.school.id)).toEqual(before);
  });
});

describe("setup-completion report", () => {
  it("reaches each stage as the director builds the school through these endpoints", async () => {
    const { as, school } = await memberOf(t.app, t.db, "director");
    const stages = async () => (await as({ method: "GET", url: "/api/school_years/percentage-completed" })).json().data;
    expect((await stages()).completed).toBe(0);
    const done = async (stage: string, completed: number) => {
      const report = await stages();
      expect(report.stages_completed[stage], stage).toBe(true);
      expect(report.completed, stage).toBe(completed);
    };
    const year = await post(as, "/api/school-years", { name: "2026", starts_on: "2026-08-24", ends_on: "2027-07-09" });
    await done("schoolYear", 1);
    await post(as, `/api/school-years/${year.id}/periods`, {
      name: "Trimestre 1",
      starts_on: "2026-08-24",
      ends_on: "2026-11-27",
    });
    await done("periods", 2);
    const section = await post(as, "/api/sections", { name: "Secundaria" });
    const grade = await post(as, "/api/grades", { section_id: section.id, name: "1°" });
    await done("grades", 3);
    await post(as, "/api/groups", { grade_id: grade.id, name: "A" });
    await done("groups", 4);
    await post(as, "/api/subjects", { name: "Historia", code: "HIS", grade_ids: [grade.id] });
    await done("subjects", 5);
    await t.db.insert(students).values({ schoolId: school.id, enrollment: uniq("m"), firstName: "Eva" });
    await done("students", 6);
    await plainMember(t.db, school, "docente");
    const report = await stages();
    expect(report).toMatchObject({ completed: 7, total: 7, percentage: 100, missing: [] });
  });
});
