import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accompanimentObservations,
  incidentStudents,
  incidents,
  observationTypes,
  periods,
  pointAwards,
  ratingSettings,
} from "../../src/db/schema/index.ts";
import { pointsByPeriod } from "../../src/modules/points/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { insertIncident, schoolDay, setStatus } from "../helpers/follow-up.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

/**
 * Issue 13 §3: recognition points. The ledger is read from observations, incidents (students involved, not
 * cancelled) and manual awards; balances per period, per school year and running after the school's reset; the
 * scopes of ratings (family: own children and what families are shown; teacher: their groups; scorings.search:
 * the school); awards all or nothing.
 */

let t: TestApp;
let s: IncidentSchool;
let other: IncidentSchool;
beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
});
afterAll(() => t.close());

type As = IncidentSchool["director"]["as"];
interface Entry {
  source: string;
  id: number;
  points: number;
  on: string;
  reason: { name_es: string; name_en: string | null };
  folio: number | null;
  by: { id: number; name: string };
  visible_to_family: boolean;
  can_delete: boolean;
}
interface Ledger {
  student: { id: number; name: string };
  window: { reset: string; period: { id: number } | null; balance_starts_on: string | null; today: string };
  balances: { period: number | null; year: number | null; balance: number };
  entries: Entry[];
  internal: { count: number; points: number };
}
interface GroupView {
  group: { id: number; name: string };
  students: { id: number; name: string; period: number | null; year: number | null; balance: number }[];
  can_award: boolean;
}

const call = (as: As, method: "GET" | "POST" | "DELETE", url: string, payload?: object, lang = "es") =>
  as({ method, url, payload, headers: { "accept-language": lang } });

