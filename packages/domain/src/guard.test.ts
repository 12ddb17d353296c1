import { describe, expect, it } from "vitest";
import { type GuardDecision, type GuardUser, guardRoute, homeOf } from "./guard.ts";

// Fixtures: one user per row of the decision table at the top of guard.ts.
const user = (over: Partial<GuardUser> = {}): GuardUser => ({
  root: 0,
  password_updated: 1,
  roles: [{ id: 1, name: "Docente" }],
  permissions: [],
  permissionsModules: [],
  viewMain: "/register",
  ...over,
});
const root = user({ root: 1, roles: undefined, viewMain: "" });
const rootPending = { ...root, password_updated: 0 as const };
const staff = user({ permissionsModules: ["module-incidents-registration"] });
const staffPending = { ...staff, password_updated: 0 as const };
const noRoles = user({ roles: null });
const noRolesEmpty = user({ roles: [] });
const noRolesPending = { ...noRoles, password_updated: 0 as const };

const allow: GuardDecision = { kind: "allow" };
const to = (path: string): GuardDecision => ({ kind: "redirect", to: path });
const NF = to("/page-not-found");

const OUTSIDE = [
  "/",
  "/Schoolselection",
  "/Changepassword",
  "/RecoverPassword",
  "/RecoverPassword/reset",
  "/page-not-found",
];
// Spec §2 "Screens inside the layout", by hand (incident-graph: the tag's path as this app reads it).
const ROOT_SCREENS = ["/admin-school-creator", "/admin-user-creator", "/help-video-creator", "/admin-jobs"];
const MC_CHILDREN = [
  "general-information",
  "user-profile",
  "level-grade-group",
  "subject",
  "scholar-cicle",
  "school-users",
  "students-profile",
  "incidents-configurator",
  "cycle-details",
  "reenrollment-students",
  "user-reassignment",
  "automatic-reports",
  "observations-configurator",
  "grade-configurator",
  "nursing-configurator",
  "form-configurator",
].map((c) => `/master-configuration/${c}`);
const MODULE_SCREENS = [
  "/incident-registration",
  "/register",
  "/incident-details",
  "/archive",
  "/strategic-vision",
  "/ratings",
  "/notifications",
  "/scorecard",
  "/forms-parents",
  "/incident-graph",
  "/master-configuration",
  ...MC_CHILDREN,
];
const LAYOUT = [...ROOT_SCREENS, "/account", ...MODULE_SCREENS];
const UNMATCHED = ["/nowhere", "/register/extra", "/master-configuration/unknown", "/admin", "/page-not-found/x"];
const EVERY_PATH = [...OUTSIDE, ...LAYOUT, ...UNMATCHED];

const run = (path: string, u: GuardUser | null, hasToken = true) => guardRoute({ path, hasToken, user: u });

describe("rules 1–2: without a token", () => {
  const open = new Set<string>(["/", "/RecoverPassword", "/RecoverPassword/reset"]);
  const rows = [null, root, staff].flatMap((u) =>
    EVERY_PATH.map((path) => [path, u?.root ?? "none", u, open.has(path) ? allow : to("/")] as const),
  );
  it.each(rows)("%s (user %s) → %o", (path, _who, u, expected) => {
    expect(run(path, u, false)).toEqual(expected);
  });
  it.each(["/?next=/scorecard", "/RecoverPassword/", "/recoverpassword?email=a@b.mx", "/RecoverPassword/reset?t=1"])(
    "public path variant %s is allowed",
    (path) => expect(run(path, null, false)).toEqual(allow),
  );
});

describe("token, user not loaded yet", () => {
  it.each(EVERY_PATH)("%s is allowed so the app can load the user", (path) => {
    expect(run(path, null)).toEqual(allow);
  });
});

describe("rule 3/4/6/7: where / leads a signed-in user", () => {
  it.each([
    ["root, password pending", rootPending, "/Changepassword"],
    ["root", root, "/admin-school-creator"],
    ["non-root with roles, password pending", staffPending, "/Changepassword"],
    ["non-root without roles, password pending", noRolesPending, "/Changepassword"],
    ["non-root, roles null", noRoles, "/Schoolselection"],
    ["non-root, roles empty", noRolesEmpty, "/Schoolselection"],
    ["non-root with roles", staff, "/register"],
    ["non-root with roles, other viewMain", user({ viewMain: "/scorecard" }), "/scorecard"],
  ])("%s → %s", (_name, u, expected) => {
    for (const path of ["/", "/?lang=en", "#top", "/RecoverPassword", "/RecoverPassword/reset"]) {
      expect(run(path, u)).toEqual(to(expected));
    }
    expect(homeOf(u)).toBe(expected);
  });

  it.each([
    ["empty", "", "/register"],
    ["blank", "  ", "/register"],
    ["login", "/", "/register"],
    ["recover", "/RecoverPassword", "/register"],
    ["without slash", "scorecard", "/scorecard"],
  ])("viewMain %s (%o) → %s, never a loop", (_name, viewMain, expected) => {
    const u = user({ viewMain, permissionsModules: ["module-incidents-registration"] });
    expect(homeOf(u)).toBe(expected);
  });

  it("falls back to the Familiar landing order for a Familiar without viewMain", () => {
    const u = user({ viewMain: "", roles: [{ id: 6, name: "Familiar" }], permissionsModules: ["module-scorings"] });
    expect(homeOf(u)).toBe("/ratings");
  });
});

