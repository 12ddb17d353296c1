import { randomBytes } from "node:crypto";
import { holdsAny, type ProfileTemplateKey, templatePermissions } from "@convive/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client.ts";
import { forms, sessions } from "../../src/db/schema/index.ts";
import { hashToken } from "../../src/lib/tokens.ts";
import type { CatalogueEntry } from "../../src/plugins/access.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, createSchool, createUser, login, memberOf } from "../helpers/factories.ts";
import { type RealSchool, realSchool } from "../helpers/real-school.ts";
import { changedTables, schoolTables, snapshot, validRequest, type WalkRequest } from "../helpers/walk.ts";

/**
 * Generated tenancy check (issue 9, Deliver 2): every route the app declares (app.routeCatalogue, so routes added
 * later are walked without editing this file) is called with a schema-valid request — path ids of school A's
 * real rows, query and body generated from the route's zod schemas — by nobody, by another school's Director
 * (naming A, and in their own school with A's ids), by every profile template of A that lacks the route's
 * permission, and by a family of A asking about another family's child. Each must be refused (401/403/404; a
 * 422 would mean the check came after validating what was sent) and A's rows must not change.
 */
let t: TestApp;
let a: RealSchool;
let intruder: Awaited<ReturnType<typeof memberOf>>;
const intruderIp = `10.${[...randomBytes(3)].join(".")}`;

/** A's members of the templates below, signed in (incidentSchool has director, coordinador, docente, familiar). */
const TEMPLATES: readonly ProfileTemplateKey[] = ["coordinador", "docente", "orientador", "enfermeria", "familiar"];
type Caller = { email: string; token: string; ip: string };
const members = new Map<ProfileTemplateKey, Caller>();

async function signedIn(app: FastifyInstance, db: Db, template: ProfileTemplateKey): Promise<Caller> {
  const user = await createUser(db);
  await addMember(db, a.school.id, user.id, a.school.profileIds[template]);
  const ip = `10.1.${[...randomBytes(2)].join(".")}`;
  return { email: user.email, token: await login(app, user.email, undefined, ip), ip };
}

/** Calls as `caller`, signing in again first if an earlier call of the walk ended the caller's session. */
async function callAs(caller: Caller | null, request: WalkRequest, schoolId: string | null) {
  const headers: Record<string, string> = { ...request.headers, ...(schoolId ? { "x-school-id": schoolId } : {}) };
  if (caller) {
    const [live] = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.accessHash, hashToken(caller.token)), isNull(sessions.revokedAt)));
    if (!live) caller.token = await login(t.app, caller.email, undefined, caller.ip);
    headers.authorization = `Bearer ${caller.token}`;
  }
  return t.app.inject({ method: request.method, url: request.url, payload: request.payload, headers });
}

beforeAll(async () => {
  t = await createTestApp();
  a = await realSchool(t.app, t.db);
  intruder = await memberOf(t.app, t.db, "director", await createSchool(t.db));
  for (const template of TEMPLATES) members.set(template, await signedIn(t.app, t.db, template));
  // This app runs no jobs, but other test files' apps in the same database do, and their sweeps serve every school:
  // the reminders of A's form due today were sent mid-walk once (its reminder stage and e-mails changed under an
  // unrelated route). Both reminders count as sent, so no sweep picks A's form during the walk.
  await t.db.update(forms).set({ remindedStage: 2 }).where(eq(forms.schoolId, a.school.id));
});

/**
 * Tables only the job runner's workers write after the fact — the outbox's deliveries, the rollups' rebuilds — for
 * every school, from whichever app in the database runs jobs. A route that wrongly wrote school A's data would change
 * a table of its own (an incident, a notification, a form), which the walk still compares.
 */
const WORKER_TABLES = new Set(["email_outbox", "rollup_rebuilds", "rollup_rebuild_runs"]);
afterAll(() => t.close());

/**
 * Issue 29: the nurse cares for any student of the school, so the routes about one student she reads or writes by
 * design (her nursing record and visits; the file's adjustments, as any member who may open the file) are hers.
 */
const NURSE_WORKS_ON =
  /^\/api\/students\/:id\/(nursing|health-alert|medical-record|nursing-visits|medication-authorizations|medication-administrations|adjustments)/;

