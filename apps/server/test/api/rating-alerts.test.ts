import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { alertCrossings, alertRules, notifications, ratings, users } from "../../src/db/schema/index.ts";
import { insertStarterGradeSetup, ratingSetup } from "../../src/modules/grade-config/index.ts";
import { setStatus } from "../helpers/follow-up.ts";
import { createAppWithInbox } from "../helpers/inbox.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";

/**
 * Issue 13 §5: alerts at the school's thresholds — N incidents of a classification in D days, conduct below the
 * passing mark — tell the head teacher of the student's group and the directors once per crossing: not again while
 * the student stays over, and again after the student went back under and crosses anew.
 */

let t: Awaited<ReturnType<typeof createAppWithInbox>>;
let s: IncidentSchool;
let other: IncidentSchool;
let incidentsRule: number;
let conductRule: number;

/** Evaluations of the thresholds finished, by school (the service announces each one: `alerts.checked`). */
const checks = new Map<string, number>();
/** Evaluations still running after the last one ended (any school). */
let pending = 0;

/**
 * Does `action` and waits until the thresholds have looked at the `evaluations` changes it announced, so that
 * "nothing was sent" is read after the evaluation, not after a guess at how long it takes.
 */
async function checked<T>(action: () => T | Promise<T>, evaluations = 1): Promise<T> {
  const before = checks.get(s.school.id) ?? 0;
  const result = await action();
  // Its own evaluations ended, and none is left running: an evaluation of an earlier action that ended late must
  // not stand in for this one's (the alerts were then read before they were written).
  await vi.waitFor(
    () => {
      expect(checks.get(s.school.id) ?? 0).toBeGreaterThanOrEqual(before + evaluations);
      expect(pending).toBe(0);
    },
    { timeout: 10_000 },
  );
  return result;
}

/** Alerts each user got in the school, by type. */
async function alertsOf(school: IncidentSchool, userIds: number[]) {
  const rows = await t.db
    .select({
      userId: notifications.userId,
      type: notifications.type,
      params: notifications.params,
      link: notifications.link,
    })
    .from(notifications)
    .where(and(eq(notifications.schoolId, school.school.id), inArray(notifications.userId, userIds)))
    // In the order they were sent: the tests slice off the alerts sent before (without an order PostgreSQL may
    // return them in any, and an earlier incident alert was read as the new conduct one).
    .orderBy(notifications.id);
  return rows.filter((r) => r.type.startsWith("alert."));
}
async function crossings(school: IncidentSchool, ruleId: number) {
  return t.db
    .select({ id: alertCrossings.id, clearedAt: alertCrossings.clearedAt })
    .from(alertCrossings)
    .where(and(eq(alertCrossings.schoolId, school.school.id), eq(alertCrossings.ruleId, ruleId)))
    .orderBy(alertCrossings.id);
}
/** Waits until the crossings of the rule read as expected (the evaluation runs after the answer). */
async function until(ruleId: number, expected: { open: number; total: number }) {
  for (let i = 0; i < 100; i++) {
    const rows = await crossings(s, ruleId);
    const open = rows.filter((r) => r.clearedAt === null).length;
    if (open === expected.open && rows.length === expected.total) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`crossings never reached ${JSON.stringify(expected)}`);
}

