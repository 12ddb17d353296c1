import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, client, createSchool, createUser, login } from "../helpers/factories.ts";

/**
 * Issue 12 §3: a member of several schools switches school without signing out. The web re-enters the other
 * school through the same call as the school choice (GET api/users/{id} naming the school), with the same session,
 * and reads there that school's role, permissions, modules and landing view (spec §4 login flow, §6).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface User {
  schools: { id: string; name: string; is_active: boolean }[];
  roles: { name: string }[];
  permissions: string[];
  permissionsModules: string[];
  viewMain: string;
}

async function twoSchoolMember() {
  const [first, second, stranger, left] = await Promise.all([
    createSchool(t.db, { name: "Colegio Uno" }),
    createSchool(t.db, { name: "Instituto Dos" }),
    createSchool(t.db),
    createSchool(t.db, { name: "Escuela Anterior" }),
  ]);
  const user = await createUser(t.db);
  await addMember(t.db, first.id, user.id, first.profileIds.director);
  await addMember(t.db, second.id, user.id, second.profileIds.coordinador);
  await addMember(t.db, left.id, user.id, left.profileIds.docente, false);
  const token = await login(t.app, user.email);
  const enter = (schoolId: string) =>
    client(t.app, token, schoolId)({ method: "GET", url: `/api/users/${user.id}?include=roles,permissions` });
  return { first, second, stranger, left, user, token, enter };
}

describe("switching school with one session", () => {
  it("gives each school's role, permissions, modules and landing view, back and forth", async () => {
    const m = await twoSchoolMember();
    const inFirst = await m.enter(m.first.id);
    expect(inFirst.statusCode, inFirst.body).toBe(200);
    const a = inFirst.json().data.user as User;
    expect(a.roles.map((r) => r.name)).toEqual(["Director"]);
    expect(a.permissionsModules).toContain("module-master-configuration");
    expect(a.permissions).toContain("master-configuration-school-info.update");
    // A school still being set up: its Director lands on the setup checklist (issue 12 §2).
    expect(a.viewMain).toBe("/master-configuration/general-information");
    // Both schools are listed by name for the switcher, the one the user left among the inactive.
    expect(a.schools.map((s) => [s.name, s.is_active]).sort()).toEqual([
      ["Colegio Uno", true],
      ["Escuela Anterior", false],
      ["Instituto Dos", true],
    ]);

    const inSecond = await m.enter(m.second.id);
    expect(inSecond.statusCode, inSecond.body).toBe(200);
    const b = inSecond.json().data.user as User;
    expect(b.roles.map((r) => r.name)).toEqual(["Coordinador"]);
    expect(b.permissionsModules).not.toContain("module-master-configuration");
    expect(b.permissions).not.toContain("master-configuration-school-info.update");
    expect(b.viewMain).toBe("/register");

    // The school's own calls follow the school named, with the same token.
    const setupHere = (schoolId: string) =>
      client(t.app, m.token, schoolId)({ method: "GET", url: "/api/school-users" });
    expect((await setupHere(m.first.id)).statusCode).toBe(200);
    expect((await setupHere(m.second.id)).statusCode).toBe(403);

    const back = await m.enter(m.first.id);
    expect(back.statusCode).toBe(200);
    expect((back.json().data.user as User).roles.map((r) => r.name)).toEqual(["Director"]);
  });

  it("refuses a school the user is not an active member of, and the session goes on in the others", async () => {
    const m = await twoSchoolMember();
    const stranger = await m.enter(m.stranger.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: "NOT_FOUND" });
    const left = await m.enter(m.left.id);
    expect(left.statusCode).toBe(403);
    expect(left.json()).toMatchObject({ code: "USER_DEACTIVATED" });
    const unknown = await m.enter("no-such-school");
    expect(unknown.statusCode).toBe(404);

    const still = await m.enter(m.second.id);
    expect(still.statusCode).toBe(200);
    expect((still.json().data.user as User).roles.map((r) => r.name)).toEqual(["Coordinador"]);
  });
});
