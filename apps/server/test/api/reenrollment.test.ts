import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  conditionedEnrollments,
  grades,
  groups,
  schoolYears,
  sections,
  studentGroups,
  students,
  subjectGrades,
  subjects,
  teachingAssignments,
} from "../../src/db/schema/index.ts";
import { REENROLLMENT_FINALIZE_QUEUE } from "../../src/modules/reenrollment/index.ts";
import { createReenrollmentService } from "../../src/modules/reenrollment/reenrollment.service.ts";
import { createAppOn, createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, client, createSchool, createUser, login, memberOf, uniq } from "../helpers/factories.ts";
import { customMember } from "../helpers/master-configuration.ts";

/**
 * Issue 31 §1: re-enrollment. The Director previews the current year's students into the next year (created in
 * scholar-cicle): each group to the next grade with the same name, the last grade graduating, two students kept in
 * their grade, the student whose conditioned enrollment ended "not re-enrolled" left out. The apply runs on the job
 * runner all or nothing (a change since the preview leaves nothing behind), undo takes it back until the new year
 * starts, and when it starts the leavers get their status. Permissions and another school's ids (404).
 */
let t: TestApp;
const namespace = `t${randomUUID().slice(0, 8)}.`;

/**
 * Runs a queued apply now: the module's own job handler on the app's database, as the runner would (the test app
 * runs no jobs, so each test decides when the job runs; the last tests start a second instance that runs them).
 */
const unexpected: unknown[] = [];
async function runApply(schoolId: string, id: number) {
  const service = createReenrollmentService({
    db: t.db,
    jobs: t.app.ctx.jobs,
    events: t.app.ctx.events,
    log: (error) => unexpected.push(error),
  });
  await service.run(schoolId, id);
  expect(unexpected).toEqual([]);
}
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type As = ReturnType<typeof client>;
const call = (as: As, method: "GET" | "POST" | "PATCH", url: string, payload?: object, lang = "es") =>
  as({ method, url, payload, headers: { "accept-language": lang } });
