import type { StrategicVisionQuery } from "@convive/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grades, groups, incidentTypes, periods, schools, sections } from "../../src/db/schema/index.ts";
import { generateIncidents } from "../../src/db/seed/incidents.ts";
import { insertStarterCatalogue } from "../../src/modules/incident-config/index.ts";
import type { Viewer } from "../../src/modules/incidents/index.ts";
import { createDashboardService } from "../../src/modules/strategic-vision/dashboard.service.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { schoolDay } from "../helpers/follow-up.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";
import { rebuildRollupsNow } from "../helpers/rollups.ts";

/**
 * Issue 14 §5: the dashboard read from the rollups (migrations 0019, 0021, 0022: incident_unit_days, action_due_days)
 * is the dashboard counted from the incidents and actions themselves — for the Director and a teacher, the school,
 * a section, a grade and each group, a period and the whole year, in both languages — after every kind of write:
 * registration, corrections of the students, time, type and group, closing, reopening, cancelling, the generator's
 * bulk load, actions waived and followed up, teaching assignments and head teachers changed, a group moved to
 * another grade of another section and a change of the school's time zone.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

async function viewerOf(schoolId: string, userId: number): Promise<Viewer> {
  const [p] = await rows<{ id: number; name: string; grants: string[] }>(sql`
    select p.id, p.name, array(select permission from profile_permissions pp
                                where pp.school_id = p.school_id and pp.profile_id = p.id) as grants
      from memberships m join profiles p on p.school_id = m.school_id and p.id = m.profile_id
     where m.school_id = ${schoolId} and m.user_id = ${userId}`);
  return {
    tenant: { schoolId, profileId: Number(p!.id), profileName: p!.name, grants: new Set(p!.grants) },
    userId,
    language: "es",
  } as Viewer;
}

describe("the dashboard's rollup (migration 0019) equals the incidents after every kind of write", () => {
  it("for the school, a section, a grade and each group, a period and the whole year, in both languages", async () => {
    const s: IncidentSchool = await incidentSchool(t.app, t.db);
    const schoolId = s.school.id;
    const dashboards = createDashboardService({ db: t.db });
    const director = await viewerOf(schoolId, s.director.user.id);
    // A teacher given the module: their groups and records (migration 0022's viewer units, or a group's unit).
    await t.db.execute(sql`insert into profile_permissions (school_id, profile_id, permission)
      select p.school_id, p.id, x.permission from profiles p
        cross join (values ('module-strategic-vision'), ('strategic-vision.read')) x(permission)
       where p.school_id = ${schoolId} and p.id = (select profile_id from memberships
                                                    where school_id = ${schoolId} and user_id = ${s.teacher.user.id})
      on conflict do nothing`);
    const teacher = await viewerOf(schoolId, s.teacher.user.id);
    const [otherSection] = await t.db.insert(sections).values({ schoolId, name: "Secundaria" }).returning();
    const [otherGrade] = await t.db
      .insert(grades)
      .values({ schoolId, sectionId: otherSection!.id, name: "2°" })
      .returning();

    // The period before the current one, so the current period is compared with it (and it can be asked for).
    const [previousPeriod] = await t.db
      .insert(periods)
      .values({
        schoolId,
        schoolYearId: s.year.id,
        name: "Bimestre 1",
        order: 1,
        startsOn: s.year.startsOn,
        endsOn: new Date(Date.parse(`${s.period.startsOn}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
      })
      .returning();

    const filters = (): StrategicVisionQuery[] => [
      {},
      { period_id: previousPeriod!.id },
      { whole_year: "1" } as StrategicVisionQuery,
      { section_id: s.section.id },
      { section_id: otherSection!.id },
      { grade_id: s.grade.id },
      { grade_id: otherGrade!.id },
      { group_id: s.groupA.id },
      { group_id: s.groupB.id },
    ];
    const strip = ({ computed_at: _, ...rest }: { computed_at: string }) => rest;
    let compared = 0;
    // Day by day too (the incident graph's series reads a teacher's days): the teacher's viewer unit and the school's
    // rows of four dimensions against the incidents of the scope, counted here.
    const dayRows = (unit: string, unitId: number) =>
      rows<{ r: string }>(sql`select concat_ws('|', dim, day, key, sum(n)) as r from incident_unit_days
        where school_id = ${schoolId} and unit = ${unit} and unit_id = ${unitId}
          and dim in ('status', 'classification', 'category', 'group')
        group by dim, day, key having sum(n) <> 0 order by 1`);
    const countedDays = (inScope: ReturnType<typeof sql>) =>
      rows<{ r: string }>(sql`select concat_ws('|', d.dim, x.day, d.key, count(*)) as r
        from (select i.*, (i.occurred_at at time zone sc.time_zone)::date as day
                from incidents i join schools sc on sc.id = i.school_id
               where i.school_id = ${schoolId} and i.status <> 'cancelled' and ${inScope}) x
        cross join lateral (select 'status', x.status union all select 'classification', x.classification
                            union all select 'category', x.category_id::text
                            union all select 'group', g::text from unnest(x.group_ids) g) d(dim, key)
        group by d.dim, x.day, d.key order by 1`);
    const teacherScope = sql`(i.recorded_by = ${s.teacher.user.id} or i.group_ids && array(
      select id from groups where school_id = ${schoolId} and head_teacher_id = ${s.teacher.user.id}
      union select group_id from teaching_assignments where school_id = ${schoolId} and user_id = ${s.teacher.user.id}))`;
    // Labels are the same code for both sources: English is compared once there is something to label.
    const expectInStep = async (step: string, languages: readonly ("es" | "en")[] = ["es"]) => {
      // A change of structure, time zone or teaching assignments rebuilds by a job (issue 25 §5): run it first.
      await rebuildRollupsNow(t.app, schoolId);
      expect(await dayRows("school", 0), `${step}: the school's days`).toEqual(await countedDays(sql`true`));
      expect(await dayRows("viewer", s.teacher.user.id), `${step}: the teacher's days`).toEqual(
        await countedDays(teacherScope),
      );
      for (const [who, viewer] of [
        ["director", director],
        ["teacher", teacher],
      ] as const) {
        for (const query of filters()) {
          for (const language of languages) {
            const rolled = await dashboards.compute(viewer, query, language, "rollup");
            const counted = await dashboards.compute(viewer, query, language, "incidents");
            expect(strip(rolled), `${step} ${who} ${JSON.stringify(query)} ${language}`).toEqual(strip(counted));
            compared += rolled.incidents.current.value;
          }
        }
      }
    };

    await expectInStep("empty");
    const as = s.director.as;
    const created = await as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, {
        occurred_at: new Date(`${schoolDay(-1)}T10:30:00-06:00`).toISOString(),
        place: "  Patio  ",
        students: [
          { student_id: s.a1.id, role: "involved" },
          { student_id: s.a2.id, role: "affected" },
          { student_id: s.b1.id, role: "witness" },
        ],
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.incident.id as number;
    await expectInStep("registered");
    const patch = async (payload: object) => {
      const res = await as({ method: "PATCH", url: `/api/incidents/${id}`, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    await patch({
      students: [
        { student_id: s.a1.id, role: "involved" },
        { student_id: s.a2.id, role: "involved" },
      ],
    });
    await expectInStep("students corrected");
    await patch({ occurred_at: new Date(`${schoolDay(-9)}T13:15:00-06:00`).toISOString() });
    await expectInStep("time corrected");
    const [minor] = await t.db
      .insert(incidentTypes)
      .values({ schoolId, categoryId: s.category.id, nameEs: "Leve", nameEn: "Minor", classification: "minor" })
      .returning();
    await patch({ type_id: minor!.id, group_id: s.groupB.id });
    await expectInStep("type and group corrected");
    const act = async (verb: string, payload: object) => {
      const res = await as({ method: "POST", url: `/api/incidents/${id}/${verb}`, payload });
      expect(res.statusCode, `${verb} ${res.body}`).toBeLessThan(300);
    };
    await act("close", { closing_note: "Se habló con ambas familias.", waive_pending_actions: true });
    await expectInStep("closed");
    await act("reopen", { reason: "Faltó hablar con la familia." });
    await expectInStep("reopened");
    await act("cancel", { reason: "Registro duplicado." });
    await expectInStep("cancelled");

    await t.db.transaction(async (tx) => {
      await insertStarterCatalogue(tx, schoolId);
      await generateIncidents(tx, schoolId, { count: 400, days: 60, observations: 50 });
    });
    await expectInStep("generated", ["es", "en"]);
    const overdue = async () => (await dashboards.compute(director, {}, "es")).overdue_actions.value;
    const before = await overdue();
    expect(before, "the generator leaves actions overdue").toBeGreaterThan(2);
    // Actions change as people follow them up: one waived, one done (its next occurrence due later), one due earlier.
    const due = await rows<{ id: number }>(sql`select id from formative_actions
      where school_id = ${schoolId} and waived_at is null and next_due_on < current_date - 2 order by id limit 2`);
    await t.db.execute(sql`update formative_actions set waived_at = now() where id = ${due[0]!.id}`);
    await t.db.execute(sql`update formative_actions set next_due_on = current_date + 30 where id = ${due[1]!.id}`);
    await expectInStep("actions waived and followed up");
    expect(await overdue()).toBe(before - 2);
    // Who reads what changes: the teacher is given group B, then B's head teacher becomes them, then both go.
    const [subject] = await rows<{ id: number }>(sql`select id from subjects where school_id = ${schoolId} limit 1`);
    await t.db.execute(sql`insert into teaching_assignments (school_id, user_id, group_id, subject_id)
      values (${schoolId}, ${s.teacher.user.id}, ${s.groupB.id}, ${subject!.id})`);
    await expectInStep("the teacher teaches group B too");
    await t.db.execute(sql`update groups set head_teacher_id = ${s.teacher.user.id} where id = ${s.groupB.id}`);
    await t.db.execute(sql`delete from teaching_assignments
      where school_id = ${schoolId} and user_id = ${s.teacher.user.id} and group_id = ${s.groupB.id}`);
    await expectInStep("the teacher heads group B instead");
    await t.db.execute(sql`update groups set head_teacher_id = ${s.otherTeacher.user.id} where id = ${s.groupB.id}`);
    await expectInStep("group B's head teacher back");
    await t.db.update(groups).set({ gradeId: otherGrade!.id }).where(eq(groups.id, s.groupB.id));
    await expectInStep("group B moved to another grade of another section");
    await t.db.update(schools).set({ timeZone: "America/Tijuana" }).where(eq(schools.id, schoolId));
    await expectInStep("time zone changed");
    // The comparisons were of something: the generated incidents were counted.
    expect(compared).toBeGreaterThan(400);
  }, 180_000);
});
