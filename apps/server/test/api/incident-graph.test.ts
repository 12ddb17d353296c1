import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  groups,
  incidentCategories,
  incidentTypes,
  profilePermissions,
  studentGroups,
  students,
} from "../../src/db/schema/index.ts";
import { generateIncidents } from "../../src/db/seed/incidents.ts";
import { insertStarterCatalogue } from "../../src/modules/incident-config/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, login, memberOf, uniq } from "../helpers/factories.ts";
import { schoolDay } from "../helpers/follow-up.ts";
import { insertIncident } from "../helpers/incident-rows.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";
import { rebuildRollupsNow } from "../helpers/rollups.ts";

/**
 * Issue 14 §2: the incident graph against a hand-counted school. Group A (head: Tere) holds Ana (a1), Alan (a2) and
 * Abril (a3); group B (head: Otto) Beto (b1) and Bruno (b2). Eight incidents, all recorded by the Director:
 *
 *   #  days ago  students (role)                         classification  category     status
 *   1  10        a1 involved, a2 affected                serious         Conducta
 *   2  10        a1 involved, a2 affected                minor           Convivencia
 *   3   8        a1 involved, a2 involved                very-serious    Convivencia
 *   4   8        a1 involved, a2 affected                serious         Conducta     cancelled
 *   5   5        a1 involved, b1 witness (group A)       minor           Convivencia
 *   6   5        b1 involved, b2 affected (group B)      serious         Conducta
 *   7   3        a1 involved, a2 affected, a3 witness    serious         Conducta     closed
 *   8   2        a3 involved                             minor           Convivencia
 *
 * Pairs (cancelled #4 left out; score = minor 1, serious 2, very serious 3 per incident):
 *   a1–a2: #1 #2 #3 #7 → 4 incidents, score 2+1+3+2 = 8, involved–affected 3, both involved 1
 *   a1–a3: #7 → 1, score 2, other · a2–a3: #7 → 1, score 2, other · b1–b2: #6 → 1, score 2, involved–affected
 *   a1–b1: #5 → 1, score 1, other
 * Incidents shared with someone: a1 5 (#1 #2 #3 #5 #7), a2 4, b1 2, a3 1, b2 1.
 */

let t: TestApp;
let s: IncidentSchool;
let a3: { id: number };
let b2: { id: number };
let minorType: { id: number };
let verySeriousType: { id: number };
let convivencia: { id: number };
let teacherAs: IncidentSchool["teacher"]["as"];
let otherTeacherAs: IncidentSchool["teacher"]["as"];

const D = (days: number) => schoolDay(-days);
/** 10:00 on the school's clock (Mexico City, UTC−6) that many school days ago. */
const at = (days: number) => new Date(`${D(days)}T16:00:00Z`);
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  const schoolId = s.school.id;
  const student = async (firstName: string, groupId: number) => {
    const [row] = await t.db
      .insert(students)
      .values({ schoolId, enrollment: uniq("MAT"), firstName, paternalSurname: "Soto", maternalSurname: "Luna" })
      .returning();
    await t.db.insert(studentGroups).values({ schoolId, studentId: row!.id, schoolYearId: s.year.id, groupId });
    return row!;
  };
  a3 = await student("Abril", s.groupA.id);
  b2 = await student("Bruno", s.groupB.id);
  convivencia = (
    await t.db
      .insert(incidentCategories)
      .values({ schoolId, nameEs: "Convivencia", nameEn: "Getting along", order: 2 })
      .returning()
  )[0]!;
  minorType = (
    await t.db
      .insert(incidentTypes)
      .values({ schoolId, categoryId: convivencia.id, nameEs: "Empujón", classification: "minor" })
      .returning()
  )[0]!;
  verySeriousType = (
    await t.db
      .insert(incidentTypes)
      .values({ schoolId, categoryId: convivencia.id, nameEs: "Golpes", classification: "very-serious" })
      .returning()
  )[0]!;

  const A = s.groupA.id;
  const B = s.groupB.id;
  const by = s.director.user.id;
  const serious = { typeId: s.type.id, categoryId: s.category.id, classification: "serious" };
  const minor = { typeId: minorType.id, categoryId: convivencia.id, classification: "minor" };
  const verySerious = { typeId: verySeriousType.id, categoryId: convivencia.id, classification: "very-serious" };
  const pair = (x: number, xr: "involved" | "affected" | "witness", y: number, yr: typeof xr, gx = A, gy = A) => [
    { id: x, role: xr, groupId: gx },
    { id: y, role: yr, groupId: gy },
  ];
  const add = (days: number, students: Parameters<typeof insertIncident>[2]["students"], extra: object) =>
    insertIncident(t.db, s, { students, recordedBy: by, occurredAt: at(days), ...extra });
  await add(10, pair(s.a1.id, "involved", s.a2.id, "affected"), serious);
  await add(10, pair(s.a1.id, "involved", s.a2.id, "affected"), minor);
  await add(8, pair(s.a1.id, "involved", s.a2.id, "involved"), verySerious);
  await add(8, pair(s.a1.id, "involved", s.a2.id, "affected"), { ...serious, status: "cancelled" });
  await add(5, pair(s.a1.id, "involved", s.b1.id, "witness", A, B), { ...minor, groupId: A });
  await add(5, pair(s.b1.id, "involved", b2.id, "affected", B, B), serious);
  await add(3, [...pair(s.a1.id, "involved", s.a2.id, "affected"), { id: a3.id, role: "witness", groupId: A }], {
    ...serious,
    status: "closed",
  });
  await add(2, [{ id: a3.id, role: "involved", groupId: A }], minor);

  // The module for teachers too (the Docente template has no incident graph), then fresh sessions.
  await t.db.insert(profilePermissions).values([
    { schoolId, profileId: s.school.profileIds.docente, permission: "module-incidents-graph" },
    { schoolId, profileId: s.school.profileIds.familiar, permission: "module-incidents-graph" },
  ]);
  teacherAs = client(t.app, await login(t.app, s.teacher.user.email), schoolId);
  otherTeacherAs = client(t.app, await login(t.app, s.otherTeacher.user.email), schoolId);
}, 120_000);
afterAll(() => t.close());