async function ok<T = Record<string, unknown>>(
  as: As,
  method: "GET" | "POST" | "PATCH",
  url: string,
  payload?: object,
) {
  const res = await call(as, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as T;
}

/** Until `check` holds (the job runs on the runner's own time), at most 30 s. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Setup {
  schoolId: string;
  director: As;
  teacher: As;
  reader: As;
  year: number;
  next: number;
  grade: Record<"p1" | "p2" | "p3", number>;
  group: Record<"p1a" | "p1b" | "p2a" | "p3a", number>;
  student: Record<string, number>;
  headOf1A: number;
  math: number;
}

/**
 * A school whose current year (around today) has Primaria 1° A (Ana, Beto, Caro), 1° B (Dani, Eva), 2° A (Fer,
 * Gabi, and Leo who withdrew) and 3° A (Hugo, Iris — Iris's conditioned enrollment ended "not re-enrolled"); 1° A's
 * head teacher teaches it Matemáticas. The next year is created through scholar-cicle with a group 2° A already.
 */
async function school(): Promise<Setup> {
  const { db, app } = t;
  const s = await createSchool(db);
  const schoolId = s.id;
  const director = await createUser(db);
  await addMember(db, schoolId, director.id, s.profileIds.director);
  const directorAs = client(app, await login(app, director.email), schoolId);
  const teacher = await memberOf(app, db, "docente", s);
  const reader = await customMember(app, db, s, ["master-configuration-re-enroll-students.read"]);

  const [year] = await db
    .insert(schoolYears)
    .values({ schoolId, name: "Actual", startsOn: day(-90), endsOn: day(200), isCurrent: true })
    .returning();
  const [primaria] = await db.insert(sections).values({ schoolId, name: "Primaria", order: 1 }).returning();
  const gradeRows = await db
    .insert(grades)
    .values(["1°", "2°", "3°"].map((name, i) => ({ schoolId, sectionId: primaria!.id, name, order: i + 1 })))
    .returning();
  const [p1, p2, p3] = gradeRows.map((g) => g.id) as [number, number, number];
  const [math] = await db
    .insert(subjects)
    .values({ schoolId, name: "Matemáticas", code: uniq("MAT") })
    .returning();
  await db.insert(subjectGrades).values(gradeRows.map((g) => ({ schoolId, subjectId: math!.id, gradeId: g.id })));
  const groupRows = await db
    .insert(groups)
    .values(
      [
        [p1, "A"],
        [p1, "B"],
        [p2, "A"],
        [p3, "A"],
      ].map(([gradeId, name]) => ({
        schoolId,
        schoolYearId: year!.id,
        gradeId: gradeId as number,
        name: name as string,
        headTeacherId: name === "A" && gradeId === p1 ? teacher.user.id : null,
      })),
    )
    .returning();
  const [p1a, p1b, p2a, p3a] = groupRows.map((g) => g.id) as [number, number, number, number];
  await db.insert(teachingAssignments).values({ schoolId, userId: teacher.user.id, groupId: p1a, subjectId: math!.id });

  const student: Record<string, number> = {};
  const roster: [string, number, string?][] = [
    ["Ana", p1a],
    ["Beto", p1a],
    ["Caro", p1a],
    ["Dani", p1b],
    ["Eva", p1b],
    ["Fer", p2a],
    ["Gabi", p2a],
    ["Leo", p2a, "withdrawn"],
    ["Hugo", p3a],
    ["Iris", p3a],
  ];
  for (const [firstName, groupId, status] of roster) {
    const [row] = await db
      .insert(students)
      .values({ schoolId, enrollment: uniq("E"), firstName, paternalSurname: "Ruiz", status: status ?? "active" })
      .returning();
    await db.insert(studentGroups).values({ schoolId, studentId: row!.id, schoolYearId: year!.id, groupId });
    student[firstName] = row!.id;
  }
  await db.insert(conditionedEnrollments).values({
    schoolId,
    studentId: student.Iris!,
    reasons: ["disciplinary"],
    commitments: ["Asistir puntualmente"],
    outcome: "not_reenrolled",
    closedAt: new Date(),
    createdBy: director.id,
  });

  // The next year, as the Director creates it in scholar-cicle, with one group already there.
  const { school_year: next } = await ok<{ school_year: { id: number } }>(directorAs, "POST", "/api/school-years", {
    name: "Siguiente",
    starts_on: day(201),
    ends_on: day(500),
  });
  await ok(directorAs, "POST", "/api/groups", { grade_id: p2, name: "A", school_year_id: next.id });

  return {
    schoolId,
    director: directorAs,
    teacher: teacher.as,
    reader: reader.as,
    year: year!.id,
    next: next.id,
    grade: { p1, p2, p3 },
    group: { p1a, p1b, p2a, p3a },
    student,
    headOf1A: teacher.user.id,
    math: math!.id,
  };
}

/** The next year's groups as level-grade-group lists them: "2° A" → its students. */
async function nextGroups(s: Setup) {
  const { groups: list } = await ok<{ groups: { grade_name: string; name: string; students_count: number }[] }>(
    s.director,
    "GET",
    `/api/groups?school_year_id=${s.next}`,
  );
  return Object.fromEntries(list.map((g) => [`${g.grade_name} ${g.name}`, g.students_count]));
}

/** Every row of the school's next year (groups, students' groups, assignments) and the students' statuses. */
async function snapshot(s: Setup) {
  const rows = (await t.db.execute(sql`
    select (select count(*) from groups where school_id = ${s.schoolId} and school_year_id = ${s.next})::int as groups,
           (select count(*) from student_groups where school_id = ${s.schoolId} and school_year_id = ${s.next})::int
             as enrolled,
           (select count(*) from teaching_assignments a join groups g on g.school_id = a.school_id and g.id = a.group_id
             where a.school_id = ${s.schoolId} and g.school_year_id = ${s.next})::int as assignments,
           (select string_agg(first_name || ':' || status, ',' order by first_name) from students
             where school_id = ${s.schoolId}) as statuses`)) as unknown as { rows: Record<string, unknown>[] };
  return rows.rows[0];
}

const keep = (s: Setup) => [
  { student_id: s.student.Ana!, outcome: "repeats" },
  { student_id: s.student.Beto!, outcome: "repeats" },
];

let s: Setup;
let other: Setup;

beforeAll(async () => {
  t = await createTestApp({ JOBS_NAMESPACE: namespace });
  s = await school();
  other = await school();
});
afterAll(() => t.close());

describe("who may re-enroll", () => {
  it("needs master-configuration-re-enroll-students: read to preview, create to apply, update to undo", async () => {
    expect((await call(s.teacher, "GET", "/api/reenrollments")).statusCode).toBe(403);
    expect((await call(s.teacher, "POST", "/api/reenrollments/preview", { to_year_id: s.next })).statusCode).toBe(403);
    const preview = await call(s.reader, "POST", "/api/reenrollments/preview", { to_year_id: s.next });
    expect(preview.statusCode, preview.body).toBe(200);
    expect((await call(s.reader, "POST", "/api/reenrollments", { to_year_id: s.next })).statusCode).toBe(403);
    expect((await call(s.reader, "POST", "/api/reenrollments/1/undo")).statusCode).toBe(403);
  });

  it("answers 404 for another school's year", async () => {
    const res = await call(other.director, "POST", "/api/reenrollments/preview", { to_year_id: s.next });
    expect(res.statusCode).toBe(404);
    const apply = await call(other.director, "POST", "/api/reenrollments", { to_year_id: s.next });
    expect(apply.statusCode).toBe(404);
  });
});

describe("the Director re-enrolls the school into next year", () => {
  it("offers the next year only, not the current one", async () => {
    const data = await ok<{ current_year: { id: number }; target_years: { id: number }[] }>(
      s.director,
      "GET",
      "/api/reenrollments",
    );
    expect(data.current_year.id).toBe(s.year);
    expect(data.target_years.map((y) => y.id)).toEqual([s.next]);
    const res = await call(s.director, "POST", "/api/reenrollments/preview", { to_year_id: s.year }, "en");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Choose a school year after the current one that is open and has not started yet.");
  });

  it("previews each group into the next grade, the last grade graduating, and leaves out who is not re-enrolled", async () => {
    const p = await ok<{
      groups: { id: number; to: { grade_id: number; name: string } | null }[];
      targets: { grade_id: number; name: string; group_id: number | null; students_count: number }[];
      students: { first_name: string; outcome: string; conditioned: { outcome: string | null } | null }[];
      counts: Record<string, number>;
    }>(s.director, "POST", "/api/reenrollments/preview", { to_year_id: s.next });
    const to = Object.fromEntries(p.groups.map((g) => [g.id, g.to]));
    expect(to[s.group.p1a]).toEqual({ grade_id: s.grade.p2, name: "A" });
    expect(to[s.group.p1b]).toEqual({ grade_id: s.grade.p2, name: "B" });
    expect(to[s.group.p3a]).toBeNull();
    const outcome = Object.fromEntries(p.students.map((x) => [x.first_name, x.outcome]));
    expect(outcome).toEqual({
      Ana: "promoted",
      Beto: "promoted",
      Caro: "promoted",
      Dani: "promoted",
      Eva: "promoted",
      Fer: "promoted",
      Gabi: "promoted",
      Hugo: "graduated",
      Iris: "not_reenrolled",
    });
    expect(p.students.find((x) => x.first_name === "Iris")?.conditioned).toEqual({ outcome: "not_reenrolled" });
    // 2° A exists already; 2° B and 3° A will be created.
    expect(p.targets.map((x) => [x.grade_id, x.name, x.group_id !== null, x.students_count])).toEqual([
      [s.grade.p2, "A", true, 3],
      [s.grade.p2, "B", false, 2],
      [s.grade.p3, "A", false, 2],
    ]);
    expect(p.counts).toMatchObject({ promoted: 7, graduated: 1, not_reenrolled: 1, repeats: 0 });
  });

  it("keeps two students in their grade, and refuses exceptions it cannot honour, in the reader's language", async () => {
    const p = await ok<{ targets: { name: string; grade_id: number; students_count: number }[] }>(
      s.director,
      "POST",
      "/api/reenrollments/preview",
      { to_year_id: s.next, exceptions: keep(s) },
    );
    expect(p.targets.map((x) => [x.grade_id, x.name, x.students_count])).toEqual([
      [s.grade.p1, "A", 2],
      [s.grade.p2, "A", 1],
      [s.grade.p2, "B", 2],
      [s.grade.p3, "A", 2],
    ]);
    const iris = await call(s.director, "POST", "/api/reenrollments/preview", {
      to_year_id: s.next,
      exceptions: [{ student_id: s.student.Iris, outcome: "repeats" }],
    });
    expect(iris.statusCode).toBe(422);
    expect(iris.json().errors["exceptions.0.student_id"]).toBe("Este estudiante no entra en la reinscripción.");
    const nowhere = await call(
      s.director,
      "POST",
      "/api/reenrollments/preview",
      { to_year_id: s.next, exceptions: [{ student_id: s.student.Fer, outcome: "changes_group" }] },
      "en",
    );
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().errors["exceptions.0.to"]).toBe("Choose the group the student moves to.");
    const leo = await call(s.director, "POST", "/api/reenrollments/preview", {
      to_year_id: s.next,
      exceptions: [{ student_id: s.student.Leo, outcome: "repeats" }],
    });
    expect(leo.statusCode).toBe(422);
  });

  it("applies all or nothing: a student enrolled in the next year since the preview leaves nothing behind", async () => {
    const before = await snapshot(s);
    const { reenrollment } = await ok<{ reenrollment: { id: number; status: string } }>(
      s.director,
      "POST",
      "/api/reenrollments",
      { to_year_id: s.next, exceptions: keep(s) },
    );
    expect(reenrollment.status).toBe("queued");
    // Someone puts Fer into next year's 2° A after the preview, before the job runs.
    const [twoA] = await t.db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.schoolId, s.schoolId), eq(groups.schoolYearId, s.next)));
    await t.db
      .insert(studentGroups)
      .values({ schoolId: s.schoolId, studentId: s.student.Fer!, schoolYearId: s.next, groupId: twoA!.id });
    await runApply(s.schoolId, reenrollment.id);
    const failed = await ok<{ reenrollment: { status: string; error: string | null } }>(
      s.director,
      "GET",
      `/api/reenrollments/${reenrollment.id}`,
    );
    expect(failed.reenrollment.status).toBe("failed");
    expect(failed.reenrollment.error).toBe(
      "Algo cambió desde la vista previa (estudiantes o grupos); no se aplicó nada. Revisa la vista previa y vuelve a aplicar.",
    );
    expect(await snapshot(s)).toEqual({ ...before, enrolled: 1 });
    await t.db
      .delete(studentGroups)
      .where(
        and(
          eq(studentGroups.schoolId, s.schoolId),
          eq(studentGroups.studentId, s.student.Fer!),
          eq(studentGroups.schoolYearId, s.next),
        ),
      );
    expect(await snapshot(s)).toEqual(before);
  });

  it("applies, fills the next year's groups, undoes, and applies again with the staff copied", async () => {
    const before = await snapshot(s);
    const first = await ok<{ reenrollment: { id: number } }>(s.director, "POST", "/api/reenrollments", {
      to_year_id: s.next,
      exceptions: keep(s),
    });
    // A second apply into the same year while the first is live.
    const twice = await call(s.director, "POST", "/api/reenrollments", { to_year_id: s.next });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("REENROLLMENT_EXISTS");
    await runApply(s.schoolId, first.reenrollment.id);
    const applied = await ok<{
      reenrollment: {
        status: string;
        step: number;
        steps: number;
        can_undo: boolean;
        groups: { grade_name: string; name: string; students_count: number }[];
      };
    }>(s.director, "GET", `/api/reenrollments/${first.reenrollment.id}`);
    expect(applied.reenrollment.status).toBe("applied");
    expect(applied.reenrollment.step).toBe(applied.reenrollment.steps);
    expect(applied.reenrollment.can_undo).toBe(true);
    expect(applied.reenrollment.groups.map((g) => [`${g.grade_name} ${g.name}`, g.students_count])).toEqual([
      ["1° A", 2],
      ["2° A", 1],
      ["2° B", 2],
      ["3° A", 2],
    ]);
    expect(await nextGroups(s)).toEqual({ "1° A": 2, "2° A": 1, "2° B": 2, "3° A": 2 });
    // The current year is as it was: nobody left it, nobody graduated yet.
    expect((await snapshot(s))!.statuses).toBe(before!.statuses);

    const undone = await ok<{ reenrollment: { status: string; can_undo: boolean } }>(
      s.director,
      "POST",
      `/api/reenrollments/${first.reenrollment.id}/undo`,
    );
    expect(undone.reenrollment).toMatchObject({ status: "undone", can_undo: false });
    expect(await nextGroups(s)).toEqual({ "2° A": 0 });
    expect(await snapshot(s)).toEqual(before);
    const again = await call(s.director, "POST", `/api/reenrollments/${first.reenrollment.id}/undo`);
    expect(again.statusCode).toBe(409);

    const second = await ok<{ reenrollment: { id: number } }>(s.director, "POST", "/api/reenrollments", {
      to_year_id: s.next,
      exceptions: keep(s),
      copy_staff: true,
    });
    await runApply(s.schoolId, second.reenrollment.id);
    expect(await nextGroups(s)).toEqual({ "1° A": 2, "2° A": 1, "2° B": 2, "3° A": 2 });
    // 1° A of next year gets this year's 1° A head teacher and her Matemáticas.
    const { groups: list } = await ok<{
      groups: { grade_name: string; name: string; head_teacher_id: number | null }[];
    }>(s.director, "GET", `/api/groups?school_year_id=${s.next}`);
    expect(list.find((g) => g.grade_name === "1°" && g.name === "A")?.head_teacher_id).toBe(s.headOf1A);
    expect((await snapshot(s))!.assignments).toBe(1);
  });

  it("once the new year starts, undo is over", async () => {
    const { reenrollments } = await ok<{ reenrollments: { id: number; status: string }[] }>(
      s.director,
      "GET",
      "/api/reenrollments",
    );
    const live = reenrollments.find((r) => r.status === "applied")!;
    await ok(s.director, "PATCH", `/api/school-years/${s.next}`, { is_current: true });
    const late = await call(s.director, "POST", `/api/reenrollments/${live.id}/undo`, undefined, "en");
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("The new school year has started: the re-enrollment can no longer be undone.");
  });
});