/** Path params that name a row of school A (`:kind` of the imports names a kind of file, not a row). */
const namesRows = (route: CatalogueEntry) => [...route.url.matchAll(/:(\w+)/g)].some((m) => m[1] !== "kind");

const touchesAnotherChild = (route: CatalogueEntry, request: WalkRequest) =>
  namesRows(route) || /[?&]student_id=/.test(request.url);

describe("route walk", () => {
  it("keeps every route closed to other schools, to profiles without its permission and to other families", {
    timeout: 300_000,
  }, async () => {
    const routes = t.app.routeCatalogue.filter(
      (r) => r.method !== "HEAD" && r.access !== "public" && !r.url.includes("*"),
    );
    // The catalogue really is the app's: the foundation's own routes are in it.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(["GET /api/users/:id", "POST /api/users/:id", "DELETE /api/auth/sessions/:sessionId"]),
    );
    const tables = (await schoolTables(t.db)).filter((table) => !WORKER_TABLES.has(table));
    expect(tables).toContain("memberships");
    const intruderCaller: Caller = { email: intruder.user.email, token: intruder.token, ip: intruderIp };
    const family: Caller = { email: a.fatherOfB1.user.email, token: a.fatherOfB1.token, ip: "10.2.0.1" };
    const failures: string[] = [];
    let calls = 0;
    const roles = new Set<string>();
    let before = await snapshot(t.db, a.school.id, tables);

    for (const route of routes) {
      const request = validRequest(route, a);
      const label = `${route.method} ${route.url}`;
      if (request.problem) failures.push(`${label}: ${request.problem} (add a hint in real-school.ts)`);
      const expectAs = async (role: string, caller: Caller | null, schoolId: string | null, allowed: number[]) => {
        const res = await callAs(caller, request, schoolId);
        calls++;
        roles.add(role);
        const failure = `${role} ${label}: ${res.statusCode} (expected ${allowed.join("/")}) ${res.body.slice(0, 140)}`;
        if (!allowed.includes(res.statusCode)) failures.push(failure);
        return res;
      };

      await expectAs("anonymous", null, a.school.id, [401]);
      if (route.access === "root") {
        const res = await expectAs("director", intruderCaller, null, [403]);
        if (res.statusCode === 403 && res.json().code !== "ROOT_ONLY") failures.push(`${label}: ${res.body}`);
      } else {
        // Naming school A: not a member, so A does not exist for them.
        await expectAs("other school naming A", intruderCaller, a.school.id, [404]);
        // In their own school with A's ids: nothing of A may be read or written, and no body check comes first.
        if (namesRows(route))
          await expectAs("other school with A's ids", intruderCaller, intruder.school.id, [403, 404]);
        // A body naming A's rows, sent in their own school: refused as any unknown reference is (422 is the
        // convention for a body's references), and nothing of A may change.
        else if (request.bodyNamesRows)
          await expectAs(
            "other school with A's ids in the body",
            intruderCaller,
            intruder.school.id,
            [403, 404, 409, 422],
          );
      }
      if (route.access === "school") {
        for (const template of TEMPLATES) {
          const holds = holdsAny(templatePermissions(template), route.permissions);
          if (!holds) await expectAs(`${template} without permission`, members.get(template)!, a.school.id, [403]);
        }
        // Open to every member, the service decides: Enfermería holds nothing about incidents, profiles or users,
        // so another member's rows (an action, a profile) stay closed to it.
        if (route.permissions.length === 0 && namesRows(route) && !NURSE_WORKS_ON.test(route.url))
          await expectAs("enfermeria on an open route", members.get("enfermeria")!, a.school.id, [403, 404]);
        const familyPasses = holdsAny(templatePermissions("familiar"), route.permissions);
        if (familyPasses && touchesAnotherChild(route, request))
          await expectAs("family of another child", family, a.school.id, [403, 404]);
      }
      // Another person's account (A's Director, a teacher's session): a family of A may not touch it either.
      if (route.access === "user" && route.url.includes(":"))
        await expectAs("family of another child", family, a.school.id, [403, 404]);
      const after = await snapshot(t.db, a.school.id, tables);
      const changed = changedTables(before, after);
      if (changed.length > 0) failures.push(`${label} changed school A's ${changed.join(", ")}`);
      before = after;
    }
    console.log(`route walk: ${routes.length} routes × ${roles.size} roles, ${calls} calls`);
    expect(failures).toEqual([]);
  });
});
