import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  grades,
  groups,
  notifications,
  periods,
  schoolYears,
  sections,
  sessions,
  students,
  subjects,
  teachingAssignments,
} from "../../src/db/schema/index.ts";
import { hashToken } from "../../src/lib/tokens.ts";
import type { CatalogueEntry } from "../../src/plugins/access.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { createSchool, login, memberOf, uniq } from "../helpers/factories.ts";

/**
 * Generated cross-school check: every route the app declares (app.routeCatalogue, so routes added later are
 * walked without editing this file) is called by another school's Director, by nobody and, for platform
 * routes, by a Director; school A's rows must come out unchanged.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof seedSchoolA>>;
let intruder: Awaited<ReturnType<typeof memberOf>>;
let intruderToken: string;
const intruderIp = `10.${[...randomBytes(3)].join(".")}`;

async function seedSchoolA() {
  const director = await memberOf(t.app, t.db, "director");
  const school = director.school;
  const docente = await memberOf(t.app, t.db, "docente", school);
  const id = school.id;
  const [year] = await t.db
    .insert(schoolYears)
    .values({ schoolId: id, name: "2026", startsOn: "2026-08-24", endsOn: "2027-07-09", isCurrent: true })
    .returning();
  await t.db.insert(periods).values({
    schoolId: id,
    schoolYearId: year!.id,
    name: "1",
    order: 1,
    startsOn: "2026-08-24",
    endsOn: "2026-11-30",
  });
  const [section] = await t.db.insert(sections).values({ schoolId: id, name: "Primaria" }).returning();
  const [grade] = await t.db.insert(grades).values({ schoolId: id, sectionId: section!.id, name: "1°" }).returning();
  const [group] = await t.db
    .insert(groups)
    .values({ schoolId: id, gradeId: grade!.id, schoolYearId: year!.id, name: "A", headTeacherId: docente.user.id })
    .returning();
  const [subject] = await t.db.insert(subjects).values({ schoolId: id, name: "Español" }).returning();
  await t.db
    .insert(teachingAssignments)
    .values({ schoolId: id, userId: docente.user.id, groupId: group!.id, subjectId: subject!.id });
  await t.db.insert(students).values({ schoolId: id, enrollment: uniq("m"), firstName: "Leo" });
  for (const userId of [director.user.id, docente.user.id]) {
    await t.db.insert(notifications).values({ schoolId: id, userId, type: "welcome", params: {} });
  }
  const [session] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.accessHash, hashToken(docente.token)));
  return { school, director, docente, sessionId: session!.id };
}

const rowsOf = async (query: ReturnType<typeof sql>) =>
  (await t.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

/** Tables that carry a school_id column, read from the catalogue so new tables are covered too. */
async function schoolTables(): Promise<{ table: string; hasId: boolean }[]> {
  const { rows } = await rowsOf(sql`
    select c.table_name, exists(select 1 from information_schema.columns i
                                 where i.table_schema = c.table_schema and i.table_name = c.table_name
                                   and i.column_name = 'id') as has_id
      from information_schema.columns c
     where c.table_schema = current_schema() and c.column_name = 'school_id'
     order by c.table_name`);
  return rows.map((r) => ({ table: String(r.table_name), hasId: Boolean(r.has_id) }));
}

/** Row count and checksum of everything school A owns, plus its users, their sessions and the school row. */
async function snapshot(schoolId: string): Promise<Record<string, string>> {
  const sum = async (from: string, where: ReturnType<typeof sql>) => {
    const { rows } = await rowsOf(
      sql`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum
            from ${sql.raw(from)} t where ${where}`,
    );
    return `${rows[0]!.n}:${rows[0]!.sum}`;
  };
  const members = sql`(select user_id from memberships where school_id = ${schoolId})`;
  const out: Record<string, string> = {
    schools: await sum("schools", sql`t.id = ${schoolId}`),
    users: await sum("users", sql`t.id in ${members}`),
    sessions: await sum("sessions", sql`t.user_id in ${members}`),
  };
  for (const { table } of await schoolTables()) out[table] = await sum(`"${table}"`, sql`t.school_id = ${schoolId}`);
  return out;
}

