import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pointAwards } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { schoolDay } from "../helpers/follow-up.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

/**
 * Issue 24 §1: a redemption spends the running balance and never takes it below zero — not by one request asking
 * too much, not by many racing (20 concurrent redemptions once took 28 points to −532). Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL, where the requests really run side by side on the pool's connections.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type As = IncidentSchool["director"]["as"];
const post = (as: As, body: Record<string, unknown>, lang = "es") =>
  as({ method: "POST", url: "/api/point-awards", payload: body, headers: { "accept-language": lang } });
const body = (studentIds: number[], kind: "award" | "redemption", points: number) => ({
  student_ids: studentIds,
  kind,
  points,
  reason: kind === "award" ? "Ayudó en la feria de ciencias" : "Canje: elegir el juego del recreo",
  awarded_on: schoolDay(0),
});

async function ledger(x: IncidentSchool, studentId: number): Promise<{ balance: number; name: string }> {
  const res = await x.director.as({ method: "GET", url: `/api/students/${studentId}/points` });
  const { balances, student } = res.json().data.points;
  return { balance: balances.balance, name: student.name };
}
const balance = async (x: IncidentSchool, studentId: number) => (await ledger(x, studentId)).balance;
/** The student's name as the school's lists write it. */
const nameOf = async (x: IncidentSchool, studentId: number) => (await ledger(x, studentId)).name;

const rowsOf = async (x: IncidentSchool) =>
  (
    await t.db.select({ n: sql<number>`count(*)::int` }).from(pointAwards).where(eq(pointAwards.schoolId, x.school.id))
  )[0]!.n;

describe("redemptions and the balance", () => {
  it("20 concurrent redemptions of 28 from 28 points: exactly one accepted, the balance ends at 0", async () => {
    const x = await incidentSchool(t.app, t.db);
    expect((await post(x.director.as, body([x.a1.id], "award", 28))).statusCode).toBe(201);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(x.teacher.as, body([x.a1.id], "redemption", 28))),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await balance(x, x.a1.id)).toBe(0);
    const refused = answers.find((r) => r.statusCode === 409)!.json();
    expect(refused.code).toBe("INSUFFICIENT_POINTS");
    expect(refused.message).toBe(`El saldo de puntos no alcanza para este canje: ${await nameOf(x, x.a1.id)}.`);
  });

  it("20 concurrent redemptions of 5 from 28 points: exactly 5 accepted, the balance ends at 3", async () => {
    const x = await incidentSchool(t.app, t.db);
    await post(x.director.as, body([x.a1.id], "award", 28));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(x.teacher.as, body([x.a1.id], "redemption", 5))),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(await balance(x, x.a1.id)).toBe(3);
  });

  it("a student at a negative balance cannot redeem, in either language, and nothing is written", async () => {
    const x = await incidentSchool(t.app, t.db);
    // −4 from before this rule (or from incidents): what a student owes is never spent.
    await t.db.insert(pointAwards).values({
      schoolId: x.school.id,
      studentId: x.b1.id,
      kind: "redemption",
      points: -4,
      reason: "Canje anterior",
      awardedOn: schoolDay(0),
      awardedBy: x.director.user.id,
    });
    expect(await balance(x, x.b1.id)).toBe(-4);
    const before = await rowsOf(x);
    const es = await post(x.director.as, body([x.b1.id], "redemption", 1));
    expect(es.statusCode).toBe(409);
    expect(es.json().errors).toEqual({
      points: `El saldo de puntos no alcanza para este canje: ${await nameOf(x, x.b1.id)}.`,
    });
    const en = await post(x.director.as, body([x.b1.id], "redemption", 1), "en");
    expect(en.json().message).toBe(`The points balance does not cover this redemption: ${await nameOf(x, x.b1.id)}.`);
    expect(await rowsOf(x)).toBe(before);
    expect(await balance(x, x.b1.id)).toBe(-4);
  });

  it("a batch or a whole group is refused whole when one student cannot cover it, naming that student", async () => {
    const x = await incidentSchool(t.app, t.db);
    await post(x.director.as, body([x.a1.id], "award", 10));
    await post(x.director.as, body([x.a2.id], "award", 2));
    const before = await rowsOf(x);
    const several = await post(x.teacher.as, body([x.a1.id, x.a2.id], "redemption", 3));
    expect(several.statusCode).toBe(409);
    expect(several.json().message).toBe(`El saldo de puntos no alcanza para este canje: ${await nameOf(x, x.a2.id)}.`);
    const group = await post(x.teacher.as, {
      ...body([], "redemption", 3),
      student_ids: undefined,
      group_id: x.groupA.id,
    });
    expect(group.statusCode).toBe(409);
    expect(await rowsOf(x)).toBe(before);
    expect([await balance(x, x.a1.id), await balance(x, x.a2.id)]).toEqual([10, 2]);
    // Exactly what they hold is fine: the balance may reach zero.
    const whole = await post(x.teacher.as, {
      ...body([], "redemption", 2),
      student_ids: undefined,
      group_id: x.groupA.id,
    });
    expect(whole.statusCode).toBe(201);
    expect([await balance(x, x.a1.id), await balance(x, x.a2.id)]).toEqual([8, 0]);
  });

  it("overlapping batches in opposite orders race without deadlock and leave no balance below zero", async () => {
    const x = await incidentSchool(t.app, t.db);
    await post(x.director.as, body([x.a1.id, x.a2.id], "award", 12));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(x.teacher.as, body(i % 2 ? [x.a1.id, x.a2.id] : [x.a2.id, x.a1.id], "redemption", 4)),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect([await balance(x, x.a1.id), await balance(x, x.a2.id)]).toEqual([0, 0]);
  });
});
