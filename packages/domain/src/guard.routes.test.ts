/** Rule 6 row by row, generated from LAYOUT_ROUTES so a new route cannot slip in untested. */
import { describe, expect, it } from "vitest";
import { type GuardDecision, type GuardUser, guardRoute } from "./guard.ts";
import { MODULE_GRANTS, type ModuleGrant, type ModuleTag, TAG_OF_MODULE } from "./permissions.ts";
import { LAYOUT_ROUTES, MASTER_CONFIGURATION_ROUTES, PATHS } from "./routes.ts";

const user = (permissionsModules: readonly string[], permissions: readonly string[] = []): GuardUser => ({
  root: 0,
  password_updated: 1,
  roles: [{ id: 2, name: "Coordinador" }],
  permissions,
  permissionsModules,
  viewMain: PATHS.scorecard,
});
const allow: GuardDecision = { kind: "allow" };
const NF: GuardDecision = { kind: "redirect", to: PATHS.notFound };
const run = (path: string, u: GuardUser) => guardRoute({ path, hasToken: true, user: u });

const grantsFor = (tags: readonly ModuleTag[]): ModuleGrant[] =>
  MODULE_GRANTS.filter((g) => tags.includes(TAG_OF_MODULE[g]));
const MC_ENTRY = "master-configuration";
const moduleRoutes = LAYOUT_ROUTES.filter((r) => r.tags.length > 0 && r.path !== MC_ENTRY);
const openRoutes = moduleRoutes.filter((r) => r.permissions.length === 0);

describe("module routes without permissions: the module key alone opens them", () => {
  const rows = openRoutes.flatMap((r) => grantsFor(r.tags).map((g) => [`/${r.path}`, g] as const));
  it.each(rows)("%s with %s → allow", (path, grant) => {
    expect(run(path, user([grant]))).toEqual(allow);
  });

  const denied = openRoutes.map((r) => {
    const others = MODULE_GRANTS.filter((g) => !r.tags.includes(TAG_OF_MODULE[g]));
    return [`/${r.path}`, others] as const;
  });
  it.each(denied)("%s with every other module key → page-not-found", (path, others) => {
    expect(run(path, user(others, ["notify-profile", "incidents.read"]))).toEqual(NF);
  });

  it("create-accompaniment-observations opens both registration screens", () => {
    expect(run(PATHS.register, user(["create-accompaniment-observations"]))).toEqual(allow);
    expect(run(PATHS.incidentRegistration, user(["create-accompaniment-observations"]))).toEqual(allow);
  });

  it("unknown module strings and bare tags are ignored", () => {
    expect(run(PATHS.scorecard, user(["scorecard", "module-unknown"]))).toEqual(NF);
  });
});

describe("master-configuration children: module key AND one of the route's permissions", () => {
  const mcModule = "module-master-configuration";
  const withPermission = MASTER_CONFIGURATION_ROUTES.flatMap((r) =>
    r.permissions.map((p) => [`/${r.path}`, p] as const),
  );
  it.each(withPermission)("%s with the module and %s → allow", (path, permission) => {
    expect(run(path, user([mcModule], [permission]))).toEqual(allow);
  });
  it.each(withPermission)("%s with %s but not the module → page-not-found", (path, permission) => {
    const everyOtherModule = MODULE_GRANTS.filter((g) => g !== mcModule);
    expect(run(path, user(everyOtherModule, [permission]))).toEqual(NF);
  });

  const children = MASTER_CONFIGURATION_ROUTES.map((r) => {
    // Every permission that guards some other child but not this one.
    const foreign = MASTER_CONFIGURATION_ROUTES.flatMap((o) => o.permissions).filter((p) => !r.permissions.includes(p));
    return [`/${r.path}`, foreign] as const;
  });
  it.each(children)("%s with the module but none of its permissions → page-not-found", (path, foreign) => {
    expect(run(path, user([mcModule]))).toEqual(NF);
    expect(run(path, user([mcModule], foreign))).toEqual(NF);
  });

  it("every child declares permissions (the four singular-key routes are enforced too)", () => {
    expect(MASTER_CONFIGURATION_ROUTES).toHaveLength(16);
    for (const r of MASTER_CONFIGURATION_ROUTES) expect(r.permissions.length).toBeGreaterThan(0);
  });
});

describe("/master-configuration entry", () => {
  const mc = "module-master-configuration";
  it.each([
    ["school-info read", [mc], ["master-configuration-school-info.read"], "/master-configuration/general-information"],
    [
      "school-info update",
      [mc],
      ["master-configuration-school-info.update"],
      "/master-configuration/general-information",
    ],
    [
      "subjects and school-info",
      [mc],
      ["master-configuration-subjects.read", "master-configuration-school-info.read"],
      "/master-configuration/general-information",
    ],
    ["only nursing", [mc], ["master-configuration-nursing.read"], "/master-configuration/nursing-configurator"],
    ["only subjects", [mc], ["master-configuration-subjects.delete"], "/master-configuration/subject"],
    ["module without permissions", [mc], [], PATHS.notFound],
    ["permission without module", [], ["master-configuration-school-info.read"], PATHS.notFound],
  ])("%s → %s", (_name, modules, permissions, expected) => {
    const u = user(modules, permissions);
    for (const path of ["/master-configuration", "/master-configuration/", "/master-configuration?tab=1"]) {
      expect(run(path, u)).toEqual({ kind: "redirect", to: expected });
    }
  });
});

describe("routes without a module tag", () => {
  const untagged = LAYOUT_ROUTES.filter((r) => r.tags.length === 0);
  const everything = user(MODULE_GRANTS, ["notify-profile", "head-teacher"]);
  it.each(untagged.map((r) => [`/${r.path}`, r.path === "account" ? allow : NF] as const))(
    "%s → %o even with every module key",
    (path, expected) => {
      expect(run(path, everything)).toEqual(expected);
    },
  );
});
