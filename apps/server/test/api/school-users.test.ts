import { perm } from "@convive/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, users } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, createSchool, createUser, login, memberOf, uniq } from "../helpers/factories.ts";
import { customMember, plainMember } from "../helpers/master-configuration.ts";
import { peopleSnapshot, seedGroup } from "./people-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const USERS = (action: "create" | "read" | "update" | "delete" | "search") =>
  perm("master-configuration-users", action);

describe("school users: list, create, edit", () => {
  it("lists members with search, profile, active and scope filters and a pager", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const marta = await createUser(t.db, { firstName: "Marta", email: `${uniq("marta")}@test.convive` });
    await addMember(t.db, d.school.id, marta.id, d.school.profileIds.docente);
    const parent = await plainMember(t.db, d.school, "familiar");
    const gone = await plainMember(t.db, d.school, "coordinador", false);

    const list = async (query: string) =>
      (await d.as({ method: "GET", url: `/api/school-users?${query}` })).json().data;
    expect((await list("")).total).toBe(4);
    const found = await list("search=marta");
    expect(found.users.map((u: { id: number }) => u.id)).toEqual([marta.id]);
    expect(found.users[0]).toMatchObject({ profile_name: "Docente", profile_template: "docente", is_active: true });
    expect((await list(`search=${marta.email.slice(0, 8)}`)).users).toHaveLength(1);
    expect((await list(`profile_id=${d.school.profileIds.docente}`)).users.map((u: { id: number }) => u.id)).toEqual([
      marta.id,
    ]);
    expect((await list("is_active=false")).users.map((u: { id: number }) => u.id)).toEqual([gone.id]);
    expect((await list("scope=family")).users.map((u: { id: number }) => u.id)).toEqual([parent.id]);
    expect((await list("scope=staff")).total).toBe(3);
    const page = await list("per_page=2&page=2");
    expect([page.users.length, page.total, page.page]).toEqual([2, 4, 2]);
    const one = (await d.as({ method: "GET", url: `/api/school-users/${marta.id}` })).json().data.user;
    expect(one).toMatchObject({ id: marta.id, owned_groups: [], identity_editable: false });
  });

  it("invites an address with what was typed, and refuses this school's own members", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const email = `${uniq("nuevo")}@test.convive`;
    const res = await d.as({
      method: "POST",
      url: "/api/school-users",
      payload: {
        first_name: "Luis",
        paternal_surname: "Pérez",
        email: email.toUpperCase(),
        cell_phone: "55 1111 2222",
        profile_id: d.school.profileIds.orientador,
        trainer_type: "Psicólogo",
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      invitation: expect.objectContaining({
        email,
        first_name: "Luis",
        cell_phone: "55 1111 2222",
        trainer_type: "Psicólogo",
        profile_name: "Orientador",
        status: "pending",
      }),
    });
    // No account exists until the person accepts.
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const here = await plainMember(t.db, d.school, "docente");
    const again = await d.as({
      method: "POST",
      url: "/api/school-users",
      headers: { "x-language": "en" },
      payload: { first_name: "X", email: here.email, profile_id: d.school.profileIds.docente },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "ALREADY_MEMBER",
      errors: { email: "That user already belongs to the school." },
    });
  });

  it("refuses bad fields in either language and changes nothing", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const foreign = await createSchool(t.db);
    const before = await peopleSnapshot(t.db, d.school.id);
    const es = await d.as({
      method: "POST",
      url: "/api/school-users",
      payload: { email: "no-es-correo", profile_id: 1 },
    });
    expect(es.statusCode).toBe(422);
    expect(es.json().errors).toMatchObject({ first_name: "Campos vacíos", email: "Revisa los datos marcados." });
    const en = await d.as({
      method: "POST",
      url: "/api/school-users",
      headers: { "accept-language": "en-US" },
      payload: { first_name: "", email: "a@b.mx", profile_id: 1 },
    });
    expect(en.json().errors).toMatchObject({ first_name: "empty fields" });
    const otherProfile = await d.as({
      method: "POST",
      url: "/api/school-users",
      payload: { first_name: "Eva", email: `${uniq("e")}@test.convive`, profile_id: foreign.profileIds.director },
    });
    expect(otherProfile.statusCode).toBe(422);
    expect(otherProfile.json().code).toBe("PROFILE_NOT_IN_SCHOOL");
    expect(await peopleSnapshot(t.db, d.school.id)).toEqual(before);
  });

  it("edits names and phone only of an account this school alone has and nobody used; never the e-mail", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const solo = await createUser(t.db, { passwordUpdated: 0 });
    await addMember(t.db, d.school.id, solo.id, d.school.profileIds.docente);
    const res = await d.as({
      method: "PATCH",
      url: `/api/school-users/${solo.id}`,
      payload: { first_name: "Rosa", maternal_surname: "", cell_phone: "", trainer_type: "Coach" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      first_name: "Rosa",
      maternal_surname: "",
      cell_phone: null,
      trainer_type: "Coach",
      identity_editable: true,
    });
    const email = await d.as({
      method: "PATCH",
      url: `/api/school-users/${solo.id}`,
      payload: { email: `${uniq("nuevo")}@test.convive` },
    });
    expect([email.statusCode, email.json().code]).toEqual([409, "EMAIL_OWNED_BY_PERSON"]);

    const shared = await memberOf(t.app, t.db, "docente");
    await addMember(t.db, d.school.id, shared.user.id, d.school.profileIds.docente);
    const refused = await d.as({
      method: "PATCH",
      url: `/api/school-users/${shared.user.id}`,
      payload: { paternal_surname: "Robo" },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([409, "IDENTITY_OWNED_BY_PERSON"]);
  });
});