const kebabToSnake = (s: string) => s.replaceAll("-", "_");

/** A path parameter filled with the id of a real row of school A (else 1). */
async function paramValue(url: string, name: string, tables: Set<string>): Promise<string> {
  const segments = url.split("/");
  const before = segments[segments.indexOf(`:${name}`) - 1] ?? "";
  const subject = name === "id" ? before : `${name.replace(/Id$/, "")}s`;
  if (subject === "users") return String(a.docente.user.id);
  if (subject === "roles" || subject === "profiles") return String(a.school.profileIds.docente);
  if (subject === "sessions") return a.sessionId;
  if (subject === "schools") return a.school.id;
  const table = kebabToSnake(subject);
  if (tables.has(table)) {
    const { rows } = await rowsOf(
      sql`select min(id)::text as id from ${sql.raw(`"${table}"`)} where school_id = ${a.school.id}`,
    );
    if (rows[0]?.id) return String(rows[0].id);
  }
  return "1";
}

async function fill(route: CatalogueEntry, tables: Set<string>): Promise<{ url: string; hasParams: boolean }> {
  let url = route.url;
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  for (const name of names) url = url.replace(`:${name}`, await paramValue(route.url, name, tables));
  return { url, hasParams: names.length > 0 };
}

/** The intruder may sign out or change something of their own along the walk; sign in again when needed. */
async function intruderCall(options: InjectOptions & { url: string }, schoolId?: string) {
  const [row] = await t.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.accessHash, hashToken(intruderToken)), isNull(sessions.revokedAt)));
  if (!row) intruderToken = await login(t.app, intruder.user.email, undefined, intruderIp);
  return t.app.inject({
    ...options,
    headers: { authorization: `Bearer ${intruderToken}`, ...(schoolId ? { "x-school-id": schoolId } : {}) },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  a = await seedSchoolA();
  intruder = await memberOf(t.app, t.db, "director", await createSchool(t.db));
  intruderToken = intruder.token;
});
afterAll(() => t.close());

describe("route walk", () => {
  it("keeps every school and user route closed to other schools and to anonymous callers", async () => {
    const routes = t.app.routeCatalogue.filter(
      (r) => r.method !== "HEAD" && r.access !== "public" && !r.url.includes("*"),
    );
    // The catalogue really is the app's: the foundation's own routes are in it.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        "GET /api/users/:id",
        "POST /api/users/:id",
        "GET /api/roles/:id",
        "DELETE /api/auth/sessions/:sessionId",
      ]),
    );
    const tables = new Set((await schoolTables()).map((s) => s.table));
    expect(tables).toContain("memberships");
    const before = await snapshot(a.school.id);
    const failures: string[] = [];
    const expectStatus = (label: string, got: number, allowed: number[], body: string) => {
      if (!allowed.includes(got))
        failures.push(`${label}: ${got} (expected ${allowed.join("/")}) ${body.slice(0, 160)}`);
    };

    for (const route of routes) {
      const { url, hasParams } = await fill(route, tables);
      const payload = route.method === "GET" ? undefined : {};
      const label = `${route.method} ${url} [${route.access}]`;
      const options = { method: route.method as InjectOptions["method"], url, payload };

      const anonymous = await t.app.inject({ ...options, headers: { "x-school-id": a.school.id } });
      expectStatus(`anonymous ${label}`, anonymous.statusCode, [401], anonymous.body);

      if (route.access === "root") {
        const director = await intruderCall(options);
        expectStatus(`director ${label}`, director.statusCode, [403], director.body);
        if (director.statusCode === 403) expect(director.json().code).toBe("ROOT_ONLY");
        continue;
      }
      // Naming school A: not a member, so A does not exist for them.
      const naming = await intruderCall(options, a.school.id);
      expectStatus(`naming A ${label}`, naming.statusCode, [404], naming.body);
      // In their own school with A's ids: nothing of A may be read or written.
      if (hasParams) {
        const own = await intruderCall(options, intruder.school.id);
        expectStatus(`A's ids from B ${label}`, own.statusCode, [403, 404, 422], own.body);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot(a.school.id)).toEqual(before);
  });
});
