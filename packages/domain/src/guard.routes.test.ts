/**
 * Rule 6 of spec §2, route by route. Every expected value below is copied by hand from the spec's tables (§2
 * "Screens inside the layout", §6 "Module keys and menu items" and "Permissions guarding master-configuration
 * screens"), never read from routes.ts or permissions.ts: a wrong row in those tables must fail here, not agree.
 */
import { describe, expect, it } from "vitest";
import { type GuardDecision, type GuardUser, guardRoute } from "./guard.ts";

const NOT_FOUND = "/page-not-found";
const allow: GuardDecision = { kind: "allow" };
const NF: GuardDecision = { kind: "redirect", to: NOT_FOUND };

const user = (permissionsModules: readonly string[], permissions: readonly string[] = []): GuardUser => ({
  root: 0,
  password_updated: 1,
  roles: [{ id: 2, name: "Coordinador" }],
  permissions,
  permissionsModules,
  viewMain: "/scorecard",
});
const run = (path: string, u: GuardUser) => guardRoute({ path, hasToken: true, user: u });

/** Spec §6 module keys, plus the alternative key for Registro. */
const EVERY_MODULE_KEY = [
  "module-incidents-registration",
  "create-accompaniment-observations",
  "module-strategic-vision",
  "module-incidents-details",
  "module-scorings",
  "module-notifications",
  "module-scorecard",
  "module-form-student",
  "module-master-configuration",
  "module-incidents-graph",
  "module-nursing",
];

/** Spec §2 layout routes with a module tag and no permissions, and the §6 module keys that open each one. */
const MODULE_ROUTES: [path: string, keys: string[]][] = [
  ["/incident-registration", ["module-incidents-registration", "create-accompaniment-observations"]],
  ["/register", ["module-incidents-registration", "create-accompaniment-observations"]],
  ["/incident-details", ["module-incidents-details"]],
  ["/archive", ["module-incidents-details"]],
  ["/strategic-vision", ["module-strategic-vision"]],
  ["/ratings", ["module-scorings"]],
  ["/notifications", ["module-notifications"]],
  ["/scorecard", ["module-scorecard"]],
  ["/forms-parents", ["module-form-student"]],
  // The spec names the incidents-graph tag and the title only; /incident-graph is this app's reading of its path.
  ["/incident-graph", ["module-incidents-graph"]],
];

describe("module routes without permissions: the module key alone opens them", () => {
  const rows = MODULE_ROUTES.flatMap(([path, keys]) => keys.map((key) => [path, key] as const));
  it.each(rows)("%s with %s → allow", (path, key) => {
    expect(run(path, user([key]))).toEqual(allow);
  });

  it.each(MODULE_ROUTES)("%s with every other module key → page-not-found", (path, keys) => {
    const others = EVERY_MODULE_KEY.filter((k) => !keys.includes(k));
    expect(run(path, user(others, ["notify-profile", "head-teacher", "incidents.read"]))).toEqual(NF);
  });

  it("a bare tag or an unknown module string opens nothing", () => {
    expect(run("/scorecard", user(["scorecard", "module-unknown"]))).toEqual(NF);
    expect(run("/register", user(["incidents-registration"]))).toEqual(NF);
  });
});

/** Spec §6 "Permissions guarding master-configuration screens", written out permission by permission. */
const crud = (area: string) => ["create", "read", "update", "delete"].map((a) => `${area}.${a}`);
const MC = "/master-configuration";
const MC_CHILDREN: [path: string, permissions: string[]][] = [
  [`${MC}/general-information`, ["master-configuration-school-info.read", "master-configuration-school-info.update"]],
  [`${MC}/user-profile`, crud("master-configuration-users-profiles")],
  [`${MC}/level-grade-group`, crud("master-configuration-sections")],
  [`${MC}/subject`, crud("master-configuration-subjects")],
  [`${MC}/scholar-cicle`, crud("master-configuration-school-year")],
  [
    `${MC}/school-users`,
    [
      "master-configuration-users.create",
      "master-configuration-users.read",
      "master-configuration-users-massive-upload.create",
      "master-configuration-users-massive-upload.read",
    ],
  ],
  [
    `${MC}/students-profile`,
    [
      "master-configuration-students.create",
      "master-configuration-students.read",
      "master-configuration-students.update",
      "master-configuration-students-massive-upload.create",
      "master-configuration-students-massive-upload.read",
    ],
  ],
  ...["incidents-configurator", "observations-configurator", "grade-configurator"].map((c): [string, string[]] => [
    `${MC}/${c}`,
    ["master-configuration-incident-configurator.read", "master-configuration-incident-configurator.update"],
  ]),
  [`${MC}/cycle-details`, ["master-configuration-past-school-years.read"]],
  [`${MC}/reenrollment-students`, ["master-configuration-re-enroll-students.read"]],
  [`${MC}/user-reassignment`, ["master-configuration-school-user-reassignment.read"]],
  [`${MC}/automatic-reports`, ["master-configuration-scheduled-reports.read"]],
  [`${MC}/nursing-configurator`, ["master-configuration-nursing.read"]],
  [`${MC}/form-configurator`, ["master-configuration-nursing.read"]],
  [`${MC}/data-retention`, ["master-configuration-data-retention.read"]],
];
const MC_KEY = "module-master-configuration";