describe("on the job runner of a second instance", () => {
  it("applies a queued re-enrollment, and gives the leavers their status once the new year has started", async () => {
    const worker = await createAppOn(t.db, { JOBS_ENABLED: true, JOBS_NAMESPACE: namespace });
    try {
      // Another school's apply, queued here, run by the other instance's runner.
      const { reenrollment } = await ok<{ reenrollment: { id: number } }>(
        other.director,
        "POST",
        "/api/reenrollments",
        {
          to_year_id: other.next,
        },
      );
      await until(
        () => ok<{ reenrollment: { status: string } }>(other.director, "GET", `/api/reenrollments/${reenrollment.id}`),
        (d) => d.reenrollment.status === "applied",
      );
      expect(await nextGroups(other)).toEqual({ "2° A": 3, "2° B": 2, "3° A": 2 });
      // It is that school's: here it is not found.
      expect((await call(s.director, "GET", `/api/reenrollments/${reenrollment.id}`)).statusCode).toBe(404);
      expect((await call(s.director, "POST", `/api/reenrollments/${reenrollment.id}/undo`)).statusCode).toBe(404);

      // The hourly sweep: this school's new year is current (previous test), the other's has not started.
      await t.app.ctx.jobs.send(REENROLLMENT_FINALIZE_QUEUE, {});
      const statuses = await until(
        () => snapshot(s).then((x) => x!.statuses as string),
        (v) => v.includes("Hugo:graduated"),
      );
      expect(statuses).toBe(
        "Ana:active,Beto:active,Caro:active,Dani:active,Eva:active,Fer:active,Gabi:active,Hugo:graduated,Iris:withdrawn,Leo:withdrawn",
      );
      const { reenrollments } = await ok<{
        reenrollments: { status: string; finalized_at: string | null; can_undo: boolean }[];
      }>(s.director, "GET", "/api/reenrollments");
      expect(reenrollments.find((r) => r.status === "applied")).toMatchObject({ can_undo: false });
      expect(reenrollments.find((r) => r.status === "applied")?.finalized_at).not.toBeNull();
      expect((await snapshot(other))!.statuses).not.toContain("graduated");
    } finally {
      await worker.close();
    }
  }, 90_000);
});
