import { describe, expect, it } from "vitest";
import { landingView } from "./landing.ts";
import { ALL_PERMISSIONS, isModuleGrant, isPermission } from "./permissions.ts";
import {
  PROFILE_TEMPLATES,
  profileTemplate,
  ROLE_DIRECTOR,
  ROLE_FAMILIAR,
  templatePermissions,
} from "./profile-templates.ts";

describe("profile templates", () => {
  it("are the six of product design §1, with unique keys and names", () => {
    expect(PROFILE_TEMPLATES.map((t) => t.name)).toEqual([
      "Director",
      "Coordinador",
      "Docente",
      "Orientador",
      "Enfermería",
      "Familiar",
    ]);
    expect(new Set(PROFILE_TEMPLATES.map((t) => t.key)).size).toBe(PROFILE_TEMPLATES.length);
    expect(new Set(PROFILE_TEMPLATES.map((t) => t.name.toLowerCase())).size).toBe(PROFILE_TEMPLATES.length);
  });

  it.each(PROFILE_TEMPLATES.map((t) => [t.name, t] as const))("%s uses only catalogue names, each once", (_n, t) => {
    for (const m of t.modules) expect(isModuleGrant(m), m).toBe(true);
    for (const p of t.permissions) expect(isPermission(p), p).toBe(true);
    expect(new Set(t.modules).size).toBe(t.modules.length);
    expect(new Set(t.permissions).size).toBe(t.permissions.length);
    expect(t.modules.length).toBeGreaterThan(0);
  });

  it("Director holds every module key and every permission", () => {
    const d = profileTemplate("director");
    expect(d.name).toBe(ROLE_DIRECTOR);
    // Spec §6's module keys, written out (not read from the catalogue the template is built from).
    expect([...d.modules].sort()).toEqual(
      [
        "module-incidents-registration",
        "module-strategic-vision",
        "module-incidents-details",
        "module-scorings",
        "module-notifications",
        "module-scorecard",
        "module-form-student",
        "module-master-configuration",
        "module-incidents-graph",
        "module-nursing",
      ].sort(),
    );
    expect([...d.permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());
    // Spot checks from spec §6: the special permissions and a permission of each master-configuration screen.
    for (const p of [
      "notify-profile",
      "head-teacher",
      "master-configuration-school-info.update",
      "master-configuration-users-profiles.delete",
      "master-configuration-sections.create",
      "master-configuration-subjects.read",
      "master-configuration-school-year.update",
      "master-configuration-users-massive-upload.create",
      "master-configuration-students-massive-upload.read",
      "master-configuration-incident-configurator.update",
      "master-configuration-past-school-years.read",
      "master-configuration-re-enroll-students.read",
      "master-configuration-school-user-reassignment.read",
      "master-configuration-scheduled-reports.read",
      "master-configuration-nursing.read",
    ]) {
      expect(d.permissions).toContain(p);
    }
  });

  it("only Director may configure the school", () => {
    for (const t of PROFILE_TEMPLATES.filter((x) => x.key !== "director")) {
      expect(t.modules).not.toContain("module-master-configuration");
      expect(t.permissions.some((p) => p.startsWith("master-configuration-"))).toBe(false);
    }
  });

  it("Orientador is Coordinador plus full inclusion and external support", () => {
    const c = new Set<string>(profileTemplate("coordinador").permissions);
    const o = new Set<string>(profileTemplate("orientador").permissions);
    for (const p of c) expect(o.has(p), p).toBe(true);
    for (const a of ["create", "read", "update", "delete", "search"]) {
      expect(o.has(`inclusion.${a}`)).toBe(true);
      expect(o.has(`external-support.${a}`)).toBe(true);
    }
    expect(profileTemplate("orientador").modules).toEqual(profileTemplate("coordinador").modules);
  });

  it("only the Director and the Orientador read external support and inclusion by default (issue 28: confidential)", () => {
    const readers = PROFILE_TEMPLATES.filter((t) =>
      t.permissions.some((p) => p === "external-support.read" || p === "inclusion.read"),
    ).map((t) => t.key);
    expect(readers.sort()).toEqual(["director", "orientador"]);
  });

  it("Docente is head-teacher capable; Familiar reads only and writes forms and messages", () => {
    expect(profileTemplate("docente").permissions).toContain("head-teacher");
    const f = profileTemplate("familiar");
    expect(f.name).toBe(ROLE_FAMILIAR);
    const writes = f.permissions.filter((p) => !p.endsWith(".read"));
    expect(writes.sort()).toEqual(["forms-parents.update", "messages.create"]);
  });

  it.each([
    ["director", "/register"],
    ["coordinador", "/register"],
    ["docente", "/register"],
    ["orientador", "/register"],
    ["enfermeria", "/nursing"],
    ["familiar", "/notifications"],
  ] as const)("%s lands on %s", (key, expected) => {
    const t = profileTemplate(key);
    expect(landingView(t.name, t.modules)).toBe(expected);
  });

  it("templatePermissions lists modules then permissions", () => {
    const t = profileTemplate("enfermeria");
    expect(templatePermissions("enfermeria")).toEqual([...t.modules, ...t.permissions]);
    expect(templatePermissions("enfermeria")).toContain("nursing.delete");
  });
});
