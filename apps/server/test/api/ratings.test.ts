import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, periods, ratingScales, ratingScaleVersions, ratings } from "../../src/db/schema/index.ts";
import { insertStarterGradeSetup } from "../../src/modules/grade-config/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { type Inbox, startInbox } from "../helpers/inbox.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";
import { passPublishWindow } from "../helpers/publish.ts";

/**
 * Issue 13 §2, the ratings grid: who reads and rates which groups, the values read on the measure's scale, periods
 * closing at their end plus the grace and reopened by a director, publishing to the families (told once, in their
 * language), and what a family sees — only their children's published ratings, never staff-only comments.
 */

let t: TestApp;
let smtp: Inbox;
let s: IncidentSchool;
let closed: { id: number };
let measures: { conduct: number; habits: number[] };

const utcDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  smtp = await startInbox();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "https://convive.example", APP_DOMAIN: "convive.example" });
  s = await prepared();
  const [inserted] = await t.db
    .insert(periods)
    .values({
      schoolId: s.school.id,
      schoolYearId: s.year.id,
      name: "Bimestre 1",
      nameEn: "Bimester 1",
      order: 1,
      startsOn: utcDay(-89),
      endsOn: utcDay(-31),
    })
    .returning();
  closed = inserted!;
  const grid = await gridOf(s.teacher.as, s.groupA.id, s.period.id);
  measures = {
    conduct: grid.measures.find((m) => m.kind === "conduct")!.id,
    habits: grid.measures.filter((m) => m.kind === "habit").map((m) => m.id),
  };
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The incidents' school with the suggested grade setup (conduct 5–10, four habits on levels). */
async function prepared() {
  const school = await incidentSchool(t.app, t.db);
  await insertStarterGradeSetup(t.db, school.school.id, school.director.user.id);
  return school;
}

type As = IncidentSchool["director"]["as"];
interface Cell {
  student_id: number;
  measure_id: number;
  value: string;
  label: string;
  rated_by: { id: number; name: string };
  rated_at: string;
}
interface Grid {
  editable: boolean;
  period: { id: number; state: string };
  previous_period: { id: number } | null;
  measures: { id: number; kind: string; scale: { definition: { kind: string } } }[];
  students: {
    id: number;
    name: string;
    ratings: Cell[];
    previous: { measure_id: number; value: string }[];
    comment: { text: string; visible_to_family: boolean } | null;
  }[];
}

const lang = (l: "es" | "en") => ({ "accept-language": l });

async function gridOf(as: As, groupId: number, periodId: number, l: "es" | "en" = "es"): Promise<Grid> {
  const res = await as({
    method: "GET",
    url: `/api/ratings/grid?group_id=${groupId}&period_id=${periodId}`,
    headers: lang(l),
  });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data.grid;
}

const put = (as: As, body: Record<string, unknown>, l: "es" | "en" = "es") =>
  as({ method: "PUT", url: "/api/ratings/cells", payload: body, headers: lang(l) });

const cell = (studentId: number, measureId: number, value: string, periodId = s.period.id) => ({
  student_id: studentId,
  period_id: periodId,
  measure_id: measureId,
  value,
});

const countRatings = async (schoolId = s.school.id) =>
  (await t.db.select().from(ratings).where(eq(ratings.schoolId, schoolId))).length;