type As = IncidentSchool["director"]["as"];
const get = async (as: As, url: string, lang = "es") => {
  const res = await as({ method: "GET", url, headers: { "accept-language": lang } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};
type Edge = { a: number; b: number; count: number; score: number; kind: string } & Record<string, unknown>;
type Node = { id: number; name: string; group_label: string | null; incidents: number; community: number };
const pairsOf = async (as: As, query = "") => {
  const data = await get(as, `/api/incident-graph/pairs?from=${D(12)}&to=${D(0)}${query}`);
  return data as { edges: Edge[]; nodes: Node[]; truncated: boolean; communities: number } & Record<string, unknown>;
};
const key = (x: number, y: number) => `${Math.min(x, y)}-${Math.max(x, y)}`;

describe("co-occurrence map", () => {
  it("counts every pair, its severity score and roles, strongest first, cancelled incidents left out", async () => {
    const data = await pairsOf(s.director.as, "&min_count=1");
    const { a1, a2, b1 } = s;
    expect(data.edges.map((e) => [key(e.a, e.b), e.count, e.score])).toEqual([
      [key(a1.id, a2.id), 4, 8],
      // Score 2 each, count 1: by the first student's id (a1 < a2 < b1).
      [key(a1.id, a3.id), 1, 2],
      [key(a2.id, a3.id), 1, 2],
      [key(b1.id, b2.id), 1, 2],
      [key(a1.id, b1.id), 1, 1],
    ]);
    expect(data.edges[0]).toMatchObject({
      involved_affected: 3,
      involved_involved: 1,
      other: 0,
      kind: "involved-affected",
    });
    const byPair = new Map(data.edges.map((e) => [key(e.a, e.b), e]));
    expect(byPair.get(key(b1.id, b2.id))).toMatchObject({ involved_affected: 1, kind: "involved-affected" });
    expect(byPair.get(key(a1.id, b1.id))).toMatchObject({ other: 1, kind: "other" });
    expect(data.weights).toEqual({ minor: 1, serious: 2, "very-serious": 3 });
    expect(data.truncated).toBe(false);
    expect(data.filters).toEqual({ from: D(12), to: D(0), not_status: "cancelled" });

    const nodes = new Map(data.nodes.map((n) => [n.id, n]));
    expect([...nodes.keys()].sort((x, y) => x - y)).toEqual([a1.id, a2.id, b1.id, a3.id, b2.id].sort((x, y) => x - y));
    expect(nodes.get(a1.id)).toMatchObject({ name: "Ana Pérez Ruiz", group_label: "1° A Primaria", incidents: 5 });
    expect(nodes.get(a2.id)!.incidents).toBe(4);
    expect(nodes.get(b1.id)).toMatchObject({ group_label: "1° B Primaria", incidents: 2 });
    expect(nodes.get(a3.id)!.incidents).toBe(1);
    expect(nodes.get(b2.id)!.incidents).toBe(1);
    // Louvain: group A's three and group B's two fall into two communities (a1–b1 is the weakest tie).
    expect(data.communities).toBe(2);
    expect(nodes.get(a1.id)!.community).toBe(nodes.get(a3.id)!.community);
    expect(nodes.get(b1.id)!.community).toBe(nodes.get(b2.id)!.community);
    expect(nodes.get(a1.id)!.community).not.toBe(nodes.get(b1.id)!.community);
  });

  it("keeps pairs with at least the minimum count, by default 2", async () => {
    const data = await pairsOf(s.director.as);
    expect(data.edges.map((e) => key(e.a, e.b))).toEqual([key(s.a1.id, s.a2.id)]);
    // A student's count is every incident of the filters they share with someone, not only the pairs shown.
    expect(data.nodes.map((n) => [n.id, n.incidents])).toEqual([
      [s.a1.id, 5],
      [s.a2.id, 4],
    ]);
    expect((await pairsOf(s.director.as, "&min_count=5")).edges).toEqual([]);
  });

  it("filters by classification, group, grade and dates", async () => {
    const serious = await pairsOf(s.director.as, "&min_count=1&classification=serious");
    expect(serious.edges.map((e) => [key(e.a, e.b), e.count, e.score])).toEqual([
      [key(s.a1.id, s.a2.id), 2, 4],
      [key(s.a1.id, a3.id), 1, 2],
      [key(s.a2.id, a3.id), 1, 2],
      [key(s.b1.id, b2.id), 1, 2],
    ]);
    expect(serious.filters).toMatchObject({ classification: "serious" });
    // A group: pairs with at least one of its students.
    const groupB = await pairsOf(s.director.as, `&min_count=1&group_id=${s.groupB.id}`);
    expect(groupB.edges.map((e) => key(e.a, e.b)).sort()).toEqual([key(s.b1.id, b2.id), key(s.a1.id, s.b1.id)].sort());
    const grade = await pairsOf(s.director.as, `&min_count=1&grade_id=${s.grade.id}`);
    expect(grade.edges).toHaveLength(5);
    const window = await get(s.director.as, `/api/incident-graph/pairs?from=${D(8)}&to=${D(5)}&min_count=1`);
    expect(window.edges.map((e: Edge) => [key(e.a, e.b), e.count, e.kind]).sort()).toEqual(
      [
        [key(s.a1.id, s.a2.id), 1, "involved-involved"],
        [key(s.a1.id, s.b1.id), 1, "other"],
        [key(s.b1.id, b2.id), 1, "involved-affected"],
      ].sort(),
    );
  });

  it("shows a teacher the students of their own groups only", async () => {
    const tere = await pairsOf(teacherAs, "&min_count=1");
    expect(tere.edges.map((e) => [key(e.a, e.b), e.count])).toEqual([
      [key(s.a1.id, s.a2.id), 4],
      [key(s.a1.id, a3.id), 1],
      [key(s.a2.id, a3.id), 1],
    ]);
    expect(tere.nodes.map((n) => n.id)).not.toContain(s.b1.id);
    // Ana's pair with Beto (group B) is outside Tere's scope, so it is not among Ana's shared incidents either.
    expect(tere.nodes.find((n) => n.id === s.a1.id)!.incidents).toBe(4);
    const otto = await pairsOf(otherTeacherAs, "&min_count=1");
    expect(otto.edges.map((e) => key(e.a, e.b))).toEqual([key(s.b1.id, b2.id)]);
  });
});

describe("incidents over time", () => {
  const series = (as: As, query: string, lang = "es") =>
    get(as, `/api/incident-graph/series?from=${D(10)}&to=${D(2)}&interval=day${query}`, lang);
  type Bucket = { start: string; end: string; total: number; counts: Record<string, number>; filters: object };

  it("counts incidents per day stacked by classification, without cancelled ones", async () => {
    const data = await series(s.director.as, "&stack=classification");
    expect(data.series).toEqual([
      { key: "minor", label: "Leve", filter: { classification: "minor" } },
      { key: "serious", label: "Grave", filter: { classification: "serious" } },
      { key: "very-serious", label: "Muy grave", filter: { classification: "very-serious" } },
    ]);
    const buckets = data.buckets as Bucket[];
    expect(buckets).toHaveLength(9);
    const on = (days: number) => buckets.find((b) => b.start === D(days))!;
    expect(on(10)).toMatchObject({ end: D(10), total: 2, counts: { minor: 1, serious: 1 } });
    expect(on(8)).toMatchObject({ total: 1, counts: { "very-serious": 1 } });
    expect(on(5)).toMatchObject({ total: 2, counts: { minor: 1, serious: 1 } });
    expect(on(3)).toMatchObject({ total: 1, counts: { serious: 1 } });
    expect(on(2)).toMatchObject({ total: 1, counts: { minor: 1 } });
    expect(on(9)).toMatchObject({ total: 0, counts: {} });
    expect(data.total).toBe(7);
    expect(on(5).filters).toEqual({ from: D(5), to: D(5), not_status: "cancelled" });
    const english = await series(s.director.as, "&stack=classification", "en");
    expect(english.series.map((x: { label: string }) => x.label)).toEqual(["Minor", "Serious", "Very serious"]);
  });

  it("stacks by category and by group (an incident counts in each group it concerns)", async () => {
    const byCategory = await series(s.director.as, "&stack=category", "en");
    expect(byCategory.series).toEqual([
      { key: String(s.category.id), label: "Behaviour", filter: { category_id: s.category.id } },
      { key: String(convivencia.id), label: "Getting along", filter: { category_id: convivencia.id } },
    ]);
    const cat = (days: number) => (byCategory.buckets as Bucket[]).find((b) => b.start === D(days))!.counts;
    expect(cat(10)).toEqual({ [s.category.id]: 1, [convivencia.id]: 1 });
    expect(cat(8)).toEqual({ [convivencia.id]: 1 });
    expect(cat(5)).toEqual({ [s.category.id]: 1, [convivencia.id]: 1 });

    const byGroup = await series(s.director.as, "&stack=group");
    expect(byGroup.series.map((x: { label: string }) => x.label)).toEqual(["1° A Primaria", "1° B Primaria"]);
    const day5 = (byGroup.buckets as Bucket[]).find((b) => b.start === D(5))!;
    expect(day5).toMatchObject({ total: 2, counts: { [s.groupA.id]: 1, [s.groupB.id]: 2 } });
    expect(byGroup.total).toBe(7);
  });

  it("buckets by week and month and every bucket's filters open exactly its incidents in the archive", async () => {
    for (const interval of ["week", "month"]) {
      const data = await get(
        s.director.as,
        `/api/incident-graph/series?from=${D(12)}&to=${D(0)}&interval=${interval}&stack=classification`,
      );
      expect(data.total).toBe(7);
      expect((data.buckets as Bucket[])[0]!.start).toBe(D(12));
      expect((data.buckets as Bucket[]).at(-1)!.end).toBe(D(0));
      for (const bucket of data.buckets as Bucket[]) {
        for (const serie of data.series as { key: string; filter: object }[]) {
          const query = new URLSearchParams(
            Object.entries({ ...bucket.filters, ...serie.filter }).map(([k, v]): [string, string] => [k, String(v)]),
          );
          const archive = await get(s.director.as, `/api/incidents?per_page=1&${query}`);
          expect(archive.total, `${bucket.start} ${serie.key}`).toBe(bucket.counts[serie.key] ?? 0);
        }
      }
    }
  });

  it("narrows a teacher's series by classification or group as their archive does", async () => {
    // Filtered, a teacher's series is counted from the groups' rollup and their own records (not their viewer unit).
    for (const query of [
      "&classification=minor",
      `&group_id=${s.groupA.id}`,
      "&stack=category&classification=serious",
    ]) {
      const data = await series(teacherAs, query);
      for (const bucket of data.buckets as Bucket[]) {
        const filters = new URLSearchParams(
          Object.entries(bucket.filters).map(([k, v]): [string, string] => [k, String(v)]),
        );
        const archive = await get(teacherAs, `/api/incidents?per_page=1&${filters}`);
        expect(archive.total, `${query} ${bucket.start}`).toBe(bucket.total);
      }
      expect(data.total, query).toBeGreaterThan(0);
    }
  });

  it("counts a teacher's scope as the archive does (their groups' incidents)", async () => {
    const data = await series(teacherAs, "&stack=classification");
    // Group B's #6 is not Tere's: day 5 holds only #5 (it concerns group A).
    const on = (days: number) => (data.buckets as Bucket[]).find((b) => b.start === D(days))!;
    expect(on(5)).toMatchObject({ total: 1, counts: { minor: 1 } });
    expect(data.total).toBe(6);
    const otto = await series(otherTeacherAs, "&stack=group");
    expect(otto.total).toBe(2);
  });

  it("filters by classification, category and group", async () => {
    expect((await series(s.director.as, "&classification=serious")).total).toBe(3);
    expect((await series(s.director.as, `&category_id=${convivencia.id}`)).total).toBe(4);
    const groupB = await series(s.director.as, `&group_id=${s.groupB.id}&stack=group`);
    expect(groupB.total).toBe(2);
    expect(groupB.series.map((x: { key: string }) => x.key)).toEqual([String(s.groupB.id)]);
    expect((groupB.buckets as Bucket[]).find((b) => b.start === D(5))!.filters).toMatchObject({
      group_id: s.groupB.id,
    });
  });

  it("offers the current year, its periods and a default range", async () => {
    const data = await get(s.director.as, "/api/incident-graph/options");
    expect(data).toMatchObject({
      today: D(0),
      school_year: { id: s.year.id, name: "2026-2027" },
      default_from: s.year.startsOn,
      default_to: D(0),
    });
    expect(data.periods).toEqual([
      { id: s.period.id, name: "Bimestre 2", starts_on: s.period.startsOn, ends_on: s.period.endsOn, current: true },
    ]);
    const byDefault = await get(s.director.as, "/api/incident-graph/series");
    expect(byDefault).toMatchObject({ from: s.year.startsOn, to: D(0), interval: "week", stack: "classification" });
    expect(byDefault.total).toBe(7);
  });
});

describe("access and validation", () => {
  const urls = ["/api/incident-graph/options", "/api/incident-graph/series", "/api/incident-graph/pairs"];

  it("never answers a family, even when their profile holds the module", async () => {
    const mother = client(t.app, await login(t.app, s.motherOfA1.user.email), s.school.id);
    for (const url of urls) expect((await mother({ method: "GET", url })).statusCode, url).toBe(403);
  });

  it("refuses staff without the module or without incidents.read", async () => {
    // A Docente as seeded (no module), a nurse, and a Coordinador whose profile lost incidents.read.
    const teacher = await memberOf(t.app, t.db, "docente");
    for (const url of urls) expect((await teacher.as({ method: "GET", url })).statusCode).toBe(403);
    const other = await memberOf(t.app, t.db, "enfermeria");
    for (const url of urls) expect((await other.as({ method: "GET", url })).statusCode).toBe(403);
    const coordinator = await memberOf(t.app, t.db, "coordinador");
    await t.db
      .delete(profilePermissions)
      .where(
        and(
          eq(profilePermissions.schoolId, coordinator.school.id),
          eq(profilePermissions.profileId, coordinator.school.profileIds.coordinador),
          eq(profilePermissions.permission, "incidents.read"),
        ),
      );
    const fresh = client(t.app, await login(t.app, coordinator.user.email), coordinator.school.id);
    for (const url of urls) expect((await fresh({ method: "GET", url })).statusCode, url).toBe(403);
  });

  it("never shows another school's incidents", async () => {
    const other = await memberOf(t.app, t.db, "director");
    const pairs = await get(other.as, `/api/incident-graph/pairs?from=${D(12)}&to=${D(0)}&min_count=1`);
    expect(pairs.edges).toEqual([]);
    const series = await get(other.as, `/api/incident-graph/series?from=${D(12)}&to=${D(0)}`);
    expect(series.total).toBe(0);
    // This school's group as a filter there: nothing either.
    const filtered = await get(other.as, `/api/incident-graph/series?from=${D(12)}&to=${D(0)}&group_id=${s.groupA.id}`);
    expect(filtered.total).toBe(0);
    // Calling this school as a member of another: 404.
    const res = await other.as({
      method: "GET",
      url: "/api/incident-graph/pairs",
      headers: { "x-school-id": s.school.id },
    });
    expect(res.statusCode).toBe(404);
  });

  it("answers 422 with field codes for bad filters", async () => {
    const bad = async (url: string, field: string, lang = "es") => {
      const res = await s.director.as({ method: "GET", url, headers: { "accept-language": lang } });
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), url).toContain(field);
      return res.json();
    };
    await bad("/api/incident-graph/series?interval=year", "interval");
    await bad("/api/incident-graph/series?stack=teacher", "stack");
    await bad("/api/incident-graph/series?from=2026-02-30", "from");
    await bad("/api/incident-graph/series?classification=mild", "classification");
    await bad("/api/incident-graph/series?group_id=0", "group_id");
    await bad("/api/incident-graph/pairs?min_count=0", "min_count");
    await bad("/api/incident-graph/pairs?min_count=101", "min_count");
    const reversed = await bad(`/api/incident-graph/pairs?from=${D(1)}&to=${D(5)}`, "to", "en");
    expect(reversed.errors.to).toBe("The end date must be after the start date.");
    const long = await bad(`/api/incident-graph/series?interval=day&from=${D(400)}&to=${D(0)}`, "from");
    expect(long.errors.from).toMatch(/demasiado largo/);
    // By week the same range is fine.
    expect(
      (
        await s.director.as({
          method: "GET",
          url: `/api/incident-graph/series?interval=week&from=${D(400)}&to=${D(0)}`,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe("rollups (migration 0018) equal the raw incidents after every kind of write", () => {
  const rawPairs = (schoolId: string) =>
    rows<{ r: string }>(sql`
      select concat_ws('|', a.incident_id, a.student_id, b.student_id,
               case when (a.role = 'involved' and b.role = 'affected') or (a.role = 'affected' and b.role = 'involved')
                      then 'involved-affected' when a.role = 'involved' and b.role = 'involved' then 'involved-involved'
                    else 'other' end, a.group_id, b.group_id, i.classification, i.occurred_at) as r
        from incident_students a
        join incident_students b on b.school_id = a.school_id and b.incident_id = a.incident_id
         and b.student_id > a.student_id
        join incidents i on i.school_id = a.school_id and i.id = a.incident_id
       where a.school_id = ${schoolId} and i.status <> 'cancelled' order by 1`);
  const rolledPairs = (schoolId: string) =>
    rows<{ r: string }>(sql`
      select concat_ws('|', incident_id, student_a, student_b, kind, group_a, group_b, classification, occurred_at) as r
        from incident_pairs where school_id = ${schoolId} order by 1`);
  const rawDays = (schoolId: string) =>
    rows<{ r: string }>(sql`
      select concat_ws('|', day, classification, category_id, group_ids, n) as r
        from (select (i.occurred_at at time zone s.time_zone)::date as day, i.classification, i.category_id,
                     i.group_ids::text as group_ids, count(*) as n
                from incidents i join schools s on s.id = i.school_id
               where i.school_id = ${schoolId} and i.status <> 'cancelled' group by 1, 2, 3, 4) x order by 1`);
  const rolledDays = (schoolId: string) =>
    rows<{ r: string }>(sql`
      select concat_ws('|', day, classification, category_id, group_ids::text, n) as r
        from incident_day_counts where school_id = ${schoolId} and n <> 0 order by 1`);
  const rolledTotals = (schoolId: string) =>
    rows<{ r: string }>(sql`
      select concat_ws('|', day, classification, category_id, n) as r
        from incident_day_totals where school_id = ${schoolId} and n <> 0 order by 1`);
  const rawGroups = (schoolId: string) =>
    rows<{ r: string }>(sql`
      select concat_ws('|', g, day, classification, category_id, n) as r
        from (select g, (i.occurred_at at time zone s.time_zone)::date as day, i.classification, i.category_id,
                     count(*) as n
                from incidents i join schools s on s.id = i.school_id cross join lateral unnest(i.group_ids) g
               where i.school_id = ${schoolId} and i.status <> 'cancelled' group by 1, 2, 3, 4) x order by 1`);
  const rolledGroups = (schoolId: string) =>
    rows<{ r: string }>(sql`
      select concat_ws('|', group_id, day, classification, category_id, n) as r
        from incident_day_groups where school_id = ${schoolId} and n <> 0 order by 1`);
  // Migration 0024: pair rows (and those of each kind of roles) and each student's shared incidents (once, however
  // many others), per school day and per month of those days.
  const rawPairDays = (schoolId: string) =>
    rows<{ r: string }>(sql`
      select concat_ws('|', g.grain, g.day, a, b, classification, count(*),
                       count(*) filter (where kind = 'ia'), count(*) filter (where kind = 'ii')) as r
        from (select (i.occurred_at at time zone s.time_zone)::date as day, a.student_id as a, b.student_id as b,
                     i.classification,
                     case when (a.role = 'involved' and b.role = 'affected') or (a.role = 'affected' and b.role = 'involved')
                            then 'ia' when a.role = 'involved' and b.role = 'involved' then 'ii' else 'other' end as kind
                from incident_students a
                join incident_students b on b.school_id = a.school_id and b.incident_id = a.incident_id
                 and b.student_id > a.student_id
                join incidents i on i.school_id = a.school_id and i.id = a.incident_id
                join schools s on s.id = i.school_id
               where a.school_id = ${schoolId} and i.status <> 'cancelled') x
        cross join lateral (values ('day', x.day), ('month', date_trunc('month', x.day)::date)) g(grain, day)
       group by g.grain, g.day, a, b, classification order by 1`);
  const rolledPairDays = (schoolId: string) =>
    rows<{ r: string }>(sql`
      select concat_ws('|', grain, day, student_a, student_b, classification, n, ia, ii) as r
        from incident_pair_days where school_id = ${schoolId} and n <> 0 order by 1`);
  const rawStudentDays = (schoolId: string) =>
    rows<{ r: string }>(sql`
      select concat_ws('|', g.grain, g.day, x.student_id, x.classification, count(*)) as r
        from (select (i.occurred_at at time zone s.time_zone)::date as day, x.student_id, i.classification
                from incident_students x
                join incidents i on i.school_id = x.school_id and i.id = x.incident_id
                join schools s on s.id = i.school_id
               where x.school_id = ${schoolId} and i.status <> 'cancelled'
                 and exists (select 1 from incident_students o where o.school_id = x.school_id
                                and o.incident_id = x.incident_id and o.student_id <> x.student_id)) x
        cross join lateral (values ('day', x.day), ('month', date_trunc('month', x.day)::date)) g(grain, day)
       group by g.grain, g.day, x.student_id, x.classification order by 1`);
  const rolledStudentDays = (schoolId: string) =>
    rows<{ r: string }>(sql`
      select concat_ws('|', grain, day, student_id, classification, n) as r
        from incident_student_days where school_id = ${schoolId} and n <> 0 order by 1`);
  const expectMapRollupsInStep = async (schoolId: string, step: string) => {
    // A change of time zone rebuilds by a job (issue 25 §5): run it first.
    await rebuildRollupsNow(t.app, schoolId);
    expect(await rolledPairDays(schoolId), step).toEqual(await rawPairDays(schoolId));
    expect(await rolledStudentDays(schoolId), step).toEqual(await rawStudentDays(schoolId));
  };
  const expectInStep = async (schoolId: string, step: string) => {
    await expectMapRollupsInStep(schoolId, step);
    expect(await rolledPairs(schoolId), step).toEqual(await rawPairs(schoolId));
    expect(await rolledDays(schoolId), step).toEqual(await rawDays(schoolId));
    expect(await rolledGroups(schoolId), step).toEqual(await rawGroups(schoolId));
    const totals = await rolledTotals(schoolId);
    expect(totals, step).toEqual(await rawTotalsByDay(schoolId));
  };
  const rawTotalsByDay = (schoolId: string) =>
    rows<{ r: string }>(sql`
      select concat_ws('|', day, classification, category_id, n) as r
        from (select (i.occurred_at at time zone s.time_zone)::date as day, i.classification, i.category_id,
                     count(*) as n
                from incidents i join schools s on s.id = i.school_id
               where i.school_id = ${schoolId} and i.status <> 'cancelled' group by 1, 2, 3) x order by 1`);

  it("registration, corrections, closing, cancelling, reopening and the generator", async () => {
    const fresh = await incidentSchool(t.app, t.db);
    const schoolId = fresh.school.id;
    await expectInStep(schoolId, "empty");
    const as = fresh.director.as;
    const created = await as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(fresh, {
        students: [
          { student_id: fresh.a1.id, role: "involved" },
          { student_id: fresh.a2.id, role: "affected" },
          { student_id: fresh.b1.id, role: "witness" },
        ],
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.incident.id as number;
    await expectInStep(schoolId, "registered");
    expect((await rolledPairs(schoolId)).length).toBe(3);

    const patch = async (payload: object) => {
      const res = await as({ method: "PATCH", url: `/api/incidents/${id}`, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    await patch({
      students: [
        { student_id: fresh.a1.id, role: "involved" },
        { student_id: fresh.a2.id, role: "involved" },
      ],
    });
    await expectInStep(schoolId, "students corrected");
    await patch({ occurred_at: at(4).toISOString() });
    await expectInStep(schoolId, "time corrected");
    const [minor] = await t.db
      .insert(incidentTypes)
      .values({ schoolId, categoryId: fresh.category.id, nameEs: "Leve", classification: "minor" })
      .returning();
    await patch({ type_id: minor!.id, group_id: fresh.groupB.id });
    await expectInStep(schoolId, "type and group corrected");

    const action = async (verb: string, payload: object) => {
      const res = await as({ method: "POST", url: `/api/incidents/${id}/${verb}`, payload });
      expect(res.statusCode, `${verb} ${res.body}`).toBeLessThan(300);
    };
    await action("close", { closing_note: "Se habló con ambas familias.", waive_pending_actions: true });
    await expectInStep(schoolId, "closed");
    await action("reopen", { reason: "Faltó hablar con la familia." });
    await expectInStep(schoolId, "reopened");
    await action("cancel", { reason: "Registro duplicado." });
    await expectInStep(schoolId, "cancelled");
    expect(await rolledPairs(schoolId)).toEqual([]);

    await t.db.transaction(async (tx) => {
      await insertStarterCatalogue(tx, schoolId);
      await generateIncidents(tx, schoolId, { count: 300, days: 60, observations: 40 });
    });
    await expectInStep(schoolId, "generated");
  }, 120_000);

  it("the whole school's map, read from migration 0024's rollups, equals the one counted from the incidents, also after a change of time zone", async () => {
    const fresh = await incidentSchool(t.app, t.db);
    const schoolId = fresh.school.id;
    // Eight more students, so the generator's second students make many pairs.
    for (let i = 0; i < 8; i++) {
      const [row] = await t.db
        .insert(students)
        .values({ schoolId, enrollment: uniq("MAT"), firstName: `Estudiante ${i}`, paternalSurname: "Soto" })
        .returning();
      const groupId = i % 2 ? fresh.groupA.id : fresh.groupB.id;
      await t.db.insert(studentGroups).values({ schoolId, studentId: row!.id, schoolYearId: fresh.year.id, groupId });
    }
    await t.db.transaction(async (tx) => {
      await insertStarterCatalogue(tx, schoolId);
      await generateIncidents(tx, schoolId, { count: 400, days: 85 });
    });
    // An incident of three students: each of them counts it once.
    const trio = await fresh.director.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(fresh, {
        students: [
          { student_id: fresh.a1.id, role: "involved" },
          { student_id: fresh.a2.id, role: "affected" },
          { student_id: fresh.b1.id, role: "witness" },
        ],
      }),
    });
    expect(trio.statusCode, trio.body).toBe(201);
    // Eighty days hold a whole month or two (their month rows) and cut months at both ends (day rows); twenty days
    // may fall within one month.
    const ranges = [
      [D(80), D(0)],
      [D(20), D(0)],
    ] as const;
    const rawMap = async ([from, to]: readonly [string, string]) => {
      const [row] = await rows<{ edges: string[]; nodes: string[] }>(sql`
        with p as (
          select a.student_id as a, b.student_id as b, i.id, i.classification,
                 case when (a.role = 'involved' and b.role = 'affected') or (a.role = 'affected' and b.role = 'involved')
                        then 'ia' when a.role = 'involved' and b.role = 'involved' then 'ii' else 'other' end as kind
            from incidents i join schools s on s.id = i.school_id
            join incident_students a on a.school_id = i.school_id and a.incident_id = i.id
            join incident_students b on b.school_id = a.school_id and b.incident_id = a.incident_id
             and b.student_id > a.student_id
           where i.school_id = ${schoolId} and i.status <> 'cancelled'
             and (i.occurred_at at time zone s.time_zone)::date between ${from}::date and ${to}::date)
        select (select array_agg(concat_ws('|', a, b, n, score, ia, ii)) from (
                  select a, b, count(*) as n,
                         sum(case classification when 'minor' then 1 when 'serious' then 2 else 3 end) as score,
                         count(*) filter (where kind = 'ia') as ia, count(*) filter (where kind = 'ii') as ii
                    from p group by a, b) e) as edges,
               (select array_agg(concat_ws('|', x, n)) from (
                  select x, count(distinct id) as n from (select a as x, id from p union all select b, id from p) s
                   group by x) c) as nodes`);
      return { edges: [...row!.edges].sort(), nodes: [...row!.nodes].sort() };
    };
    const apiMap = async ([from, to]: readonly [string, string]) => {
      const data = await get(fresh.director.as, `/api/incident-graph/pairs?from=${from}&to=${to}&min_count=1`);
      const edges = (data.edges as (Edge & { involved_affected: number; involved_involved: number })[]).map((e) =>
        [e.a, e.b, e.count, e.score, e.involved_affected, e.involved_involved].join("|"),
      );
      return { edges: edges.sort(), nodes: (data.nodes as Node[]).map((n) => `${n.id}|${n.incidents}`).sort() };
    };
    const before = await Promise.all(ranges.map(rawMap));
    expect(before[0]!.edges.length).toBeGreaterThanOrEqual(10);
    for (const [i, range] of ranges.entries()) expect(await apiMap(range), range.join("…")).toEqual(before[i]);

    // Tokyo's clock moves the afternoon's incidents to the next day (and some across the range's edges).
    await t.db.execute(sql`update schools set time_zone = 'Asia/Tokyo' where id = ${schoolId}`);
    await expectMapRollupsInStep(schoolId, "time zone changed");
    const after = await Promise.all(ranges.map(rawMap));
    expect(after).not.toEqual(before);
    for (const [i, range] of ranges.entries()) expect(await apiMap(range), range.join("…")).toEqual(after[i]);
  }, 120_000);
});

describe("the generator's co-occurrence and observations (issue 14 §5)", () => {
  it("makes a few pairs of classmates keep appearing together, involved with affected, and mostly positive observations", async () => {
    const fresh = await incidentSchool(t.app, t.db);
    const schoolId = fresh.school.id;
    // A third group of five so there is a 2nd and 3rd student to pair.
    const [groupC] = await t.db
      .insert(groups)
      .values({
        schoolId,
        gradeId: fresh.grade.id,
        schoolYearId: fresh.year.id,
        name: "C",
        headTeacherId: fresh.teacher.user.id,
      })
      .returning();
    for (const name of ["Carla", "César", "Cintia", "Ciro", "Clara"]) {
      const [row] = await t.db
        .insert(students)
        .values({ schoolId, enrollment: uniq("MAT"), firstName: name, paternalSurname: "Ríos", maternalSurname: "Paz" })
        .returning();
      await t.db
        .insert(studentGroups)
        .values({ schoolId, studentId: row!.id, schoolYearId: fresh.year.id, groupId: groupC!.id });
    }
    await t.db.transaction(async (tx) => {
      await insertStarterCatalogue(tx, schoolId);
      await generateIncidents(tx, schoolId, { count: 240, days: 60, recurringPairs: 1, observations: 200 });
    });
    const top = await rows<{ a: number; b: number; n: number; ia: number; same: boolean }>(sql`
      select student_a a, student_b b, count(*)::int n, (count(*) filter (where kind = 'involved-affected'))::int ia,
             bool_and(group_a = group_b) same
        from incident_pairs where school_id = ${schoolId} group by 1, 2 order by n desc limit 2`);
    // One in 12 incidents (20 of 240) is about the pair, minus the cancelled ones; random pairs stay rare.
    expect(top[0]!.n).toBeGreaterThanOrEqual(15);
    expect(top[0]!.ia).toBeGreaterThanOrEqual(top[0]!.n / 2);
    expect(top[0]!.same).toBe(true);
    expect(top[1]?.n ?? 0).toBeLessThan(top[0]!.n / 2);

    const obs = await rows<{ n: number; positive: number; future: number; badPoints: number }>(sql`
      select count(*)::int n, (count(*) filter (where t.kind = 'positive'))::int positive,
             (count(*) filter (where o.observed_on > current_date + 1))::int future,
             (count(*) filter (where o.points <> t.points))::int "badPoints"
        from accompaniment_observations o join observation_types t on t.school_id = o.school_id
         and t.id = o.observation_type_id where o.school_id = ${schoolId}`);
    expect(obs[0]!.n).toBe(200);
    expect(obs[0]!.positive).toBeGreaterThan(150);
    expect(obs[0]!.positive).toBeLessThan(200);
    expect(obs[0]!.future).toBe(0);
    expect(obs[0]!.badPoints).toBe(0);
  }, 120_000);
});

describe("a teacher's records outside their groups", () => {
  it("count in their series as in their archive, but never bring another group's students onto their map", async () => {
    // Tere records an incident about Bruno (group B): it is hers (she recorded it), so it is in her archive.
    await insertIncident(t.db, s, {
      students: [
        { id: b2.id, role: "involved", groupId: s.groupB.id },
        { id: s.b1.id, role: "affected", groupId: s.groupB.id },
      ],
      recordedBy: s.teacher.user.id,
      occurredAt: at(1),
      classification: "minor",
      typeId: minorType.id,
      categoryId: convivencia.id,
    });
    const data = await get(teacherAs, `/api/incident-graph/series?from=${D(1)}&to=${D(1)}&interval=day`);
    expect(data.total).toBe(1);
    const archive = await get(teacherAs, `/api/incidents?per_page=1&from=${D(1)}&to=${D(1)}&not_status=cancelled`);
    expect(archive.total).toBe(1);
    const pairs = await get(teacherAs, `/api/incident-graph/pairs?from=${D(1)}&to=${D(1)}&min_count=1`);
    expect(pairs.edges).toEqual([]);
  });
});
