import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, schools, users } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, client, createSchool, createUser, login, memberOf } from "../helpers/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const info = (token: string, headers: Record<string, string>) =>
  t.app.inject({
    method: "GET",
    url: "/api/schoolInformation",
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
const firstName = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.firstName;

describe("naming the school", () => {
  it("takes it from the host's subdomain or from X-School-Id, and refuses both naming different schools", async () => {
    const { school, user, token } = await memberOf(t.app, t.db, "director");
    const other = await createSchool(t.db);
    await addMember(t.db, other.id, user.id, other.profileIds.director);

    const byHost = await info(token, { host: `${school.id}.localhost:3000` });
    expect(byHost.statusCode, byHost.body).toBe(200);
    expect(byHost.json().data.SchoolInformations[0].id).toBe(school.id);
    const byHeader = await info(token, { "x-school-id": other.id });
    expect(byHeader.json().data.SchoolInformations[0].id).toBe(other.id);
    const agreeing = await info(token, { host: `${school.id}.localhost:3000`, "x-school-id": school.id });
    expect(agreeing.statusCode).toBe(200);

    const clash = await info(token, { host: `${school.id}.localhost:3000`, "x-school-id": other.id });
    expect(clash.statusCode).toBe(404);
    expect(clash.json()).toEqual({ message: "No encontrado.", code: "NOT_FOUND" });
    const none = await info(token, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe("SCHOOL_REQUIRED");
  });

  it("answers 404 to a non-member and to an unknown school", async () => {
    const { token } = await memberOf(t.app, t.db, "director");
    const foreign = await createSchool(t.db);
    expect((await info(token, { "x-school-id": foreign.id })).statusCode).toBe(404);
    expect((await info(token, { "x-school-id": "no-existe-esta-escuela" })).statusCode).toBe(404);
    const en = await info(token, { "x-school-id": foreign.id, "accept-language": "en" });
    expect(en.json()).toEqual({ message: "Not found.", code: "NOT_FOUND" });
  });

  it("answers 403 'Usuario desactivado' for an inactive school or membership", async () => {
    const { school, token } = await memberOf(t.app, t.db, "director");
    await t.db.update(schools).set({ isActive: false }).where(eq(schools.id, school.id));
    const inactiveSchool = await info(token, { "x-school-id": school.id });
    expect(inactiveSchool.statusCode).toBe(403);
    expect(inactiveSchool.json()).toEqual({ message: "Usuario desactivado", code: "USER_DEACTIVATED" });

    const live = await createSchool(t.db);
    const user = await createUser(t.db);
    await addMember(t.db, live.id, user.id, live.profileIds.docente, false);
    const res = await info(await login(t.app, user.email), { "x-school-id": live.id, "accept-language": "en" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "User deactivated", code: "USER_DEACTIVATED" });
  });

  it("answers 403 to a member without a profile, in both languages", async () => {
    const school = await createSchool(t.db);
    const user = await createUser(t.db);
    await addMember(t.db, school.id, user.id, null);
    const token = await login(t.app, user.email);
    const es = await info(token, { "x-school-id": school.id });
    expect(es.statusCode).toBe(403);
    expect(es.json()).toEqual({
      message: "No tienes un rol asignado en la escuela seleccionada.",
      code: "NO_ROLE_IN_SCHOOL",
    });
    const en = await info(token, { "x-school-id": school.id, "accept-language": "en" });
    expect(en.json().message).toBe("You have no role assigned in the selected school.");
  });

  it("keeps school calls closed until a forced password change is done", async () => {
    const school = await createSchool(t.db);
    const user = await createUser(t.db, { passwordUpdated: 0 });
    await addMember(t.db, school.id, user.id, school.profileIds.director);
    const as = client(t.app, await login(t.app, user.email), school.id);
    expect((await as({ method: "GET", url: "/api/schoolInformation" })).statusCode).toBe(403);
    // The user's own call stays open so the client can route to the change.
    expect((await as({ method: "GET", url: `/api/users/${user.id}` })).statusCode).toBe(200);
  });
});

describe("another school's ids", () => {
  it("hides another school's user", async () => {
    const a = await memberOf(t.app, t.db, "director");
    const b = await memberOf(t.app, t.db, "docente");
    const read = await a.as({ method: "GET", url: `/api/users/${b.user.id}` });
    expect(read.statusCode).toBe(404);
    const write = await a.as({ method: "POST", url: `/api/users/${b.user.id}`, payload: { first_name: "Intruso" } });
    expect(write.statusCode).toBe(404);
    expect(await firstName(b.user.id)).toBe("Ana");
  });

  it("lets a Director, not a Docente, fix the names of a member's unused account — never of one in use", async () => {
    const director = await memberOf(t.app, t.db, "director");
    const docente = await memberOf(t.app, t.db, "docente", director.school);
    const target = await memberOf(t.app, t.db, "familiar", director.school);

    const refused = await docente.as({
      method: "POST",
      url: `/api/users/${target.user.id}`,
      payload: { first_name: "Cambio" },
    });
    expect(refused.statusCode).toBe(404);
    expect(await firstName(target.user.id)).toBe("Ana");
    expect((await docente.as({ method: "GET", url: `/api/users/${target.user.id}` })).statusCode).toBe(404);

    // The target has signed in: the account is theirs (issue 9).
    const theirs = await director.as({
      method: "POST",
      url: `/api/users/${target.user.id}`,
      payload: { first_name: "Cambio" },
    });
    expect([theirs.statusCode, theirs.json().code]).toEqual([409, "IDENTITY_OWNED_BY_PERSON"]);
    expect(await firstName(target.user.id)).toBe("Ana");

    const unused = await createUser(t.db, { passwordUpdated: 0 });
    await addMember(t.db, director.school.id, unused.id, director.school.profileIds.familiar);
    const done = await director.as({
      method: "POST",
      url: `/api/users/${unused.id}`,
      payload: { first_name: "Cambio" },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.user.first_name).toBe("Cambio");
    expect(await firstName(unused.id)).toBe("Cambio");
  });

  it("lets a user reset their own bell count but not another's", async () => {
    const docente = await memberOf(t.app, t.db, "docente");
    const peer = await memberOf(t.app, t.db, "docente", docente.school);
    for (const id of [docente.user.id, peer.user.id]) {
      await t.db.update(memberships).set({ unviewedNotificationsCount: 4 }).where(eq(memberships.userId, id));
    }
    const own = await docente.as({
      method: "POST",
      url: `/api/users/${docente.user.id}`,
      payload: { unviewed_notifications_count: 0 },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.user.unviewed_notifications_count).toBe(0);
    const other = await docente.as({
      method: "POST",
      url: `/api/users/${peer.user.id}`,
      payload: { unviewed_notifications_count: 0 },
    });
    expect(other.statusCode).toBe(404);
    const [row] = await t.db.select().from(memberships).where(eq(memberships.userId, peer.user.id));
    expect(row!.unviewedNotificationsCount).toBe(4);
  });

  it("hides another school's roles and shows the own role's permissions", async () => {
    const a = await memberOf(t.app, t.db, "director");
    const b = await createSchool(t.db);
    const foreign = await a.as({ method: "GET", url: `/api/roles/${b.profileIds.director}?include=permissions` });
    expect(foreign.statusCode).toBe(404);
    const own = await a.as({ method: "GET", url: `/api/roles/${a.school.profileIds.director}?include=permissions` });
    expect(own.statusCode).toBe(200);
    const role = own.json().data.role;
    expect(role.name).toBe("Director");
    expect(role.permissions).toContainEqual({ name: "master-configuration-users.update" });

    // A Docente reads their own role, not the Director's.
    const docente = await memberOf(t.app, t.db, "docente", a.school);
    expect((await docente.as({ method: "GET", url: `/api/roles/${a.school.profileIds.docente}` })).statusCode).toBe(
      200,
    );
    expect((await docente.as({ method: "GET", url: `/api/roles/${a.school.profileIds.director}` })).statusCode).toBe(
      404,
    );
  });
});
