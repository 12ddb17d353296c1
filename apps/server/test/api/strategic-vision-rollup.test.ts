import type { StrategicVisionQuery } from "@convive/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grades, groups, incidentTypes, schools, sections } from "../../src/db/schema/index.ts";
import { generateIncidents } from "../../src/db/seed/incidents.ts";
import { insertStarterCatalogue } from "../../src/modules/incident-config/index.ts";
import type { Viewer } from "../../src/modules/incidents/index.ts";
import { createDashboardService } from "../../src/modules/strategic-vision/dashboard.service.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { schoolDay } from "../helpers/follow-up.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";

/**
 * Issue 14 §5: the dashboard a school-wide viewer reads from the rollup (migration 0019, incident_unit_days) is the
 * dashboard counted from the incidents themselves — for the school, a section, a grade and each group, a period
 * and the whole year, in both languages — after every kind of write: registration, corrections of the students,
 * time, type and group, closing, reopening, cancelling, the generator's bulk load, a group moved to another grade
 * of another section and a change of the school's time zone.
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
    const [otherSection] = await t.db.insert(sections).values({ schoolId, name: "Secundaria" }).returning();
    const [otherGrade] = await t.db
      .insert(grades)
      .values({ schoolId, sectionId: otherSection!.id, name: "2°" })
      .returning();

    const filters = (): StrategicVisionQuery[] => [
      {},
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
    const expectInStep = async (step: string) => {
      for (const query of filters()) {
        for (const language of ["es", "en"] as const) {
          const rolled = await dashboards.compute(director, query, language, "rollup");
          const counted = await dashboards.compute(director, query, language, "incidents");
          expect(strip(rolled), `${step} ${JSON.stringify(query)} ${language}`).toEqual(strip(counted));
          compared += rolled.incidents.current.value;
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
    await expectInStep("generated");
    await t.db.update(groups).set({ gradeId: otherGrade!.id }).where(eq(groups.id, s.groupB.id));
    await expectInStep("group B moved to another grade of another section");
    await t.db.update(schools).set({ timeZone: "America/Tijuana" }).where(eq(schools.id, schoolId));
    await expectInStep("time zone changed");
    // The comparisons were of something: the generated incidents were counted.
    expect(compared).toBeGreaterThan(400);
  }, 180_000);
});
