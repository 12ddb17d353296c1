import { ACTIONS, AREAS, MODULE_GRANTS, perm, SPECIAL_PERMISSIONS } from "@convive/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf } from "../helpers/factories.ts";
import { customMember, plainMember } from "../helpers/master-configuration.ts";
import { peopleSnapshot } from "./people-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PROFILES = (action: "create" | "read" | "update" | "delete") =>
  perm("master-configuration-users-profiles", action);
const ADMIN_GRANTS = [
  ...ACTIONS.map((a) => perm("master-configuration-users-profiles", a)),
  "module-master-configuration",
];

describe("profiles", () => {
  it("lists profiles with member counts, creates, renames and deletes an unused one", async () => {
    const d = await memberOf(t.app, t.db, "director");
    await plainMember(t.db, d.school, "docente");
    await plainMember(t.db, d.school, "docente", false);
    const listed = (await d.as({ method: "GET", url: "/api/profiles" })).json().data.profiles;
    expect(listed.find((p: { name: string }) => p.name === "Docente")).toMatchObject({
      members_count: 2,
      active_members_count: 1,
      protected: false,
    });
    expect(listed.find((p: { name: string }) => p.name === "Director").protected).toBe(true);

    const created = await d.as({ method: "POST", url: "/api/profiles", payload: { name: "Prefectura" } });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.profile.id;
    expect(created.json().data.profile).toMatchObject({ name: "Prefectura", members_count: 0, template_key: null });
    const dup = await d.as({ method: "POST", url: "/api/profiles", payload: { name: "  docente " } });
    expect([dup.statusCode, dup.json().code]).toEqual([409, "CONFLICT"]);
    const renamed = await d.as({ method: "PATCH", url: `/api/profiles/${id}`, payload: { name: "Prefectos" } });
    expect(renamed.json().data.profile.name).toBe("Prefectos");
    expect((await d.as({ method: "DELETE", url: `/api/profiles/${id}` })).json().data).toEqual({ id });
    expect((await d.as({ method: "GET", url: `/api/profiles/${id}/permissions` })).statusCode).toBe(404);
  });

  it("keeps Director and Familiar, and profiles in use", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const before = await peopleSnapshot(t.db, d.school.id);
    const { director, familiar, docente } = d.school.profileIds;
    const rename = await d.as({
      method: "PATCH",
      url: `/api/profiles/${familiar}`,
      headers: { "x-language": "en" },
      payload: { name: "Familia" },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe("The Director and Familiar profiles cannot be renamed or deleted.");
    expect((await d.as({ method: "DELETE", url: `/api/profiles/${director}` })).json().code).toBe("PROFILE_PROTECTED");
    await plainMember(t.db, d.school, "docente");
    const used = await d.as({ method: "DELETE", url: `/api/profiles/${docente}` });
    expect([used.statusCode, used.json().code]).toEqual([409, "IN_USE"]);
    const before2 = await peopleSnapshot(t.db, d.school.id);
    expect(before2.profiles).toBe(before.profiles);
    expect(before2.profile_permissions).toBe(before.profile_permissions);
  });
});

describe("permission matrix", () => {
  it("returns the catalogue with what the profile holds and round-trips a PUT", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const { docente } = d.school.profileIds;
    const matrix = (await d.as({ method: "GET", url: `/api/profiles/${docente}/permissions` })).json().data.matrix;
    expect(matrix.actions).toEqual([...ACTIONS]);
    expect(matrix.areas.map((a: { area: string }) => a.area)).toEqual([...AREAS]);
    expect(matrix.modules.map((m: { key: string }) => m.key)).toEqual([...MODULE_GRANTS]);
    expect(matrix.special.map((m: { key: string }) => m.key)).toEqual([...SPECIAL_PERMISSIONS]);
    expect(matrix.areas.find((a: { area: string }) => a.area === "master-configuration-users").actions).toEqual({
      create: false,
      read: false,
      update: false,
      delete: false,
      search: false,
    });

    const wanted = [
      perm("master-configuration-students", "read"),
      perm("incidents", "create"),
      "head-teacher",
      "module-scorecard",
    ];
    const put = await d.as({
      method: "PUT",
      url: `/api/profiles/${docente}/permissions`,
      payload: { permissions: [...wanted, wanted[0]] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.matrix.permissions).toEqual([...wanted].sort());
    const again = (await d.as({ method: "GET", url: `/api/profiles/${docente}/permissions` })).json().data.matrix;
    expect(again.permissions).toEqual([...wanted].sort());
    expect(again.areas.find((a: { area: string }) => a.area === "master-configuration-students").actions.read).toBe(
      true,
    );
    expect(again.modules.find((m: { key: string }) => m.key === "module-scorecard").granted).toBe(true);
    expect(again.special.find((m: { key: string }) => m.key === "head-teacher").granted).toBe(true);
  });

  it("applies a change to every member's next call", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const member = await customMember(t.app, t.db, d.school, []);
    expect((await member.as({ method: "GET", url: "/api/students" })).statusCode).toBe(403);
    const put = await d.as({
      method: "PUT",
      url: `/api/profiles/${member.profileId}/permissions`,
      payload: { permissions: [perm("master-configuration-students", "read")] },
    });
    expect(put.statusCode).toBe(200);
    expect((await member.as({ method: "GET", url: "/api/students" })).statusCode).toBe(200);
  });

  it("accepts only catalogue names and changes nothing otherwise", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const before = await peopleSnapshot(t.db, d.school.id);
    const res = await d.as({
      method: "PUT",
      url: `/api/profiles/${d.school.profileIds.docente}/permissions`,
      payload: { permissions: [perm("incidents", "read"), "incidents.destroy", "module-nope"] },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(["permissions.1", "permissions.2"]);
    expect(await peopleSnapshot(t.db, d.school.id)).toEqual(before);
  });

  it("never leaves the school without a profile holding every user-profile permission", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const { director } = d.school.profileIds;
    const strip = await d.as({
      method: "PUT",
      url: `/api/profiles/${director}/permissions`,
      payload: { permissions: [] },
    });
    expect([strip.statusCode, strip.json().code]).toEqual([409, "PROFILE_ADMIN_REQUIRED"]);
    const partial = await d.as({
      method: "PUT",
      url: `/api/profiles/${director}/permissions`,
      payload: { permissions: ADMIN_GRANTS.filter((g) => g !== "module-master-configuration") },
    });
    expect(partial.json().code).toBe("PROFILE_ADMIN_REQUIRED");
    // Once another profile holds them all, the Director's may go.
    const keeper = (await d.as({ method: "POST", url: "/api/profiles", payload: { name: "Sistemas" } })).json().data
      .profile;
    await d.as({
      method: "PUT",
      url: `/api/profiles/${keeper.id}/permissions`,
      payload: { permissions: ADMIN_GRANTS },
    });
    expect(
      (await d.as({ method: "PUT", url: `/api/profiles/${director}/permissions`, payload: { permissions: [] } }))
        .statusCode,
    ).toBe(200);
    // …and the keeper itself can then neither be emptied nor deleted (by someone who may edit profiles).
    const editor = await customMember(t.app, t.db, d.school, [PROFILES("update"), PROFILES("delete")]);
    const empty = await editor.as({
      method: "PUT",
      url: `/api/profiles/${keeper.id}/permissions`,
      payload: { permissions: [] },
    });
    expect(empty.json().code).toBe("PROFILE_ADMIN_REQUIRED");
    expect((await editor.as({ method: "DELETE", url: `/api/profiles/${keeper.id}` })).json().code).toBe(
      "PROFILE_ADMIN_REQUIRED",
    );
  });
});

describe("profiles: permissions and other schools", () => {
  it("gives a Docente nothing and a read-only profile only the reads", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const docente = await memberOf(t.app, t.db, "docente", d.school);
    const reader = await customMember(t.app, t.db, d.school, [PROFILES("read")]);
    const id = d.school.profileIds.coordinador;
    const before = await peopleSnapshot(t.db, d.school.id);
    const writes = [
      { method: "POST" as const, url: "/api/profiles", payload: { name: "Nuevo" } },
      { method: "PATCH" as const, url: `/api/profiles/${id}`, payload: { name: "Otro" } },
      { method: "DELETE" as const, url: `/api/profiles/${id}` },
      { method: "PUT" as const, url: `/api/profiles/${id}/permissions`, payload: { permissions: [] } },
    ];
    for (const call of writes) {
      expect((await docente.as(call)).statusCode, call.url).toBe(403);
      expect((await reader.as(call)).statusCode, call.url).toBe(403);
    }
    expect((await docente.as({ method: "GET", url: "/api/profiles" })).statusCode).toBe(403);
    expect((await reader.as({ method: "GET", url: "/api/profiles" })).statusCode).toBe(200);
    expect((await reader.as({ method: "GET", url: `/api/profiles/${id}/permissions` })).statusCode).toBe(200);
    expect(await peopleSnapshot(t.db, d.school.id)).toEqual(before);
  });

  it("lists the profiles, not their permissions, to whoever manages users", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const usersReader = await customMember(t.app, t.db, d.school, ["master-configuration-users.read"]);
    expect((await usersReader.as({ method: "GET", url: "/api/profiles" })).statusCode).toBe(200);
    const id = d.school.profileIds.coordinador;
    expect((await usersReader.as({ method: "GET", url: `/api/profiles/${id}/permissions` })).statusCode).toBe(403);
  });

  it("answers 404 for another school's profiles and changes nothing", async () => {
    const a = await memberOf(t.app, t.db, "director");
    const b = await memberOf(t.app, t.db, "director");
    const id = a.school.profileIds.coordinador;
    const before = await peopleSnapshot(t.db, a.school.id);
    const calls = [
      { method: "GET" as const, url: `/api/profiles/${id}/permissions` },
      { method: "PATCH" as const, url: `/api/profiles/${id}`, payload: { name: "Hack" } },
      { method: "DELETE" as const, url: `/api/profiles/${id}` },
      { method: "PUT" as const, url: `/api/profiles/${id}/permissions`, payload: { permissions: [] } },
    ];
    for (const call of calls) expect((await b.as(call)).statusCode, call.url).toBe(404);
    expect(await peopleSnapshot(t.db, a.school.id)).toEqual(before);
  });
});