async function register(daysAgo = 0) {
  const res = await s.teacher.as({
    method: "POST",
    url: "/api/incidents",
    payload: registration(s, { occurred_at: new Date(Date.now() - 60_000 - daysAgo * 86_400_000).toISOString() }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.incident as { id: number };
}

beforeAll(async () => {
  t = await createAppWithInbox();
  t.app.ctx.events.on("alerts.checked", (event) => {
    checks.set(event.schoolId, (checks.get(event.schoolId) ?? 0) + 1);
    pending = event.pending;
  });
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
  for (const school of [s, other]) {
    await insertStarterGradeSetup(t.db, school.school.id);
  }
  const rules = await t.db
    .insert(alertRules)
    .values([
      { schoolId: s.school.id, kind: "incidents", classification: "serious", threshold: 2, windowDays: 30 },
      { schoolId: s.school.id, kind: "conduct-below-passing", threshold: 1, windowDays: 0 },
      { schoolId: other.school.id, kind: "incidents", classification: null, threshold: 1, windowDays: 30 },
    ])
    .returning({ id: alertRules.id });
  incidentsRule = rules[0]!.id;
  // The Director reads English: the alert's e-mail comes in it.
  await t.db.update(users).set({ language: "en" }).where(eq(users.id, s.director.user.id));
  conductRule = rules[1]!.id;
});
afterAll(() => t.close());

describe("incidents over a threshold", () => {
  it("alerts the head teacher and the directors once per crossing", async () => {
    const people = [s.teacher.user.id, s.director.user.id, s.coordinador.user.id, s.otherTeacher.user.id];
    const first = await checked(() => register());
    expect(await crossings(s, incidentsRule)).toHaveLength(0);
    expect(await alertsOf(s, people)).toHaveLength(0);

    const second = await checked(() => register(2));
    await until(incidentsRule, { open: 1, total: 1 });
    const sent = await alertsOf(s, people);
    // Ana's head teacher (who recorded them: an alert is not her own registration) and the Director; not the
    // Coordinador (reads every scorecard, does not manage ratings) nor another group's teacher.
    expect(sent.map((a) => a.userId).sort()).toEqual([s.teacher.user.id, s.director.user.id].sort());
    expect(sent[0]).toMatchObject({
      type: "alert.incidents",
      link: `/scorecard?alumno=${s.a1.id}`,
      params: { student: "Ana Pérez Ruiz", count: 2, days: 30, classification_es: "graves" },
    });

    // E-mailed too, each in the reader's language, with a link to the student's scorecard.
    await t.mailsTo(s.director.user.email, 3);
    const toDirector = (await t.mailsTo(s.director.user.email)).find((m) => m.subject.startsWith("Alert:"));
    expect(toDirector!.subject).toBe("Alert: Ana Pérez Ruiz");
    expect(toDirector!.text).toContain("Ana Pérez Ruiz has 2 incidents (serious) in the last 30 days.");
    expect(toDirector!.text).toContain(`/scorecard?alumno=${s.a1.id}`);
    const toTeacher = (await t.mailsTo(s.teacher.user.email, 1)).filter((m) => m.subject.startsWith("Alerta"));
    expect(toTeacher.map((m) => m.subject)).toEqual(["Alerta: Ana Pérez Ruiz"]);

    // Still over the threshold: nothing more.
    const third = await checked(() => register(1));
    expect(await alertsOf(s, people)).toHaveLength(2);
    expect(await crossings(s, incidentsRule)).toHaveLength(1);

    // Back under (the three cancelled; a new one outside the 30 days): the crossing clears, nobody is told.
    for (const i of [first, second, third]) await setStatus(t.db, s, i.id, "cancelled");
    await checked(() => register(45));
    await until(incidentsRule, { open: 0, total: 1 });
    expect(await alertsOf(s, people)).toHaveLength(2);

    // A new crossing alerts again.
    await checked(async () => {
      await register();
      await register();
    }, 2);
    await until(incidentsRule, { open: 1, total: 2 });
    const again = await alertsOf(s, people);
    expect(again).toHaveLength(4);
    expect(again.filter((a) => a.userId === s.director.user.id)).toHaveLength(2);
  });

  it("leaves another school untouched", async () => {
    expect(
      await crossings(
        other,
        (await t.db.select().from(alertRules).where(eq(alertRules.schoolId, other.school.id)))[0]!.id,
      ),
    ).toEqual([]);
    expect(await alertsOf(other, [other.director.user.id, other.teacher.user.id])).toEqual([]);
  });
});

describe("conduct below the passing mark", () => {
  it("alerts once when a conduct rating does not pass, again after it passed in between", async () => {
    const setup = await ratingSetup(t.db, s.school.id);
    const conduct = setup.measures.find((m) => m.kind === "conduct")!;
    const version = setup.scales.find((x) => x.id === conduct.scale_id)!.version_id;
    const people = [s.otherTeacher.user.id, s.director.user.id];
    const before = (await alertsOf(s, people)).length;
    const [row] = await t.db
      .insert(ratings)
      .values({
        schoolId: s.school.id,
        studentId: s.b1.id,
        periodId: s.period.id,
        measureId: conduct.id,
        groupId: s.groupB.id,
        scaleVersionId: version,
        value: "5",
        ratedBy: s.otherTeacher.user.id,
      })
      .returning({ id: ratings.id });
    const changed = () =>
      t.app.ctx.events.emit("ratings.changed", { schoolId: s.school.id, periodId: s.period.id, studentIds: [s.b1.id] });
    const setValue = (value: string) =>
      t.db
        .update(ratings)
        .set({ value })
        .where(and(eq(ratings.schoolId, s.school.id), eq(ratings.id, row!.id)));

    await checked(changed);
    await until(conductRule, { open: 1, total: 1 });
    const sent = (await alertsOf(s, people)).slice(before);
    // Beto's head teacher (group B) and the Director, in their language when they read it.
    expect(sent.map((a) => a.userId).sort()).toEqual(people.sort());
    expect(sent[0]).toMatchObject({
      type: "alert.conduct",
      params: { student: "Beto Pérez Ruiz", value_es: "5", period_es: "Bimestre 2" },
    });

    await checked(changed);
    expect((await alertsOf(s, people)).length).toBe(before + 2);

    await setValue("7");
    await checked(changed);
    await until(conductRule, { open: 0, total: 1 });
    await setValue("5.5");
    await checked(changed);
    await until(conductRule, { open: 1, total: 2 });
    expect((await alertsOf(s, people)).length).toBe(before + 4);
  });
});