describe("ratings: reading the grid", () => {
  it("offers each member the current year's periods with their state and the groups of their scope", async () => {
    const mine = (await s.teacher.as({ method: "GET", url: "/api/ratings/options" })).json().data.options;
    expect(mine.groups.map((g: { id: number }) => g.id)).toEqual([s.groupA.id]);
    expect(mine.groups[0]).toMatchObject({ label: "Primaria 1° A", mine: true });
    expect(mine).toMatchObject({ can_rate: true, manages: false, grace_days: 7 });
    const byName = Object.fromEntries(mine.periods.map((p: { name: string; state: string }) => [p.name, p.state]));
    expect(byName).toEqual({ "Bimestre 1": "closed", "Bimestre 2": "open" });

    const all = (await s.director.as({ method: "GET", url: "/api/ratings/options" })).json().data.options;
    expect(all.groups.map((g: { id: number }) => g.id).sort()).toEqual([s.groupA.id, s.groupB.id].sort());
    expect(all).toMatchObject({ can_rate: true, manages: true });
    const coordinator = (await s.coordinador.as({ method: "GET", url: "/api/ratings/options" })).json().data.options;
    expect(coordinator).toMatchObject({ can_rate: false, manages: false });
    expect(coordinator.groups).toHaveLength(2);
  });

  it("lists the group's students by name with the active measures as columns, on their scales", async () => {
    const grid = await gridOf(s.teacher.as, s.groupA.id, s.period.id);
    // Alan Pérez Ruiz before Ana Pérez Ruiz (same surnames).
    expect(grid.students.map((st) => st.name)).toEqual(["Alan Pérez Ruiz", "Ana Pérez Ruiz"]);
    expect(grid.measures.map((m) => [m.kind, m.scale.definition.kind])).toEqual([
      ["conduct", "numeric"],
      ["habit", "levels"],
      ["habit", "levels"],
      ["habit", "levels"],
      ["habit", "levels"],
    ]);
    expect(grid).toMatchObject({ editable: true, period: { state: "open" }, previous_period: { id: closed.id } });
    // A coordinator reads the whole school, read-only.
    expect((await gridOf(s.coordinador.as, s.groupB.id, s.period.id)).editable).toBe(false);
  });

  it("hides other groups from a teacher, other schools' ids from everyone, and the grid from families", async () => {
    const other = await prepared();
    const cases: [As, string, number][] = [
      [s.teacher.as, `group_id=${s.groupB.id}&period_id=${s.period.id}`, 404],
      [s.director.as, `group_id=${other.groupA.id}&period_id=${s.period.id}`, 404],
      [s.director.as, `group_id=${s.groupA.id}&period_id=${other.period.id}`, 404],
      [other.director.as, `group_id=${s.groupA.id}&period_id=${s.period.id}`, 404],
      [s.motherOfA1.as, `group_id=${s.groupA.id}&period_id=${s.period.id}`, 403],
    ];
    for (const [as, query, status] of cases) {
      expect((await as({ method: "GET", url: `/api/ratings/grid?${query}` })).statusCode, query).toBe(status);
    }
  });
});