describe("school users: profiles, deactivation, the head-teacher rule", () => {
  it("deactivating closes the school to the user at once, and reactivating lets them back", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const teacher = await memberOf(t.app, t.db, "docente", d.school);
    expect((await teacher.as({ method: "GET", url: `/api/users/${teacher.user.id}` })).statusCode).toBe(200);
    const res = await d.as({ method: "POST", url: `/api/school-users/${teacher.user.id}/deactivate` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.is_active).toBe(false);
    // The session lives on (for the user's other schools); this school refuses it.
    const refused = await teacher.as({ method: "GET", url: `/api/users/${teacher.user.id}` });
    expect([refused.statusCode, refused.json().code]).toEqual([403, "USER_DEACTIVATED"]);
    // Signing in again: the school is listed as inactive and its calls are refused.
    const token = await login(t.app, teacher.user.email);
    const call = (tk: string) =>
      t.app.inject({
        method: "GET",
        url: "/api/notifications",
        headers: { authorization: `Bearer ${tk}`, "x-school-id": d.school.id },
      });
    expect((await call(token)).json().code).toBe("USER_DEACTIVATED");
    expect((await d.as({ method: "POST", url: `/api/school-users/${teacher.user.id}/activate` })).statusCode).toBe(200);
    expect((await call(token)).statusCode).toBe(200);

    const self = await d.as({ method: "POST", url: `/api/school-users/${d.user.id}/deactivate` });
    expect(self.json().code).toBe("CANNOT_DEACTIVATE_SELF");
  });

  it("refuses to deactivate a head teacher or make them Familiar while they own a group (spec §5)", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const head = await plainMember(t.db, d.school, "docente");
    const other = await plainMember(t.db, d.school, "docente");
    await seedGroup(t.db, d.school.id, head.id);
    const before = await peopleSnapshot(t.db, d.school.id);
    const en = { "x-language": "en" };
    const deactivate = await d.as({ method: "POST", url: `/api/school-users/${head.id}/deactivate`, headers: en });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().message).toBe(
      "It is not possible to unassign it, since there is an owner group assigned to the user",
    );
    const familiar = d.school.profileIds.familiar;
    const patch = await d.as({
      method: "PATCH",
      url: `/api/school-users/${head.id}`,
      payload: { profile_id: familiar },
    });
    expect(patch.json().code).toBe("HEAD_TEACHER_OWNS_GROUP");
    const bulk = await d.as({
      method: "POST",
      url: "/api/school-users/assign-profile",
      payload: { user_ids: [other.id, head.id], profile_id: familiar },
    });
    expect(bulk.json().code).toBe("HEAD_TEACHER_OWNS_GROUP");
    expect(await peopleSnapshot(t.db, d.school.id)).toEqual(before);
    // Another staff profile is fine for a head teacher.
    const coord = d.school.profileIds.coordinador;
    expect(
      (await d.as({ method: "PATCH", url: `/api/school-users/${head.id}`, payload: { profile_id: coord } })).statusCode,
    ).toBe(200);
  });

  it("assigns a profile to many members at once, or to none, and their access follows at once", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const a = await memberOf(t.app, t.db, "docente", d.school);
    const b = await plainMember(t.db, d.school, "docente");
    expect((await a.as({ method: "GET", url: "/api/school-users" })).statusCode).toBe(403);
    const stranger = await createUser(t.db);
    const director = d.school.profileIds.director;
    const none = await d.as({
      method: "POST",
      url: "/api/school-users/assign-profile",
      payload: { user_ids: [a.user.id, stranger.id], profile_id: director },
    });
    expect(none.statusCode).toBe(404);
    const own = await d.as({
      method: "POST",
      url: "/api/school-users/assign-profile",
      payload: { user_ids: [a.user.id, d.user.id], profile_id: d.school.profileIds.docente },
    });
    expect(own.json().code).toBe("CANNOT_CHANGE_OWN_PROFILE");
    const profiles = await t.db
      .select({ p: memberships.profileId })
      .from(memberships)
      .where(and(eq(memberships.schoolId, d.school.id), eq(memberships.userId, a.user.id)));
    expect(profiles[0]!.p).toBe(d.school.profileIds.docente);

    const ok = await d.as({
      method: "POST",
      url: "/api/school-users/assign-profile",
      payload: { user_ids: [a.user.id, b.id], profile_id: director },
    });
    expect(ok.json().data).toEqual({ profile_id: director, updated: 2 });
    // The cached identity of `a` dropped with the change: the new grants apply to the very next call.
    expect((await a.as({ method: "GET", url: "/api/school-users" })).statusCode).toBe(200);
  });
});

