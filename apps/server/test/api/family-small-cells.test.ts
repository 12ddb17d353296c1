import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ratings, studentGroups, students } from "../../src/db/schema/index.ts";
import { insertStarterGradeSetup, ratingSetup } from "../../src/modules/grade-config/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { uniq } from "../helpers/factories.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";
import { publishForFamilies } from "../helpers/publish.ts";

/**
 * Issue 24 §1, small cells: the family scorecard showed the group's average with one other rated classmate, whose
 * grade then followed by subtraction. A family sees a group figure only when it covers at least 5 students other
 * than their own child, and their child is not in it; staff read the plain average.
 */

let t: TestApp;
let s: IncidentSchool;
let conduct: { id: number; versionId: number };
type As = IncidentSchool["director"]["as"];

async function classmate(name: string) {
  const [row] = await t.db
    .insert(students)
    .values({
      schoolId: s.school.id,
      enrollment: uniq("MAT"),
      firstName: name,
      paternalSurname: "Luna",
      maternalSurname: "Mar",
    })
    .returning();
  await t.db
    .insert(studentGroups)
    .values({ schoolId: s.school.id, studentId: row!.id, schoolYearId: s.year.id, groupId: s.groupA.id });
  return row!;
}

const rate = (studentId: number, value: string) =>
  t.db.insert(ratings).values({
    schoolId: s.school.id,
    studentId,
    periodId: s.period.id,
    measureId: conduct.id,
    groupId: s.groupA.id,
    scaleVersionId: conduct.versionId,
    value,
    ratedBy: s.teacher.user.id,
  });

async function periodOf(as: As, studentId: number) {
  const res = await as({ method: "GET", url: `/api/scorecard/students/${studentId}` });
  expect(res.statusCode, res.body).toBe(200);
  const card = res.json().data.scorecard as {
    periods: {
      id: number;
      ratings: { measure_id: number; score: number | null }[];
      group_average: { measure_id: number; score: number }[];
    }[];
  };
  return card.periods.find((p) => p.id === s.period.id)!;
}
const averageOf = (period: Awaited<ReturnType<typeof periodOf>>) =>
  period.group_average.find((a) => a.measure_id === conduct.id)?.score;

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  await insertStarterGradeSetup(t.db, s.school.id);
  const setup = await ratingSetup(t.db, s.school.id);
  const measure = setup.measures.find((m) => m.kind === "conduct")!;
  conduct = { id: measure.id, versionId: setup.scales.find((x) => x.id === measure.scale_id)!.version_id };
  await publishForFamilies(t.db, s.school.id, s.period.id);
  // Ana (the mother's child) has 10; every classmate 8.
  await rate(s.a1.id, "10");
  await rate(s.a2.id, "8");
});
afterAll(() => t.close());

describe("group figures a family reads", () => {
  it("hides the group's average over fewer than 5 other students, shows it without her child over 5", async () => {
    // Ana and one classmate: staff read the average, the family nothing (it would give Alan's grade away).
    expect(averageOf(await periodOf(s.director.as, s.a1.id))).toBeDefined();
    expect(averageOf(await periodOf(s.motherOfA1.as, s.a1.id))).toBeUndefined();

    // Four others: still nothing for the family.
    for (const name of ["Carla", "Diego", "Elena"]) await rate((await classmate(name)).id, "8");
    expect(averageOf(await periodOf(s.motherOfA1.as, s.a1.id))).toBeUndefined();

    // Five others: the family reads the average of those five — every one of them has 8, so it is 8's score,
    // as staff see it on Alan's own card — not the group's with Ana's 10 in it, which staff read.
    await rate((await classmate("Fausto")).id, "8");
    const eight = (await periodOf(s.director.as, s.a2.id)).ratings.find((r) => r.measure_id === conduct.id)!.score;
    const family = averageOf(await periodOf(s.motherOfA1.as, s.a1.id));
    expect(family).toBe(eight);
    const staff = averageOf(await periodOf(s.director.as, s.a1.id));
    expect(staff).toBeGreaterThan(eight!);
  });
});