async function ledger(as: As, studentId: number, query = ""): Promise<Ledger> {
  const res = await call(as, "GET", `/api/students/${studentId}/points${query}`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data.points;
}

async function groupView(as: As, groupId: number): Promise<GroupView> {
  const res = await call(as, "GET", `/api/groups/${groupId}/points`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data.points;
}

const awardBody = (overrides: Record<string, unknown> = {}) => ({
  student_ids: [s.a1.id],
  kind: "award",
  points: 6,
  reason: "Ayudó a ordenar la biblioteca",
  awarded_on: schoolDay(0),
  ...overrides,
});

async function award(as: As, overrides: Record<string, unknown> = {}) {
  const res = await call(as, "POST", "/api/point-awards", { ...awardBody(), ...overrides });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data.award as { batch_id: string | null; ids: number[] };
}

const awardCount = async (x: IncidentSchool) => {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(pointAwards)
    .where(eq(pointAwards.schoolId, x.school.id));
  return row!.n;
};

/** Noon on a school day (Mexico City), as an instant. */
const noonOf = (day: string) => new Date(`${day}T18:00:00Z`);

async function observe(x: IncidentSchool, studentId: number, on: string, points: number, visible = true) {
  await t.db.insert(accompanimentObservations).values({
    schoolId: x.school.id,
    studentId,
    observationTypeId: x.observationType.id,
    text: "Participó en clase.",
    observedOn: on,
    points,
    visibleToFamily: visible,
    recordedBy: x.teacher.user.id,
  });
}

const setReset = (x: IncidentSchool, reset: "none" | "year" | "period") =>
  t.db
    .insert(ratingSettings)
    .values({ schoolId: x.school.id, pointsReset: reset })
    .onConflictDoUpdate({ target: ratingSettings.schoolId, set: { pointsReset: reset } });

describe("the ledger", () => {
  it("equals the hand-counted sources: involved students lose, affected and witnesses do not, cancelled counts nothing", async () => {
    const x = await incidentSchool(t.app, t.db);
    // A first period before the current one (Bimestre 2 runs from about 30 days ago).
    const [first] = await t.db
      .insert(periods)
      .values({
        schoolId: x.school.id,
        schoolYearId: x.year.id,
        name: "Bimestre 1",
        order: 1,
        startsOn: x.year.startsOn,
        endsOn: schoolDay(-32),
      })
      .returning();
    const [neutral] = await t.db
      .insert(observationTypes)
      .values({ schoolId: x.school.id, nameEs: "Seguimiento", nameEn: "Follow-up", kind: "neutral", points: 0 })
      .returning();
    await observe(x, x.a1.id, schoolDay(-2), 2); // period, shown to families
    await observe(x, x.a1.id, schoolDay(-40), 4, false); // Bimestre 1, staff only
    await observe(x, x.a1.id, schoolDay(-120), 7); // before this school year
    await t.db.insert(accompanimentObservations).values({
      schoolId: x.school.id,
      studentId: x.a1.id,
      observationTypeId: neutral!.id,
      text: "Seguimiento con la familia.",
      observedOn: schoolDay(0),
      points: 0,
      recordedBy: x.teacher.user.id,
    });
    // Ana involved, Alan affected, Beto witness: 5 points from Ana only.
    const shared = await insertIncident(t.db, x, { students: [{ id: x.a1.id, groupId: x.groupA.id }] });
    await t.db.insert(incidentStudents).values([
      { schoolId: x.school.id, incidentId: shared.id, studentId: x.a2.id, role: "affected", groupId: x.groupA.id },
      { schoolId: x.school.id, incidentId: shared.id, studentId: x.b1.id, role: "witness", groupId: x.groupB.id },
    ]);
    const cancelled = await insertIncident(t.db, x);
    await setStatus(t.db, x, cancelled.id, "cancelled");
    // Hidden from families, 3 points, in Bimestre 1.
    const hidden = await insertIncident(t.db, x, { visibleToFamily: false });
    await t.db
      .update(incidents)
      .set({ points: 3, occurredAt: noonOf(schoolDay(-45)) })
      .where(and(eq(incidents.schoolId, x.school.id), eq(incidents.id, hidden.id)));
    const given = await award(x.teacher.as, { student_ids: [x.a1.id], points: 6 });
    const spent = await award(x.teacher.as, {
      student_ids: [x.a1.id],
      kind: "redemption",
      points: 1,
      reason: "Canje: elegir la lectura",
    });

    const ana = await ledger(x.director.as, x.a1.id);
    const byKey = ana.entries.map((e) => `${e.source}:${e.points}`).sort();
    expect(byKey).toEqual(["award:6", "incident:-3", "incident:-5", "observation:2", "observation:4", "redemption:-1"]);
    // Period: 2 − 5 + 6 − 1; school year: + 4 − 3; the old observation only under a reset that never comes.
    expect(ana.balances).toEqual({ period: 2, year: 3, balance: 3 });
    const incident = ana.entries.find((e) => e.source === "incident" && e.id === shared.id)!;
    expect(incident).toMatchObject({
      folio: shared.folio,
      reason: { name_es: "Agresión verbal", name_en: "Verbal aggression" },
      by: { id: x.director.user.id },
      visible_to_family: true,
      can_delete: false,
    });
    expect(ana.entries.find((e) => e.source === "award")).toMatchObject({
      id: given.ids[0],
      reason: { name_es: "Ayudó a ordenar la biblioteca", name_en: null },
      by: { id: x.teacher.user.id },
      on: schoolDay(0),
      can_delete: true,
    });
    expect(ana.entries.find((e) => e.source === "redemption")?.id).toBe(spent.ids[0]);
    expect(ana.entries.find((e) => e.source === "observation" && e.points === 2)).toMatchObject({
      reason: { name_es: "Participación", name_en: "Participation" },
      on: schoolDay(-2),
      by: { id: x.teacher.user.id },
    });
    // Newest first.
    expect(ana.entries.map((e) => e.on)).toEqual([...ana.entries.map((e) => e.on)].sort().reverse());

    // Alan was affected and Beto a witness: they lose nothing.
    expect((await ledger(x.director.as, x.a2.id)).entries).toEqual([]);
    expect((await ledger(x.director.as, x.b1.id)).balances).toEqual({ period: 0, year: 0, balance: 0 });

    // The first period, asked for: its own figure; the year's the same.
    const past = await ledger(x.director.as, x.a1.id, `?period_id=${first!.id}`);
    expect(past.balances).toEqual({ period: 1, year: 3, balance: 3 });
    expect(past.window.period?.id).toBe(first!.id);

    // The scorecard's sums per period: one set of numbers whoever prints it.
    const periodsOf = [
      { id: first!.id, startsOn: first!.startsOn, endsOn: first!.endsOn },
      { id: x.period.id, startsOn: x.period.startsOn, endsOn: x.period.endsOn },
    ];
    const staff = await pointsByPeriod(t.db, x.school.id, x.a1.id, periodsOf);
    expect([...staff.entries()]).toEqual([
      [first!.id, 1],
      [x.period.id, 2],
    ]);

    // The school's reset decides where the running balance starts.
    await setReset(x, "period");
    expect((await ledger(x.director.as, x.a1.id)).balances).toEqual({ period: 2, year: 3, balance: 2 });
    expect((await ledger(x.director.as, x.a1.id)).window.balance_starts_on).toBe(x.period.startsOn);
    await setReset(x, "none");
    expect((await ledger(x.director.as, x.a1.id)).balances).toEqual({ period: 2, year: 3, balance: 10 });
    await setReset(x, "year");
    expect((await ledger(x.director.as, x.a1.id)).balances.balance).toBe(3);

    // A family's list shows only what families are shown — not the staff-only observation nor the hidden incident,
    // named as a count — while its figures are everyone's (issue 26 §2).
    const mother = await ledger(x.motherOfA1.as, x.a1.id);
    expect(mother.entries.map((e) => `${e.source}:${e.points}`).sort()).toEqual([
      "award:6",
      "incident:-5",
      "observation:2",
      "redemption:-1",
    ]);
    expect(mother.balances).toEqual({ period: 2, year: 3, balance: 3 });
    expect(mother.internal).toEqual({ count: 2, points: 1 });
    expect((await ledger(x.director.as, x.a1.id)).internal).toEqual({ count: 0, points: 0 });
    expect(mother.entries.every((e) => !e.can_delete)).toBe(true);

    // The student's file gets a Points tab whose badge is the balance, the same for the mother and the Director
    // (issue 26 §6: points, not the 4 or 6 movements each of them reads).
    const file = await call(x.motherOfA1.as, "GET", `/api/students/${x.a1.id}/file`);
    expect(file.json().data.file.sections).toContainEqual({ key: "points", count: 3 });
    const staffFile = await call(x.director.as, "GET", `/api/students/${x.a1.id}/file`);
    expect(staffFile.json().data.file.sections).toContainEqual({ key: "points", count: 3 });
  });
});

describe("scopes", () => {
  it("lets each reader see the students of their scope and nothing else (404)", async () => {
    expect((await ledger(s.director.as, s.b1.id)).student.name).toBe("Beto Pérez Ruiz");
    expect((await ledger(s.coordinador.as, s.b1.id)).student.id).toBe(s.b1.id);
    expect((await ledger(s.teacher.as, s.a1.id)).student.id).toBe(s.a1.id);
    expect((await ledger(s.motherOfA1.as, s.a1.id)).student.id).toBe(s.a1.id);
    const refused: [As, number][] = [
      [s.teacher.as, s.b1.id], // another group's student
      [s.otherTeacher.as, s.a1.id],
      [s.motherOfA1.as, s.a2.id], // another child
      [s.fatherOfB1.as, s.a1.id],
      [s.director.as, other.a1.id], // another school's student
      [other.director.as, s.a1.id],
    ];
    for (const [as, id] of refused) {
      const res = await call(as, "GET", `/api/students/${id}/points`);
      expect(res.statusCode, `${id}`).toBe(404);
    }
    expect(
      (await call(s.director.as, "GET", `/api/students/${s.a1.id}/points?period_id=${other.period.id}`)).statusCode,
    ).toBe(404);
  });

  it("shows a teacher their group by name, never ranked by points, and nobody else's", async () => {
    const x = await incidentSchool(t.app, t.db);
    await award(x.teacher.as, { student_ids: [x.a1.id], points: 9 });
    await award(x.teacher.as, { student_ids: [x.a2.id], points: 1 });
    const view = await groupView(x.teacher.as, x.groupA.id);
    // Alan before Ana (same surnames): by name, although Ana has more points.
    expect(view.students.map((st) => [st.name, st.period, st.year, st.balance])).toEqual([
      ["Alan Pérez Ruiz", 1, 1, 1],
      ["Ana Pérez Ruiz", 9, 9, 9],
    ]);
    expect(view).toMatchObject({ group: { id: x.groupA.id, name: "1° A Primaria" }, can_award: true });
    expect((await groupView(x.coordinador.as, x.groupA.id)).can_award).toBe(false);
    for (const [as, id] of [
      [x.teacher.as, x.groupB.id],
      [x.motherOfA1.as, x.groupA.id],
      [x.director.as, other.groupA.id],
    ] as [As, number][]) {
      expect((await call(as, "GET", `/api/groups/${id}/points`)).statusCode).toBe(404);
    }
  });
});

describe("awards", () => {
  it("gives one student, several or a whole group at once, one batch id for several", async () => {
    const x = await incidentSchool(t.app, t.db);
    const one = await award(x.teacher.as, { student_ids: [x.a1.id] });
    expect(one.batch_id).toBeNull();
    expect(one.ids).toHaveLength(1);
    const several = await award(x.teacher.as, { student_ids: [x.a1.id, x.a2.id], points: 2 });
    expect(several.ids).toHaveLength(2);
    expect(several.batch_id).toMatch(/^[0-9a-f-]{36}$/);
    const group = await award(x.teacher.as, { student_ids: undefined, group_id: x.groupA.id, points: 3 });
    expect(group.ids).toHaveLength(2);
    const rows = await t.db
      .select()
      .from(pointAwards)
      .where(and(eq(pointAwards.schoolId, x.school.id), eq(pointAwards.batchId, group.batch_id!)));
    expect(rows.map((r) => [r.studentId, r.points, r.groupId, r.awardedBy]).sort()).toEqual(
      [
        [x.a1.id, 3, x.groupA.id, x.teacher.user.id],
        [x.a2.id, 3, x.groupA.id, x.teacher.user.id],
      ].sort(),
    );
    // A redemption subtracts (never past zero: points-balance.test.ts).
    await award(x.director.as, { student_ids: [x.b1.id], points: 6 });
    await award(x.director.as, { student_ids: [x.b1.id], kind: "redemption", points: 4 });
    expect((await ledger(x.director.as, x.b1.id)).balances.year).toBe(2);
    // The Director gives any group.
    expect((await award(x.director.as, { student_ids: undefined, group_id: x.groupB.id })).ids).toHaveLength(1);
  });

  it("is refused per permission: families and read-only staff cannot give points", async () => {
    const before = await awardCount(s);
    expect((await call(s.motherOfA1.as, "POST", "/api/point-awards", awardBody())).statusCode).toBe(403);
    expect((await call(s.coordinador.as, "POST", "/api/point-awards", awardBody())).statusCode).toBe(403);
    expect(await awardCount(s)).toBe(before);
  });

  it("refuses bad input with 422 and saves nothing, not even the rest of a batch", async () => {
    const before = await awardCount(s);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ points: 0 }, "VALIDATION", "points"],
      [{ points: 101 }, "VALIDATION", "points"],
      [{ points: 2.5 }, "VALIDATION", "points"],
      [{ reason: "   " }, "VALIDATION", "reason"],
      [{ reason: undefined }, "VALIDATION", "reason"],
      [{ reason: "x".repeat(201) }, "VALIDATION", "reason"],
      [{ kind: "gift" }, "VALIDATION", "kind"],
      [{ awarded_on: schoolDay(1) }, "FUTURE_DATE", "awarded_on"],
      [{ awarded_on: "2026-02-30" }, "VALIDATION", "awarded_on"],
      [{ student_ids: [] }, "VALIDATION", "student_ids"],
      [{ student_ids: undefined }, "VALIDATION", "student_ids"],
      [{ student_ids: [s.a1.id, s.a1.id] }, "VALIDATION", "student_ids"],
      // One student outside the teacher's groups refuses the whole batch.
      [{ student_ids: [s.a1.id, s.a2.id, s.b1.id] }, "VALIDATION", "student_ids"],
      [{ student_ids: [s.a1.id, other.a2.id] }, "VALIDATION", "student_ids"],
      [{ student_ids: undefined, group_id: s.groupB.id }, "VALIDATION", "group_id"],
      [{ student_ids: undefined, group_id: other.groupA.id }, "VALIDATION", "group_id"],
      // Students of the group named only.
      [{ student_ids: [s.a1.id], group_id: s.groupB.id }, "VALIDATION", "group_id"],
    ];
    for (const [overrides, code, field] of cases) {
      for (const lang of ["es", "en"]) {
        const res = await call(s.teacher.as, "POST", "/api/point-awards", awardBody(overrides), lang);
        expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
        expect(res.json().code, JSON.stringify(overrides)).toBe(code);
        expect(res.json().errors?.[field], `${JSON.stringify(overrides)} ${res.body}`).toBeTruthy();
      }
    }
    const tooMany = Array.from({ length: 201 }, (_, i) => i + 1);
    expect(
      (await call(s.director.as, "POST", "/api/point-awards", awardBody({ student_ids: tooMany }))).statusCode,
    ).toBe(422);
    expect(await awardCount(s)).toBe(before);
  });

  it("is taken back by its author the same day, or by the Director any day", async () => {
    const x = await incidentSchool(t.app, t.db);
    const mine = await award(x.teacher.as, { student_ids: [x.a1.id] });
    const director = await award(x.director.as, { student_ids: [x.a2.id] });
    const del = (as: As, id: number) => call(as, "DELETE", `/api/point-awards/${id}`);

    // Not theirs: the other teacher does not even see the student; the family and Coordinador lack the permission.
    expect((await del(x.otherTeacher.as, mine.ids[0]!)).statusCode).toBe(404);
    expect((await del(x.motherOfA1.as, mine.ids[0]!)).statusCode).toBe(403);
    expect((await del(x.coordinador.as, mine.ids[0]!)).statusCode).toBe(403);
    expect((await del(other.director.as, mine.ids[0]!)).statusCode).toBe(404);
    // The teacher may not take back the Director's award.
    expect((await del(x.teacher.as, director.ids[0]!)).statusCode).toBe(403);
    expect((await ledger(x.teacher.as, x.a2.id)).entries.find((e) => e.id === director.ids[0])?.can_delete).toBe(false);

    // Her own, the same day: yes.
    expect((await del(x.teacher.as, mine.ids[0]!)).statusCode).toBe(200);
    expect((await ledger(x.director.as, x.a1.id)).entries).toEqual([]);

    // Given yesterday: no longer hers to take back, still the Director's.
    const old = await award(x.teacher.as, { student_ids: [x.a1.id] });
    await t.db
      .update(pointAwards)
      .set({ createdAt: new Date(Date.now() - 36 * 3_600_000) })
      .where(and(eq(pointAwards.schoolId, x.school.id), eq(pointAwards.id, old.ids[0]!)));
    expect((await ledger(x.teacher.as, x.a1.id)).entries[0]?.can_delete).toBe(false);
    expect((await del(x.teacher.as, old.ids[0]!)).statusCode).toBe(403);
    expect((await ledger(x.director.as, x.a1.id)).entries[0]?.can_delete).toBe(true);
    expect((await del(x.director.as, old.ids[0]!)).statusCode).toBe(200);
    expect((await del(x.director.as, old.ids[0]!)).statusCode).toBe(404);
    expect(await awardCount(x)).toBe(1);
  });
});
