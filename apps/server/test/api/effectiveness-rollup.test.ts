import type { StrategicVisionQuery } from "@convive/domain";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Tx } from "../../src/db/client.ts";
import { grades, groups, incidentTypes, sections, studentGroups, students } from "../../src/db/schema/index.ts";
import { generateIncidents } from "../../src/db/seed/incidents.ts";
import { insertStarterCatalogue } from "../../src/modules/incident-config/index.ts";
import { incidentsWhere, myGroupIds, type Scope } from "../../src/modules/incidents/index.ts";
import { incidentConditions } from "../../src/modules/strategic-vision/dashboard.repository.ts";
import {
  type GuidelineOutcome,
  guidelineOutcomes,
} from "../../src/modules/strategic-vision/effectiveness.repository.ts";
import { resolveSlice, type Slice } from "../../src/modules/strategic-vision/range.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { uniq } from "../helpers/factories.ts";
import { schoolDay } from "../helpers/follow-up.ts";
import { insertAction, insertIncident } from "../helpers/incident-rows.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";
import { rebuildRollupsNow } from "../helpers/rollups.ts";

/**
 * Issue 14 §3 and §5 (migration 0020): the effectiveness of formative actions read from the per-case tables and the
 * rollup equals the direct query over the incidents (below, as it was before the rollup) after every kind of write,
 * for the whole school and a Docente's scope, with and without the section, grade and group filters — including
 * cases and completions around the cutoff (30 days ago to the minute), read exactly from the per-case tables.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WINDOW = 30;
/** `minutes` from now (negative: ago). */
const fromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const DAY = 24 * 60;