describe("ratings: saving cells", () => {
  it("reads a typed value on the measure's scale and answers the canonical value with who and when", async () => {
    const conduct = await put(s.teacher.as, cell(s.a1.id, measures.conduct, "8,5"));
    expect(conduct.statusCode, conduct.body).toBe(200);
    expect(conduct.json().data.rating).toMatchObject({
      value: "8.5",
      label: "8.5",
      rated_by: { id: s.teacher.user.id, name: "Tere Prueba López" },
    });
    const habit = await put(s.teacher.as, cell(s.a1.id, measures.habits[0]!, "e"), "en");
    expect(habit.json().data.rating).toMatchObject({ value: "E", label: "Excellent" });

    // The same value again is the same rating (a retried save): who and when are kept.
    const again = await put(s.teacher.as, cell(s.a1.id, measures.conduct, "8.5"));
    expect(again.json().data.rating.rated_at).toBe(conduct.json().data.rating.rated_at);
    const grid = await gridOf(s.teacher.as, s.groupA.id, s.period.id);
    const ana = grid.students.find((st) => st.id === s.a1.id)!;
    expect(ana.ratings.map((r) => [r.measure_id, r.value, r.label])).toEqual(
      expect.arrayContaining([
        [measures.conduct, "8.5", "8.5"],
        [measures.habits[0], "E", "Excelente"],
      ]),
    );
    // A director rates any group and a change is a new rating by them.
    const changed = await put(s.director.as, cell(s.a1.id, measures.conduct, "9"));
    expect(changed.json().data.rating).toMatchObject({ value: "9", rated_by: { id: s.director.user.id } });
  });

  it("refuses values off the scale in both languages, under the field, and saves nothing", async () => {
    const before = await countRatings();
    const cases: [number, string][] = [
      [measures.conduct, "11"],
      [measures.conduct, "7.3"],
      [measures.conduct, "ocho"],
      [measures.habits[1]!, "x"],
      [measures.habits[1]!, "9"],
    ];
    for (const [measure, value] of cases) {
      for (const l of ["es", "en"] as const) {
        const res = await put(s.teacher.as, cell(s.a2.id, measure, value), l);
        expect(res.statusCode, value).toBe(422);
        expect(res.json().code).toBe("INVALID_RATING_VALUE");
        expect(res.json().errors.value).toBe(
          l === "es" ? "Ese valor no está en la escala." : "That value is not on the scale.",
        );
      }
    }
    expect((await put(s.teacher.as, cell(s.a2.id, measures.conduct, ""))).statusCode).toBe(422);
    expect(await countRatings()).toBe(before);
  });

  it("lets only raters in scope write: 403 without the permission, 404 outside the scope or the school", async () => {
    const other = await prepared();
    const before = await countRatings();
    const cases: [As, Record<string, unknown>, number][] = [
      [s.coordinador.as, cell(s.a1.id, measures.conduct, "8"), 403],
      [s.motherOfA1.as, cell(s.a1.id, measures.conduct, "8"), 403],
      [s.teacher.as, cell(s.b1.id, measures.conduct, "8"), 404],
      [s.teacher.as, cell(other.a1.id, measures.conduct, "8"), 404],
      [other.director.as, cell(s.a1.id, measures.conduct, "8"), 404],
      [s.teacher.as, cell(s.a1.id, measures.conduct, "8", other.period.id), 404],
      [s.director.as, { ...cell(s.a1.id, 2_000_000_000, "8") }, 404],
    ];
    for (const [as, body, status] of cases) {
      const res = await put(as, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect(await countRatings()).toBe(before);
    expect(await countRatings(other.school.id)).toBe(0);
  });

  it("clears a cell, and announces every change for the alert thresholds", async () => {
    const heard: { periodId: number; studentIds: number[] }[] = [];
    t.app.ctx.events.on("ratings.changed", (e) => heard.push(e));
    await put(s.teacher.as, cell(s.a2.id, measures.habits[2]!, "B"));
    const query = `student_id=${s.a2.id}&period_id=${s.period.id}&measure_id=${measures.habits[2]}`;
    const cleared = await s.teacher.as({ method: "DELETE", url: `/api/ratings/cells?${query}` });
    expect(cleared.statusCode).toBe(200);
    const alan = (await gridOf(s.teacher.as, s.groupA.id, s.period.id)).students.find((st) => st.id === s.a2.id)!;
    expect(alan.ratings.some((r) => r.measure_id === measures.habits[2])).toBe(false);
    expect(heard).toEqual([
      expect.objectContaining({ periodId: s.period.id, studentIds: [s.a2.id] }),
      expect.objectContaining({ periodId: s.period.id, studentIds: [s.a2.id] }),
    ]);
  });
});

describe("ratings: closing and reopening periods", () => {
  it("refuses changes to a closed period until a director reopens it, and again once closed", async () => {
    const before = await countRatings();
    const res = await put(s.teacher.as, cell(s.a1.id, measures.conduct, "8", closed.id), "en");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "PERIOD_CLOSED",
      message: "The period is closed: its ratings can no longer be changed.",
    });
    expect(await countRatings()).toBe(before);
    expect((await gridOf(s.teacher.as, s.groupA.id, closed.id)).editable).toBe(false);

    const reopen = (as: As, until: string) =>
      as({ method: "POST", url: `/api/ratings/periods/${closed.id}/reopen`, payload: { until } });
    expect((await reopen(s.teacher.as, utcDay(3))).statusCode).toBe(403);
    expect((await reopen(s.coordinador.as, utcDay(3))).statusCode).toBe(403);
    expect((await reopen(s.director.as, utcDay(60))).statusCode).toBe(422);
    const reopened = await reopen(s.director.as, utcDay(3));
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data.period).toMatchObject({ state: "open" });
    expect(reopened.json().data.period.reopened_until).not.toBeNull();

    expect((await put(s.teacher.as, cell(s.a1.id, measures.conduct, "7", closed.id))).statusCode).toBe(200);
    expect((await put(s.teacher.as, cell(s.a1.id, measures.habits[0]!, "R", closed.id))).statusCode).toBe(200);

    const closedAgain = await s.director.as({ method: "POST", url: `/api/ratings/periods/${closed.id}/close` });
    expect(closedAgain.json().data.period).toMatchObject({ state: "closed", reopened_until: null });
    expect((await put(s.teacher.as, cell(s.a1.id, measures.conduct, "8", closed.id))).statusCode).toBe(409);
  });
});

