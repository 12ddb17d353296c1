import { type GuardUser, type ProfileTemplateKey, profileTemplate } from "@convive/domain/core";
import { describe, expect, it } from "vitest";
import { isItemActive, type MenuItem, menuItemsFor } from "./menu.ts";

const schoolUser = (modules: string[], permissions: string[], role = "Docente"): GuardUser => ({
  root: 0,
  password_updated: 1,
  roles: [{ id: 1, name: role }],
  permissions,
  permissionsModules: modules,
  viewMain: "/",
});
const fromTemplate = (key: ProfileTemplateKey) => {
  const t = profileTemplate(key);
  return schoolUser([...t.modules], [...t.permissions], t.name);
};
const root: GuardUser = {
  root: 1,
  password_updated: 1,
  roles: [],
  permissions: [],
  permissionsModules: [],
  viewMain: "",
};
const keys = (items: MenuItem[]) => items.map((i) => i.key);

describe("menuItemsFor", () => {
  it("shows a Director every module, in the order of spec §6, then support and inclusion (issue 28)", () => {
    const items = menuItemsFor(fromTemplate("director"));
    expect(keys(items)).toEqual([
      "register",
      "strategicVision",
      "archive",
      "ratings",
      "notifications",
      "scorecard",
      "formsParents",
      "masterConfiguration",
      "incidentGraph",
      "support",
      // Issue 29: the nurse's desk, which the Director also opens.
      "nursing",
    ]);
    expect(items.find((i) => i.key === "masterConfiguration")?.to).toBe("/master-configuration/general-information");
    expect(items.find((i) => i.key === "register")?.to).toBe("/register");
    expect(items.find((i) => i.key === "archive")?.to).toBe("/incident-details");
  });

  it("shows support and inclusion to the confidential readers only: Orientador yes, Coordinador and Docente no", () => {
    expect(keys(menuItemsFor(fromTemplate("orientador")))).toContain("support");
    expect(keys(menuItemsFor(fromTemplate("coordinador")))).not.toContain("support");
    expect(keys(menuItemsFor(fromTemplate("docente")))).not.toContain("support");
    expect(keys(menuItemsFor(fromTemplate("familiar")))).not.toContain("support");
  });

  it("shows a Familiar archive, ratings, notifications, scorecard and forms only", () => {
    expect(keys(menuItemsFor(fromTemplate("familiar")))).toEqual([
      "archive",
      "ratings",
      "notifications",
      "scorecard",
      "formsParents",
    ]);
  });

  it("shows root only the platform screens: the spec's three and the jobs", () => {
    const items = menuItemsFor(root);
    expect(keys(items)).toEqual(["schools", "createUsers", "createHelpVideos", "jobs"]);
    expect(items.map((i) => i.to)).toEqual([
      "/admin-school-creator",
      "/admin-user-creator",
      "/help-video-creator",
      "/admin-jobs",
    ]);
  });

  it("opens Registro with the observation-only key", () => {
    expect(keys(menuItemsFor(schoolUser(["create-accompaniment-observations"], [])))).toEqual(["register"]);
  });

  it("hides an item whose module key the user lacks, whatever the permissions", () => {
    expect(menuItemsFor(schoolUser([], ["incidents.read", "scorings.read"]))).toEqual([]);
  });

  it("leads master configuration to the first child screen the permissions allow", () => {
    const user = schoolUser(["module-master-configuration"], ["master-configuration-subjects.read"]);
    expect(menuItemsFor(user)).toMatchObject([{ key: "masterConfiguration", to: "/master-configuration/subject" }]);
  });

  it("hides master configuration when no child screen is allowed", () => {
    expect(menuItemsFor(schoolUser(["module-master-configuration"], ["incidents.read"]))).toEqual([]);
  });

  it("gives a Docente and Enfermería their own modules only", () => {
    expect(keys(menuItemsFor(fromTemplate("docente")))).toEqual([
      "register",
      "archive",
      "ratings",
      "notifications",
      "scorecard",
    ]);
    expect(keys(menuItemsFor(fromTemplate("enfermeria")))).toEqual(["notifications", "scorecard", "nursing"]);
    expect(keys(menuItemsFor(fromTemplate("coordinador")))).not.toContain("nursing");
  });
});

describe("isItemActive", () => {
  const director = menuItemsFor(fromTemplate("director"));
  const item = (key: string) => director.find((i) => i.key === key)!;

  it.each([
    ["masterConfiguration", "/master-configuration/general-information", true],
    ["masterConfiguration", "/master-configuration/subject", true],
    ["masterConfiguration", "/master-configuration-x", false],
    ["register", "/register", true],
    ["register", "/incident-registration", true],
    ["register", "/Register/?tab=1", true],
    ["archive", "/archive", true],
    ["archive", "/incident-details", true],
    ["archive", "/incident-graph", false],
    ["notifications", "/notifications", true],
    ["notifications", "/account", false],
  ])("%s on %s → %s", (key, path, active) => {
    expect(isItemActive(item(key), path)).toBe(active);
  });
});
