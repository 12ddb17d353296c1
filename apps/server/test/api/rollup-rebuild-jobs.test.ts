import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subjectGrades } from "../../src/db/schema/index.ts";
import { QUIET_SECONDS } from "../../src/modules/rollups/rebuilds.service.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { insertIncident } from "../helpers/incident-rows.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

/**
 * Issue 25 §5: the rollup rebuilds leave the request path. A change that makes a school's rollups stale (its time
 * zone, a teaching assignment) answers at once with the rollups as they were; the school's rebuild then runs as a
 * job on the runner once the changes are quiet, with its progress readable, and the rollups match the incidents;
 * two quick changes make one rebuild, after the last.
 */
let t: TestApp;
let s: IncidentSchool;
type As = IncidentSchool["director"]["as"];

/** 05:30 UTC: the day before in Mexico City (UTC−6) and Tijuana (UTC−8), the same day in Cancún (UTC−5). */
const at = (daysBack: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - daysBack, 5, 30));
};

beforeAll(async () => {
  // Jobs run in this app, on queues of its own (the shared PostgreSQL of CI holds other files' apps too).
  t = await createTestApp({ JOBS_ENABLED: true, JOBS_NAMESPACE: `t${randomUUID().slice(0, 8)}.` });
  s = await incidentSchool(t.app, t.db);
  await t.db.insert(subjectGrades).values({ schoolId: s.school.id, subjectId: s.math.id, gradeId: s.grade.id });
  for (const daysBack of [3, 4, 5]) {
    await insertIncident(t.db, s, {
      students: [{ id: s.a1.id, groupId: s.groupA.id }],
      recordedBy: s.teacher.user.id,
      occurredAt: at(daysBack),
    });
  }
});
afterAll(() => t?.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The incidents a unit of the rollup counts, per school day (every incident counts once in the "status" figures). */
const rolled = (unit: string, unitId: number) =>
  rows<{ day: string; n: number }>(sql`
    select day::text as day, sum(n)::int as n from incident_unit_days
     where school_id = ${s.school.id} and unit = ${unit} and unit_id = ${unitId} and dim = 'status' and n <> 0
     group by day order by day`);

/** The same from the incidents themselves, on the school's clock now. */
const counted = (where = sql`true`) =>
  rows<{ day: string; n: number }>(sql`
    select (i.occurred_at at time zone sc.time_zone)::date::text as day, count(*)::int as n
      from incidents i join schools sc on sc.id = i.school_id
     where i.school_id = ${s.school.id} and i.status <> 'cancelled' and ${where}
     group by 1 order by 1`);

const status = async (as: As = s.director.as) => {
  const res = await as({ method: "GET", url: "/api/rollups/rebuild" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    pending: boolean;
    requested_at: string | null;
    run: { state: string; runs: number; step: number; steps: number; parts: string[]; started_at: string } | null;
  };
};

/** Until nothing is pending and the last run is over (the quiet time, then the rebuild). */
async function settled() {
  const deadline = Date.now() + (QUIET_SECONDS + 20) * 1000;
  for (;;) {
    const now = await status();
    if (!now.pending && now.run?.state !== "running") return now;
    if (Date.now() > deadline) throw new Error(`rebuild did not finish: ${JSON.stringify(now)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const setTimeZone = (time_zone: string) =>
  s.director.as({ method: "PATCH", url: "/api/school-info", payload: { time_zone } });

describe("rollup rebuilds as jobs", () => {
  it("a teaching assignment answers before the teacher's units are rebuilt; the job then counts the group's incidents for them", async () => {
    // Otto heads group B and has recorded nothing: group A's incidents are not his yet.
    expect(await rolled("viewer", s.otherTeacher.user.id)).toEqual([]);

    const res = await s.director.as({
      method: "POST",
      url: "/api/teaching-assignments",
      payload: { user_id: s.otherTeacher.user.id, group_id: s.groupA.id, subject_id: s.math.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Answered, and the rebuild has not run: it waits for the changes to be quiet.
    const right = await status();
    expect(right.pending).toBe(true);
    expect(await rolled("viewer", s.otherTeacher.user.id)).toEqual([]);

    const after = await settled();
    expect(after.run).toMatchObject({ state: "done", parts: ["viewers"], step: 1, steps: 1 });
    const hisGroups = sql`i.group_ids && array[${s.groupA.id}, ${s.groupB.id}]::int[]`;
    const expected = await counted(hisGroups);
    expect(expected.reduce((sum, d) => sum + d.n, 0)).toBe(3);
    expect(await rolled("viewer", s.otherTeacher.user.id)).toEqual(expected);
  }, 60_000);

  it("two quick time-zone changes answer at once and make one rebuild after the last, on the new clock", async () => {
    const before = await settled();
    const runsBefore = before.run?.runs ?? 0;
    const schoolDays = await rolled("school", 0);
    expect(schoolDays).toEqual(await counted());

    expect((await setTimeZone("America/Tijuana")).statusCode).toBe(200);
    const pending = await status();
    expect(pending.pending).toBe(true);
    // Still the days of the old clock: nothing was rebuilt inside the request.
    expect(await rolled("school", 0)).toEqual(schoolDays);

    await new Promise((resolve) => setTimeout(resolve, 1000));
    const lastChange = Date.now();
    expect((await setTimeZone("America/Cancun")).statusCode).toBe(200);

    const after = await settled();
    expect(after.run).toMatchObject({ state: "done", runs: runsBefore + 1 });
    expect(after.run!.parts).toEqual(expect.arrayContaining(["effectiveness_days", "units", "pairs"]));
    expect(after.run!.step).toBe(after.run!.steps);
    // The one run started after the last change had been quiet for the quiet time.
    expect(Date.parse(after.run!.started_at)).toBeGreaterThanOrEqual(lastChange + QUIET_SECONDS * 1000 - 1000);
    const cancun = await counted();
    expect(cancun).not.toEqual(schoolDays);
    expect(await rolled("school", 0)).toEqual(cancun);
  }, 60_000);

  it("shows the rebuild's state to the school's staff who read the dashboard, not to a family", async () => {
    expect((await status(s.director.as)).pending).toBe(false);
    const family = await s.motherOfA1.as({ method: "GET", url: "/api/rollups/rebuild" });
    expect(family.statusCode).toBe(403);
  });
});