describe("school users: permissions and other schools", () => {
  it("gives a Docente nothing and a read-only profile only the reads", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const target = await plainMember(t.db, d.school, "docente");
    const docente = await memberOf(t.app, t.db, "docente", d.school);
    const reader = await customMember(t.app, t.db, d.school, [USERS("read"), USERS("search")]);
    const payload = { first_name: "X", email: `${uniq("x")}@test.convive`, profile_id: d.school.profileIds.docente };
    const writes = [
      { method: "POST" as const, url: "/api/school-users", payload },
      { method: "PATCH" as const, url: `/api/school-users/${target.id}`, payload: { first_name: "Y" } },
      { method: "POST" as const, url: `/api/school-users/${target.id}/deactivate` },
      { method: "POST" as const, url: `/api/school-users/${target.id}/activate` },
      {
        method: "POST" as const,
        url: "/api/school-users/assign-profile",
        payload: { user_ids: [target.id], profile_id: d.school.profileIds.director },
      },
    ];
    const before = await peopleSnapshot(t.db, d.school.id);
    for (const call of writes) {
      expect((await docente.as(call)).statusCode, call.url).toBe(403);
      expect((await reader.as(call)).statusCode, call.url).toBe(403);
    }
    expect((await docente.as({ method: "GET", url: "/api/school-users" })).statusCode).toBe(403);
    expect((await reader.as({ method: "GET", url: "/api/school-users" })).statusCode).toBe(200);
    expect((await reader.as({ method: "GET", url: `/api/school-users/${target.id}` })).statusCode).toBe(200);
    expect(await peopleSnapshot(t.db, d.school.id)).toEqual(before);
  });

  it("answers 404 for another school's members and changes nothing", async () => {
    const a = await memberOf(t.app, t.db, "director");
    const victim = await plainMember(t.db, a.school, "docente");
    const b = await memberOf(t.app, t.db, "director");
    const before = await peopleSnapshot(t.db, a.school.id);
    const calls = [
      { method: "GET" as const, url: `/api/school-users/${victim.id}` },
      { method: "PATCH" as const, url: `/api/school-users/${victim.id}`, payload: { first_name: "Hack" } },
      { method: "POST" as const, url: `/api/school-users/${victim.id}/deactivate` },
      { method: "POST" as const, url: `/api/school-users/${victim.id}/activate` },
      {
        method: "POST" as const,
        url: "/api/school-users/assign-profile",
        payload: { user_ids: [victim.id], profile_id: b.school.profileIds.director },
      },
    ];
    for (const call of calls) expect((await b.as(call)).statusCode, call.url).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, victim.id));
    expect(row!.firstName).toBe("Ana");
    expect(await peopleSnapshot(t.db, a.school.id)).toEqual(before);
  });
});