describe("master-configuration children: the module key AND one of the screen's permissions", () => {
  // Sixteen from the spec, and issue 30 §5's data retention.
  it("the spec lists sixteen child screens, and issue 30 adds data retention", () =>
    expect(MC_CHILDREN).toHaveLength(17));

  const rows = MC_CHILDREN.flatMap(([path, perms]) => perms.map((p) => [path, p] as const));
  it.each(rows)("%s with the module and %s → allow", (path, permission) => {
    expect(run(path, user([MC_KEY], [permission]))).toEqual(allow);
  });
  it.each(rows)("%s with %s but not the module → page-not-found", (path, permission) => {
    const everyOtherKey = EVERY_MODULE_KEY.filter((k) => k !== MC_KEY);
    expect(run(path, user(everyOtherKey, [permission]))).toEqual(NF);
  });

  // The four singular-key screens of the spec's note (general-information, user-profile, level-grade-group,
  // school-users) are enforced too: the rebuild enforces all, as the note allows.
  it.each(MC_CHILDREN)("%s with the module but none of its permissions → page-not-found", (path, perms) => {
    const foreign = MC_CHILDREN.flatMap(([, p]) => p).filter((p) => !perms.includes(p));
    expect(run(path, user([MC_KEY]))).toEqual(NF);
    expect(run(path, user([MC_KEY], [...foreign, "master-configuration-school-info.delete"]))).toEqual(NF);
  });
});

describe("/master-configuration entry: general-information, else the first child the user may open", () => {
  it.each([
    ["school-info read", ["master-configuration-school-info.read"], `${MC}/general-information`],
    ["school-info update", ["master-configuration-school-info.update"], `${MC}/general-information`],
    [
      "subjects and school-info",
      ["master-configuration-subjects.read", "master-configuration-school-info.read"],
      `${MC}/general-information`,
    ],
    ["only profiles", ["master-configuration-users-profiles.delete"], `${MC}/user-profile`],
    ["only sections", ["master-configuration-sections.read"], `${MC}/level-grade-group`],
    ["only subjects", ["master-configuration-subjects.delete"], `${MC}/subject`],
    ["only school year", ["master-configuration-school-year.create"], `${MC}/scholar-cicle`],
    ["only users' massive upload", ["master-configuration-users-massive-upload.read"], `${MC}/school-users`],
    ["only students", ["master-configuration-students.update"], `${MC}/students-profile`],
    ["only the configurators", ["master-configuration-incident-configurator.read"], `${MC}/incidents-configurator`],
    ["only past school years", ["master-configuration-past-school-years.read"], `${MC}/cycle-details`],
    ["only re-enrolment", ["master-configuration-re-enroll-students.read"], `${MC}/reenrollment-students`],
    ["only reassignment", ["master-configuration-school-user-reassignment.read"], `${MC}/user-reassignment`],
    ["only scheduled reports", ["master-configuration-scheduled-reports.read"], `${MC}/automatic-reports`],
    ["only nursing", ["master-configuration-nursing.read"], `${MC}/nursing-configurator`],
    ["module without permissions", [], NOT_FOUND],
  ])("%s → %s", (_name, permissions, expected) => {
    const u = user([MC_KEY], permissions);
    for (const path of [MC, `${MC}/`, `${MC}?tab=1`]) expect(run(path, u)).toEqual({ kind: "redirect", to: expected });
  });

  it("a permission without the module key → page-not-found", () => {
    expect(run(MC, user([], ["master-configuration-school-info.read"]))).toEqual(NF);
  });
});

describe("routes without a module tag, for a school user holding every key and permission", () => {
  const everything = user(EVERY_MODULE_KEY, ["notify-profile", "head-teacher", ...MC_CHILDREN.flatMap(([, p]) => p)]);
  it.each([
    ["/admin-school-creator", NF],
    ["/admin-user-creator", NF],
    ["/help-video-creator", NF],
    ["/admin-jobs", NF],
    ["/account", allow],
  ])("%s → %o", (path, expected) => {
    expect(run(path, everything)).toEqual(expected);
  });
});