describe("ratings: filling a column and copying the previous period", () => {
  it("fills only the empty cells unless told otherwise", async () => {
    const x = await prepared();
    const grid = await gridOf(x.teacher.as, x.groupA.id, x.period.id);
    const punctuality = grid.measures[1]!.id;
    await put(x.teacher.as, { student_id: x.a1.id, period_id: x.period.id, measure_id: punctuality, value: "A" });
    const fill = (value: string, only_empty: boolean) =>
      x.teacher.as({
        method: "POST",
        url: "/api/ratings/fill",
        payload: { group_id: x.groupA.id, period_id: x.period.id, measure_id: punctuality, value, only_empty },
      });
    const first = await fill("b", true);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.result).toMatchObject({ saved: 1, ratings: [{ student_id: x.a2.id, value: "B" }] });
    const values = async () =>
      Object.fromEntries(
        (await gridOf(x.teacher.as, x.groupA.id, x.period.id)).students.map((st) => [
          st.id,
          st.ratings.find((r) => r.measure_id === punctuality)?.value,
        ]),
      );
    expect(await values()).toEqual({ [x.a1.id]: "A", [x.a2.id]: "B" });
    expect((await fill("E", false)).json().data.result.saved).toBe(2);
    expect(await values()).toEqual({ [x.a1.id]: "E", [x.a2.id]: "E" });
    expect((await fill("Z", false)).statusCode).toBe(422);
    // Another group of the school is not the teacher's.
    const theirs = await x.teacher.as({
      method: "POST",
      url: "/api/ratings/fill",
      payload: { group_id: x.groupB.id, period_id: x.period.id, measure_id: punctuality, value: "E" },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it("copies the previous period into empty cells only, where the value is still on the current scale", async () => {
    const x = await prepared();
    const [previous] = await t.db
      .insert(periods)
      .values({
        schoolId: x.school.id,
        schoolYearId: x.year.id,
        name: "Bimestre 1",
        order: 1,
        startsOn: utcDay(-89),
        endsOn: utcDay(-31),
      })
      .returning();
    const grid = await gridOf(x.teacher.as, x.groupA.id, x.period.id);
    const [conduct, punctuality, uniform] = grid.measures.map((m) => m.id);
    const [levels] = await t.db
      .select({ version: ratingScales.currentVersionId })
      .from(ratingScales)
      .where(and(eq(ratingScales.schoolId, x.school.id), eq(ratingScales.kind, "levels")));
    const [numeric] = await t.db
      .select({ version: ratingScales.currentVersionId })
      .from(ratingScales)
      .where(and(eq(ratingScales.schoolId, x.school.id), eq(ratingScales.kind, "numeric")));
    // An older version of the levels scale had a level "S" that the current one no longer has.
    const [old] = await t.db
      .insert(ratingScaleVersions)
      .values({
        schoolId: x.school.id,
        scaleId: (await t.db.select().from(ratingScaleVersions).where(eq(ratingScaleVersions.id, levels!.version!)))[0]!
          .scaleId,
        version: 0,
        definition: {
          kind: "levels",
          levels: [{ code: "S", name_es: "Sobresaliente", name_en: null, colour: "#000000", passing: true }],
        },
      })
      .returning();
    const base = { schoolId: x.school.id, periodId: previous!.id, groupId: x.groupA.id, ratedBy: x.teacher.user.id };
    await t.db.insert(ratings).values([
      { ...base, studentId: x.a1.id, measureId: conduct!, scaleVersionId: numeric!.version!, value: "9.5" },
      { ...base, studentId: x.a2.id, measureId: conduct!, scaleVersionId: numeric!.version!, value: "7" },
      { ...base, studentId: x.a1.id, measureId: punctuality!, scaleVersionId: levels!.version!, value: "B" },
      { ...base, studentId: x.a1.id, measureId: uniform!, scaleVersionId: old!.id, value: "S" },
    ]);
    await put(x.teacher.as, { student_id: x.a2.id, period_id: x.period.id, measure_id: conduct, value: "6" });
    const res = await x.teacher.as({
      method: "POST",
      url: "/api/ratings/copy-previous",
      payload: { group_id: x.groupA.id, period_id: x.period.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.result.saved).toBe(2);
    const after = await gridOf(x.teacher.as, x.groupA.id, x.period.id);
    const of = (id: number) =>
      Object.fromEntries(after.students.find((st) => st.id === id)!.ratings.map((r) => [r.measure_id, r.value]));
    expect(of(x.a1.id)).toEqual({ [conduct!]: "9.5", [punctuality!]: "B" });
    expect(of(x.a2.id)).toEqual({ [conduct!]: "6" });
    // The grid offers the previous values too, for the web's own copy.
    expect(after.students.find((st) => st.id === x.a1.id)!.previous).toHaveLength(3);
  });
});

describe("ratings: comments, publishing and what families see", () => {
  it("keeps comments staff-only unless marked, publishes once, and shows families only their children's", async () => {
    const x = await prepared();
    const grid = await gridOf(x.teacher.as, x.groupA.id, x.period.id);
    const [conduct, punctuality] = grid.measures.map((m) => m.id);
    const rate = (studentId: number, measureId: number, value: string, as = x.teacher.as) =>
      put(as, { student_id: studentId, period_id: x.period.id, measure_id: measureId, value });
    await rate(x.a1.id, conduct!, "9");
    await rate(x.a1.id, punctuality!, "A");
    await rate(x.b1.id, conduct!, "8", x.director.as);
    const comment = (studentId: number, text: string, visible_to_family: boolean, as = x.teacher.as) =>
      as({
        method: "PUT",
        url: "/api/ratings/comments",
        payload: { student_id: studentId, period_id: x.period.id, text, visible_to_family },
      });
    const staffOnly = await comment(x.a1.id, "Platicar con la familia sobre la puntualidad.", false);
    expect(staffOnly.statusCode, staffOnly.body).toBe(200);
    expect(staffOnly.json().data.comment).toMatchObject({
      visible_to_family: false,
      written_by: { id: x.teacher.user.id },
    });
    expect((await comment(x.b1.id, "Otro grupo", false)).statusCode).toBe(404);
    expect((await comment(x.a1.id, "x".repeat(1001), false)).statusCode).toBe(422);
    expect((await comment(x.a1.id, "Hola", false, x.motherOfA1.as)).statusCode).toBe(403);

    const family = async (query = "") => {
      const res = await x.motherOfA1.as({ method: "GET", url: `/api/ratings/family${query}`, headers: lang("en") });
      return { status: res.statusCode, data: res.statusCode === 200 ? res.json().data : null };
    };
    // Not published yet: the family sees their child, with no periods.
    expect((await family()).data.children).toEqual([
      // The level has no English name in this school: its Spanish one.
      { student: { id: x.a1.id, name: "Ana Pérez Ruiz", group: "Primaria 1° A" }, periods: [] },
    ]);
    expect((await family(`?student_id=${x.b1.id}`)).status).toBe(404);
    expect((await x.teacher.as({ method: "GET", url: "/api/ratings/family" })).statusCode).toBe(403);

    const publish = (as: As) =>
      as({
        method: "POST",
        url: `/api/ratings/periods/${x.period.id}/publish`,
        payload: { group_ids: [x.groupA.id, x.groupB.id], confirmEmpty: true },
      });
    expect((await publish(x.teacher.as)).statusCode).toBe(403);
    expect((await publish(x.coordinador.as)).statusCode).toBe(403);
    const published = await publish(x.director.as);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ period: { id: x.period.id } });
    expect(published.json().data.published.sort()).toEqual([x.groupA.id, x.groupB.id].sort());
    // Issue 26 §1: nobody is told and the family sees nothing until the unpublish window is over.
    expect((await family()).data.children[0].periods).toEqual([]);
    // Then the job tells the mother of Ana and the father of Beto: one notification each, once.
    expect(await passPublishWindow(t.app, x.school.id, x.period.id)).toBe(2);
    expect(await passPublishWindow(t.app, x.school.id, x.period.id)).toBe(0);
    // Publishing again changes nothing.
    expect((await publish(x.director.as)).json().data.published).toEqual([]);

    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.schoolId, x.school.id), eq(notifications.type, "ratings.published.family")));
    expect(told.map((n) => [n.userId, n.link]).sort()).toEqual(
      [
        [x.motherOfA1.user.id, `/scorecard?alumno=${x.a1.id}`],
        [x.fatherOfB1.user.id, `/scorecard?alumno=${x.b1.id}`],
      ].sort(),
    );
    const bell = await x.motherOfA1.as({ method: "GET", url: "/api/notifications", headers: lang("en") });
    expect(bell.json().data.notifications[0]).toMatchObject({
      title: "Ratings published: Ana Pérez Ruiz",
      body: "You can now see the conduct and habits for Bimestre 2.",
    });
    // E-mails in each reader's language: the mother reads English, the father Spanish.
    const toMother = await smtp.waitFor(x.motherOfA1.user.email);
    expect(toMother.subject).toBe("Ratings published: Ana Pérez Ruiz");
    // On the school's own address (its subdomain), never the bare origin.
    expect(toMother.text).toContain(`https://${x.school.id}.convive.example/scorecard?alumno=${x.a1.id}`);
    expect((await smtp.waitFor(x.fatherOfB1.user.email)).subject).toBe("Calificaciones publicadas: Beto Pérez Ruiz");

    const seen = await family();
    expect(seen.data.children[0].periods).toEqual([
      {
        period: expect.objectContaining({ id: x.period.id, name: "Bimestre 2" }),
        ratings: [
          expect.objectContaining({ measure_id: conduct, value: "9", label: "9", passing: true }),
          expect.objectContaining({ measure_id: punctuality, value: "A", label: "Needs support", passing: false }),
        ],
        comment: null,
      },
    ]);
    await comment(x.a1.id, "Muy buen bimestre, ¡felicidades!", true);
    expect((await family(`?student_id=${x.a1.id}`)).data.children[0].periods[0].comment).toBe(
      "Muy buen bimestre, ¡felicidades!",
    );

    // Last year's Bimestre 2, rated and published for Ana's group then: her scorecard keeps it by year, this screen
    // shows this year's periods only (two "Bimestre 2" side by side would read as one).
    await t.db.execute(sql`
      with y as (
        insert into school_years (school_id, name, starts_on, ends_on, is_current, closed_at)
        values (${x.school.id}, '2025-2026', '2025-08-25', '2026-07-10', false, now()) returning id
      ), p as (
        insert into periods (school_id, school_year_id, "order", name, name_en, starts_on, ends_on)
        select ${x.school.id}, y.id, 2, 'Bimestre 2', 'Bimester 2', '2025-10-27', '2026-01-04' from y returning id, school_year_id
      ), g as (
        insert into groups (school_id, school_year_id, grade_id, name)
        select ${x.school.id}, p.school_year_id, og.grade_id, og.name from p, groups og
         where og.school_id = ${x.school.id} and og.id = ${x.groupA.id} returning id, school_year_id
      ), sg as (
        insert into student_groups (school_id, student_id, school_year_id, group_id)
        select ${x.school.id}, ${x.a1.id}, g.school_year_id, g.id from g returning group_id
      ), r as (
        insert into ratings (school_id, student_id, period_id, measure_id, group_id, scale_version_id, value, rated_by, rated_at)
        select ${x.school.id}, ${x.a1.id}, p.id, old.measure_id, sg.group_id, old.scale_version_id, '6', ${x.director.user.id},
               '2026-01-02T18:00:00Z'
          from p, sg, ratings old
         where old.school_id = ${x.school.id} and old.student_id = ${x.a1.id} and old.period_id = ${x.period.id}
           and old.measure_id = ${conduct}
        returning period_id
      )
      insert into rating_group_publications (school_id, period_id, group_id, published_at, published_by, notify_at, notified_at)
      select ${x.school.id}, p.id, sg.group_id, '2026-01-13T16:00:00Z', ${x.director.user.id}, '2026-01-13T16:00:00Z',
             '2026-01-13T16:00:00Z'
        from p, sg where exists (select 1 from r)`);
    const thisYear = (await family()).data.children[0].periods;
    expect(thisYear.map((p: { period: { id: number } }) => p.period.id)).toEqual([x.period.id]);
  });

  it("shows the director the completion per group and per head teacher", async () => {
    const x = await prepared();
    const grid = await gridOf(x.teacher.as, x.groupA.id, x.period.id);
    await put(x.teacher.as, {
      student_id: x.a1.id,
      period_id: x.period.id,
      measure_id: grid.measures[0]!.id,
      value: "8",
    });
    await put(x.teacher.as, {
      student_id: x.a2.id,
      period_id: x.period.id,
      measure_id: grid.measures[1]!.id,
      value: "E",
    });
    const res = await x.director.as({ method: "GET", url: `/api/ratings/completion?period_id=${x.period.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const { groups, teachers } = res.json().data.completion;
    expect(groups).toEqual([
      expect.objectContaining({ id: x.groupA.id, students: 2, rated: 2, expected: 10 }),
      expect.objectContaining({ id: x.groupB.id, students: 1, rated: 0, expected: 5 }),
    ]);
    expect(teachers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: x.teacher.user.id, groups: 1, rated: 2, expected: 10, rated_by_them: 2 }),
        expect.objectContaining({ id: x.otherTeacher.user.id, groups: 1, rated: 0, expected: 5 }),
      ]),
    );
    for (const as of [x.teacher.as, x.coordinador.as, x.motherOfA1.as]) {
      expect((await as({ method: "GET", url: `/api/ratings/completion?period_id=${x.period.id}` })).statusCode).toBe(
        403,
      );
    }
    const other = await prepared();
    expect(
      (await other.director.as({ method: "GET", url: `/api/ratings/completion?period_id=${x.period.id}` })).statusCode,
    ).toBe(404);
  });
});