/** The reference: one EXISTS probe per pair over incidents and incident_students (the query before 0020). */
async function reference(
  tx: Tx,
  slice: Slice,
  scopeSql: SQL,
  days: { from: string; to: string },
  windowDays: number,
): Promise<GuidelineOutcome[]> {
  const s = slice.schoolId;
  const window = sql`make_interval(days => ${windowDays})`;
  const cutoff = sql`(now() - ${window})`;
  const recurredAfter = (student: SQL, start: SQL, incident: SQL) => sql`exists (
    select 1 from incident_students y
      join incidents j on j.school_id = y.school_id and j.id = y.incident_id
     where y.school_id = ${s} and y.student_id = ${student} and y.role = 'involved'
       and y.occurred_at > ${start} and y.occurred_at <= ${start} + ${window}
       and j.id <> ${incident} and j.status <> 'cancelled')`;
  const result = (await tx.execute(sql`
    with pairs as materialized (
      select incidents.id as incident_id, x.student_id, incidents.classification, incidents.occurred_at
        from incidents
        join incident_students x on x.school_id = incidents.school_id and x.incident_id = incidents.id
                                and x.role = 'involved'
       where ${incidentConditions(slice, scopeSql, days, [
         sql`incidents.status <> 'cancelled'`,
         sql`incidents.occurred_at <= ${cutoff}`,
       ])}
    ), acted as materialized (
      select btrim(fa.guideline) as guideline, p.classification, p.incident_id, p.student_id, p.occurred_at,
             bool_and(fa.waived_at is null and fa.next_due_on is null) as completed,
             max(c.done) as completed_at
        from pairs p
        join formative_actions fa on fa.school_id = ${s} and fa.incident_id = p.incident_id
                                 and fa.student_id = p.student_id
        left join lateral (select max(fc.completed_at) as done from formative_action_completions fc
                            where fc.school_id = fa.school_id and fc.action_id = fa.id) c on true
       group by 1, 2, 3, 4, 5
    ), cases as (
      select a.guideline, a.classification,
             count(*)::int as cases,
             count(*) filter (where ${recurredAfter(sql`a.student_id`, sql`a.completed_at`, sql`a.incident_id`)})::int
               as recurred
        from acted a
       where a.completed and a.completed_at is not null and a.completed_at <= ${cutoff}
       group by 1, 2
    ), flagged as materialized (
      select p.classification, p.incident_id, p.student_id,
             ${recurredAfter(sql`p.student_id`, sql`p.occurred_at`, sql`p.incident_id`)} as recurred
        from pairs p
       where p.classification in (select classification from cases)
    ), totals as (
      select classification, count(*)::int as n, count(*) filter (where recurred)::int as r
        from flagged group by classification
    ), with_guideline as (
      select a.guideline, a.classification, count(*)::int as n, count(*) filter (where f.recurred)::int as r
        from acted a join flagged f on f.incident_id = a.incident_id and f.student_id = a.student_id
       group by 1, 2
    )
    select c.guideline, c.classification, c.cases, c.recurred,
           t.n - coalesce(w.n, 0) as without_cases, t.r - coalesce(w.r, 0) as without_recurred
      from cases c
      join totals t on t.classification = c.classification
      left join with_guideline w on w.guideline = c.guideline and w.classification = c.classification
     order by c.cases desc, c.guideline, c.classification`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => ({
    guideline: String(r.guideline),
    classification: String(r.classification),
    cases: Number(r.cases),
    recurred: Number(r.recurred),
    withoutCases: Number(r.without_cases),
    withoutRecurred: Number(r.without_recurred),
  }));
}

interface World {
  s: IncidentSchool;
  /** A second section with its grade and group C. */
  sectionC: { id: number };
  gradeC: { id: number };
  groupC: { id: number };
  c1: { id: number };
}

async function world(): Promise<World> {
  const s = await incidentSchool(t.app, t.db);
  const schoolId = s.school.id;
  const [sectionC] = await t.db.insert(sections).values({ schoolId, name: "Secundaria" }).returning();
  const [gradeC] = await t.db.insert(grades).values({ schoolId, sectionId: sectionC!.id, name: "1°" }).returning();
  const [groupC] = await t.db
    .insert(groups)
    .values({ schoolId, gradeId: gradeC!.id, schoolYearId: s.year.id, name: "C", headTeacherId: s.director.user.id })
    .returning();
  const [c1] = await t.db
    .insert(students)
    .values({ schoolId, enrollment: uniq("MAT"), firstName: "Carla", paternalSurname: "Ríos" })
    .returning();
  await t.db
    .insert(studentGroups)
    .values({ schoolId, studentId: c1!.id, schoolYearId: s.year.id, groupId: groupC!.id });
  return { s, sectionC: sectionC!, gradeC: gradeC!, groupC: groupC!, c1: c1! };
}

/** Every filter × the Director's scope and both Docentes': the repository's answer equals the reference's. */
async function expectEqual(w: World, step: string) {
  const schoolId = w.s.school.id;
  const queries: StrategicVisionQuery[] = [
    {},
    { whole_year: "1" },
    { section_id: w.s.section.id },
    { section_id: w.sectionC.id },
    { grade_id: w.s.grade.id },
    { grade_id: w.gradeC.id },
    { group_id: w.s.groupA.id },
    { group_id: w.s.groupB.id },
    { group_id: w.groupC.id },
  ] as StrategicVisionQuery[];
  const scopes: Scope[] = [{ kind: "school", schoolId, userId: w.s.director.user.id }];
  for (const teacher of [w.s.teacher, w.s.otherTeacher]) {
    const groupIds = await myGroupIds(t.db, schoolId, teacher.user.id);
    scopes.push({ kind: "own", schoolId, userId: teacher.user.id, groupIds });
  }
  let compared = 0;
  // One transaction: both read the same now().
  await t.db.transaction(async (tx) => {
    for (const query of queries) {
      const slice = await resolveSlice(tx, schoolId, query);
      const days = { from: slice.year.from, to: slice.year.to };
      for (const scope of scopes) {
        const scopeSql = incidentsWhere(scope);
        const expected = await reference(tx, slice, scopeSql, days, WINDOW);
        const actual = await guidelineOutcomes(
          tx,
          slice,
          { scopeSql, wholeSchool: scope.kind === "school" },
          days,
          WINDOW,
        );
        expect(actual, `${step}: ${scope.kind} ${scope.userId} ${JSON.stringify(query)}`).toEqual(expected);
        compared += expected.length;
      }
    }
  });
  return compared;
}

/** The rollup equals its per-case tables summed again (no drift from the deltas). */
async function expectRollupInStep(schoolId: string, step: string) {
  const rows = async (query: SQL) => ((await t.db.execute(query)) as unknown as { rows: { r: string }[] }).rows;
  const units = sql`
    cross join lateral (
      select 'school' as level, 0 as unit_id
      union all select distinct 'group', g from unnest(x.group_ids) g
      union all select distinct 'grade', gp.grade_id from groups gp where gp.school_id = x.school_id and gp.id = any (x.group_ids)
      union all select distinct 'section', gd.section_id from groups gp
                  join grades gd on gd.school_id = gp.school_id and gd.id = gp.grade_id
                 where gp.school_id = x.school_id and gp.id = any (x.group_ids)) u`;
  expect(
    await rows(sql`select concat_ws('|', level, unit_id, day, classification, n, r) as r from effectiveness_day_pairs
                    where school_id = ${schoolId} and (n <> 0 or r <> 0) order by 1`),
    step,
  ).toEqual(
    await rows(sql`select concat_ws('|', level, unit_id, day, classification, n, r) as r from (
        select u.level, u.unit_id, x.day, x.classification, count(*) as n, count(*) filter (where x.recurred) as r
          from effectiveness_cases x ${units} where x.school_id = ${schoolId} group by 1, 2, 3, 4) y order by 1`),
  );
  expect(
    await rows(sql`select concat_ws('|', level, unit_id, day, guideline, classification, done_day, n, r, rc) as r
                     from effectiveness_day_actions where school_id = ${schoolId} and (n <> 0 or r <> 0 or rc <> 0)
                    order by 1`),
    step,
  ).toEqual(
    await rows(sql`select concat_ws('|', level, unit_id, day, guideline, classification, done_day, n, r, rc) as r from (
        select u.level, u.unit_id, x.day, x.guideline, x.classification, x.done_day, count(*) as n,
               count(*) filter (where x.recurred) as r, count(*) filter (where x.recurred_after) as rc
          from effectiveness_actions x ${units} where x.school_id = ${schoolId} group by 1, 2, 3, 4, 5, 6) y
        order by 1`),
  );
}

/** The per-case tables equal their definition recomputed from the incidents (recurrence by one probe per row). */
async function expectCasesInStep(schoolId: string, step: string) {
  const rows = async (query: SQL) => ((await t.db.execute(query)) as unknown as { rows: { r: string }[] }).rows;
  const recurred = (start: SQL, incident: SQL, student: SQL) => sql`exists (
    select 1 from incident_students y join incidents j on j.school_id = y.school_id and j.id = y.incident_id
     where y.school_id = ${schoolId} and y.student_id = ${student} and y.role = 'involved' and j.status <> 'cancelled'
       and y.occurred_at > ${start} and y.occurred_at <= ${start} + interval '30 days' and j.id <> ${incident})`;
  const raw = sql`
    select i.id as incident_id, x.student_id, i.classification, i.occurred_at,
           (i.occurred_at at time zone s.time_zone)::date as day, i.group_ids, i.recorded_by,
           ${recurred(sql`i.occurred_at`, sql`i.id`, sql`x.student_id`)} as recurred, s.time_zone
      from incident_students x join incidents i on i.school_id = x.school_id and i.id = x.incident_id
      join schools s on s.id = x.school_id
     where x.school_id = ${schoolId} and x.role = 'involved' and i.status <> 'cancelled'`;
  expect(
    await rows(sql`select concat_ws('|', incident_id, student_id, classification, occurred_at, day, group_ids::text,
                     recorded_by, recurred) as r from effectiveness_cases where school_id = ${schoolId} order by 1`),
    step,
  ).toEqual(
    await rows(sql`select concat_ws('|', incident_id, student_id, classification, occurred_at, day, group_ids::text,
                     recorded_by, recurred) as r from (${raw}) c order by 1`),
  );
  expect(
    await rows(sql`select concat_ws('|', incident_id, student_id, guideline, classification, day, group_ids::text,
                     recorded_by, recurred, completed, completed_at, done_day, recurred_after) as r
                     from effectiveness_actions where school_id = ${schoolId} order by 1`),
    step,
  ).toEqual(
    await rows(sql`select concat_ws('|', incident_id, student_id, guideline, classification, day, group_ids::text,
                     recorded_by, recurred, completed, completed_at, done_day, recurred_after) as r from (
        select c.*, f.guideline, f.completed, f.completed_at,
               case when f.completed and f.completed_at is not null
                    then (f.completed_at at time zone c.time_zone)::date else 'infinity'::date end as done_day,
               f.completed and f.completed_at is not null
                 and ${recurred(sql`f.completed_at`, sql`c.incident_id`, sql`c.student_id`)} as recurred_after
          from (${raw}) c
          cross join lateral (
            select btrim(fa.guideline) as guideline, bool_and(fa.waived_at is null and fa.next_due_on is null)
                     as completed, max(fc.completed_at) as completed_at
              from formative_actions fa
              left join formative_action_completions fc on fc.school_id = fa.school_id and fc.action_id = fa.id
             where fa.school_id = ${schoolId} and fa.incident_id = c.incident_id and fa.student_id = c.student_id
             group by 1) f) a order by 1`),
  );
}

const inStep = async (w: World, step: string) => {
  // A change of structure or time zone rebuilds by a job (issue 25 §5): run it first.
  await rebuildRollupsNow(t.app, w.s.school.id);
  await expectCasesInStep(w.s.school.id, step);
  await expectRollupInStep(w.s.school.id, step);
  return expectEqual(w, step);
};

describe("effectiveness from the per-case tables and the rollup (migration 0020)", () => {
  it("equals the direct query after registrations, corrections, closing, cancelling, reopening and actions", async () => {
    const w = await world();
    const { s } = w;
    const schoolId = s.school.id;
    const as = s.director.as;
    await inStep(w, "empty");

    // Hand-made cases around the cutoff (30 days ago): minutes before and after it, in groups A, B, A+B and C.
    const rec = { recordedBy: s.director.user.id };
    const old = await insertIncident(t.db, s, {
      ...rec,
      students: [
        { id: s.a1.id, groupId: s.groupA.id },
        { id: s.b1.id, groupId: s.groupB.id },
      ],
      occurredAt: fromNow(-45 * DAY),
    });
    const edgeBefore = await insertIncident(t.db, s, {
      ...rec,
      students: [{ id: s.a1.id, groupId: s.groupA.id }],
      occurredAt: fromNow(-30 * DAY - 5),
    });
    const edgeAfter = await insertIncident(t.db, s, {
      ...rec,
      students: [{ id: s.a2.id, groupId: s.groupA.id }],
      occurredAt: fromNow(-30 * DAY + 5),
    });
    const inC = await insertIncident(t.db, s, {
      recordedBy: s.teacher.user.id,
      students: [{ id: w.c1.id, groupId: w.groupC.id }],
      occurredAt: fromNow(-50 * DAY),
    });
    await insertIncident(t.db, s, {
      ...rec,
      students: [{ id: w.c1.id, groupId: w.groupC.id }],
      occurredAt: fromNow(-40 * DAY),
      classification: "minor",
    });
    await inStep(w, "inserted");

    // Actions: completed long ago, completed minutes either side of the cutoff, waived, one still due.
    const completeAt = async (actionId: number, at: Date) =>
      t.db.execute(sql`update formative_action_completions set completed_at = ${at.toISOString()}::timestamptz
                        where school_id = ${schoolId} and action_id = ${actionId}`);
    const a1 = await insertAction(t.db, s, {
      incidentId: old.id,
      studentId: s.a1.id,
      responsibleId: s.teacher.user.id,
      startsOn: schoolDay(-44),
      completed: [schoolDay(-44)],
    });
    await completeAt(a1.id, fromNow(-44 * DAY));
    const b1 = await insertAction(t.db, s, {
      incidentId: old.id,
      studentId: s.b1.id,
      responsibleId: s.teacher.user.id,
      startsOn: schoolDay(-40),
      completed: [schoolDay(-30)],
    });
    await completeAt(b1.id, fromNow(-30 * DAY - 3));
    const edge = await insertAction(t.db, s, {
      incidentId: edgeBefore.id,
      studentId: s.a1.id,
      responsibleId: s.teacher.user.id,
      startsOn: schoolDay(-30),
      completed: [schoolDay(-30)],
    });
    await completeAt(edge.id, fromNow(-30 * DAY - 1));
    const c = await insertAction(t.db, s, {
      incidentId: inC.id,
      studentId: w.c1.id,
      responsibleId: s.teacher.user.id,
      startsOn: schoolDay(-49),
      completed: [schoolDay(-49)],
    });
    await completeAt(c.id, fromNow(-49 * DAY));
    await insertAction(t.db, s, {
      incidentId: edgeAfter.id,
      studentId: s.a2.id,
      responsibleId: s.teacher.user.id,
      startsOn: schoolDay(-29),
      waivedBy: s.director.user.id,
    });
    expect(await inStep(w, "actions")).toBeGreaterThan(0);

    // The completion moved past the cutoff, then back; a second action with the same text (padded) not done yet.
    await completeAt(b1.id, fromNow(-30 * DAY + 3));
    await inStep(w, "completion after the cutoff");
    await completeAt(b1.id, fromNow(-31 * DAY));
    const second = await insertAction(t.db, s, {
      incidentId: old.id,
      studentId: s.b1.id,
      responsibleId: s.teacher.user.id,
      startsOn: schoolDay(-40),
    });
    await t.db.execute(sql`update formative_actions set guideline = '  ' || guideline || ' ', next_due_on = ${schoolDay(-40)}
                            where school_id = ${schoolId} and id = ${second.id}`);
    await inStep(w, "a second action due");
    await t.db.execute(
      sql`update formative_actions set next_due_on = null where school_id = ${schoolId} and id = ${second.id}`,
    );
    await inStep(w, "second action done");
    await t.db.execute(
      sql`delete from formative_action_completions where school_id = ${schoolId} and action_id = ${c.id}`,
    );
    await inStep(w, "completion removed");

    // Registration, corrections of students and roles, time, type and groups, closing, reopening, cancelling.
    const created = await as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, {
        students: [
          { student_id: s.a1.id, role: "involved" },
          { student_id: s.a2.id, role: "affected" },
        ],
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.incident.id as number;
    await inStep(w, "registered");
    const patch = async (payload: object, step: string) => {
      const res = await as({ method: "PATCH", url: `/api/incidents/${id}`, payload });
      expect(res.statusCode, res.body).toBe(200);
      await inStep(w, step);
    };
    await patch(
      {
        students: [
          { student_id: s.a1.id, role: "involved" },
          { student_id: s.a2.id, role: "involved" },
        ],
      },
      "roles corrected",
    );
    await patch({ occurred_at: fromNow(-30 * DAY - 20).toISOString() }, "time moved before the cutoff");
    // a2's case 30 days ago now has a new incident within 30 days after edgeAfter's completion window.
    const [minor] = await t.db
      .insert(incidentTypes)
      .values({ schoolId, categoryId: s.category.id, nameEs: "Leve", classification: "minor" })
      .returning();
    await patch({ type_id: minor!.id, group_id: s.groupB.id }, "type and group corrected");
    await patch({ students: [{ student_id: s.b1.id, role: "involved" }] }, "students replaced");
    const act = async (verb: string, payload: object) => {
      const res = await as({ method: "POST", url: `/api/incidents/${id}/${verb}`, payload });
      expect(res.statusCode, `${verb} ${res.body}`).toBeLessThan(300);
      await inStep(w, verb);
    };
    await act("close", { closing_note: "Se habló con ambas familias.", waive_pending_actions: true });
    await act("reopen", { reason: "Faltó hablar con la familia." });
    await act("cancel", { reason: "Registro duplicado." });
    // Cancelling and un-cancelling one that others' recurrence depends on, and moving its time.
    await t.db.execute(
      sql`update incidents set status = 'cancelled' where school_id = ${schoolId} and id = ${edgeBefore.id}`,
    );
    await inStep(w, "cancelled directly");
    await t.db.execute(
      sql`update incidents set status = 'open' where school_id = ${schoolId} and id = ${edgeBefore.id}`,
    );
    await inStep(w, "un-cancelled");
    await t.db.execute(sql`update incidents set occurred_at = occurred_at - interval '20 days'
                            where school_id = ${schoolId} and id = ${edgeAfter.id}`);
    await inStep(w, "time moved directly");
    // A group moved to the other grade: the units an incident counts in change.
    await t.db.execute(
      sql`update groups set grade_id = ${w.gradeC.id} where school_id = ${schoolId} and id = ${s.groupB.id}`,
    );
    await inStep(w, "group moved");
    await t.db.execute(sql`update schools set time_zone = 'Asia/Tokyo' where id = ${schoolId}`);
    await inStep(w, "time zone changed");
    await t.db.execute(sql`update schools set time_zone = 'America/Mexico_City' where id = ${schoolId}`);
    await inStep(w, "time zone back");
  }, 120_000);

  it("equals the direct query after the generator, and after closing and cancelling its incidents", async () => {
    const w = await world();
    const schoolId = w.s.school.id;
    await t.db.transaction(async (tx) => {
      await insertStarterCatalogue(tx, schoolId);
      await generateIncidents(tx, schoolId, { count: 600, days: 85 });
    });
    const compared = await inStep(w, "generated");
    expect(compared).toBeGreaterThan(0);
    await t.db.execute(sql`update incidents set status = 'cancelled'
                            where school_id = ${schoolId} and id in (select id from incidents
                              where school_id = ${schoolId} order by id limit 40)`);
    await inStep(w, "some cancelled");
    await t.db.execute(sql`update formative_actions set waived_at = now(), waived_by = ${w.s.director.user.id}
                            where school_id = ${schoolId} and id % 5 = 0`);
    await inStep(w, "some waived");
    await t.db.execute(sql`delete from incident_students where school_id = ${schoolId} and role <> 'involved'`);
    await inStep(w, "witnesses removed");
  }, 120_000);

  it("keeps a student's recurrence when two transactions write their incidents at once", async () => {
    const w = await world();
    const { s } = w;
    const schoolId = s.school.id;
    const template = await insertIncident(t.db, s, {
      recordedBy: s.director.user.id,
      students: [{ id: s.b1.id, groupId: s.groupB.id }],
      occurredAt: fromNow(-80 * DAY),
    });
    // A copy of the template for a1 at the time given, in the transaction given.
    const register = async (tx: Tx, folio: number, at: Date) => {
      const [row] = (
        (await tx.execute(sql`
        insert into incidents (school_id, folio, school_year_id, category_id, type_id, classification, detail,
          occurred_at, visible_to_family, recorded_by, group_ids)
        select school_id, ${folio}, school_year_id, category_id, type_id, classification, detail,
               ${at.toISOString()}::timestamptz, visible_to_family, recorded_by, group_ids
          from incidents where school_id = ${schoolId} and id = ${template.id}
        returning id`)) as unknown as { rows: { id: number }[] }
      ).rows;
      await tx.execute(sql`insert into incident_students (school_id, incident_id, student_id, role, group_id)
                           values (${schoolId}, ${row!.id}, ${s.a1.id}, 'involved', ${s.groupA.id})`);
    };
    let firstWrote: () => void = () => {};
    const wrote = new Promise<void>((resolve) => {
      firstWrote = resolve;
    });
    // The first holds its transaction open until the second has written too (or waits for it, on PostgreSQL).
    const first = t.db.transaction(async (tx) => {
      await register(tx, 900_001, fromNow(-50 * DAY));
      firstWrote();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await wrote;
    const second = t.db.transaction(async (tx) => register(tx, 900_002, fromNow(-40 * DAY)));
    await Promise.all([first, second]);
    await inStep(w, "two at once");
    const [a1] = (
      (await t.db.execute(sql`
      select bool_or(recurred) as recurred from effectiveness_cases
       where school_id = ${schoolId} and student_id = ${s.a1.id}`)) as unknown as { rows: { recurred: boolean }[] }
    ).rows;
    expect(a1!.recurred).toBe(true);
  }, 60_000);

  it("answers the endpoint from the rollup", async () => {
    const w = await world();
    await t.db.transaction(async (tx) => {
      await insertStarterCatalogue(tx, w.s.school.id);
      await generateIncidents(tx, w.s.school.id, { count: 300, days: 85 });
    });
    const res = await w.s.director.as({ method: "GET", url: "/api/strategic-vision/effectiveness?whole_year=1" });
    expect(res.statusCode, res.body).toBe(200);
    const [expected] = await t.db.transaction(async (tx) => {
      const slice = await resolveSlice(tx, w.s.school.id, { whole_year: "1" } as StrategicVisionQuery);
      const scopeSql = incidentsWhere({ kind: "school", schoolId: w.s.school.id, userId: w.s.director.user.id });
      return [await reference(tx, slice, scopeSql, { from: slice.year.from, to: slice.year.to }, WINDOW)];
    });
    const body = res.json().data.guidelines as { guideline: string; cases: number; without: { cases: number } }[];
    expect(body.map((g) => [g.guideline, g.cases, g.without.cases])).toEqual(
      expected!.map((g) => [g.guideline, g.cases, g.withoutCases]),
    );
  }, 60_000);
});