describe("rules 4/7: a pending password change allows only /Changepassword", () => {
  const rows = [rootPending, staffPending, noRolesPending].flatMap((u) =>
    EVERY_PATH.map(
      (path) =>
        [path, u.root, u.roles?.length ?? 0, u, path === "/Changepassword" ? allow : to("/Changepassword")] as const,
    ),
  );
  it.each(rows)("%s (root %s, roles %s) → %o", (path, _r, _n, u, expected) => {
    expect(run(path, u)).toEqual(expected);
  });
});

describe("root with password updated", () => {
  const rows: [string, GuardDecision][] = [
    ["/Changepassword", allow],
    ["/page-not-found", allow],
    ["/Schoolselection", to("/admin-school-creator")],
    ...ROOT_SCREENS.map((p): [string, GuardDecision] => [p, allow]),
    ["/account", allow],
    ...MODULE_SCREENS.map((p): [string, GuardDecision] => [p, NF]),
    ...UNMATCHED.map((p): [string, GuardDecision] => [p, NF]),
  ];
  it.each(rows)("%s → %o", (path, expected) => {
    expect(run(path, root)).toEqual(expected);
  });
  it("module keys and permissions do not open module routes for root", () => {
    const loaded = { ...root, permissionsModules: ["module-scorecard"], permissions: ["scorecard.read"] };
    expect(run("/scorecard", loaded)).toEqual(NF);
  });
});

describe("rule 4: non-root without roles, password updated", () => {
  const open = new Set<string>(["/Schoolselection", "/Changepassword", "/page-not-found"]);
  const rows = [noRoles, noRolesEmpty].flatMap((u) =>
    EVERY_PATH.map((path) => [path, u.roles, u, open.has(path) ? allow : to("/Schoolselection")] as const),
  );
  it.each(rows)("%s (roles %o) → %o", (path, _roles, u, expected) => {
    expect(run(path, u)).toEqual(expected);
  });
});

describe("rule 6: fixed screens for non-root with roles", () => {
  it.each([
    ["/Schoolselection", allow],
    ["/Changepassword", allow],
    ["/page-not-found", allow],
    ["/account", allow],
    ["/admin-school-creator", NF],
    ["/admin-user-creator", NF],
    ["/help-video-creator", NF],
    ...UNMATCHED.map((p): [string, GuardDecision] => [p, NF]),
  ])("%s → %o", (path, expected) => {
    const everything = user({ permissionsModules: ["module-master-configuration"], permissions: ["notify-profile"] });
    expect(run(path, everything)).toEqual(expected);
  });
});

describe("path matching", () => {
  const reg = user({ permissionsModules: ["module-incidents-registration"] });
  it.each([
    ["/register", allow],
    ["/register/", allow],
    ["/register?x=1", allow],
    ["/register/?x=1", allow],
    ["/register#top", allow],
    ["/REGISTER", allow],
    ["/register/extra", NF],
    ["/registerx", NF],
    ["/Schoolselection/", allow],
    ["/changepassword?from=header", allow],
  ])("%s → %o", (path, expected) => {
    expect(run(path, reg)).toEqual(expected);
  });
});

describe("every redirect settles", () => {
  const users: GuardUser[] = [root, rootPending, staff, staffPending, noRoles, noRolesEmpty, noRolesPending];
  users.push(user({ viewMain: "/master-configuration", permissionsModules: ["module-master-configuration"] }));
  users.push(user({ viewMain: "/nowhere" }));
  const rows = users.flatMap((u, i) => EVERY_PATH.map((path) => [path, i, u] as const));
  it.each(rows)("%s for user #%s reaches an allowed screen in at most 3 hops", (path, _i, u) => {
    let current = path;
    for (let hop = 0; hop < 3; hop++) {
      const d = run(current, u);
      if (d.kind === "allow") return;
      expect(d.to).not.toBe(current);
      current = d.to;
    }
    expect(run(current, u)).toEqual(allow);
  });
});
