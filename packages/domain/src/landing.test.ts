import { describe, expect, it } from "vitest";
import { landingView } from "./landing.ts";

describe("landing view, roles other than Familiar", () => {
  it.each([
    [
      "registration first",
      ["module-scorings", "module-incidents-registration", "module-master-configuration"],
      "/register",
    ],
    [
      "observations-only key counts as registration",
      ["module-notifications", "create-accompaniment-observations"],
      "/register",
    ],
    [
      "master configuration second",
      ["module-scorings", "module-notifications", "module-master-configuration"],
      "/master-configuration/general-information",
    ],
    ["notifications third", ["module-scorings", "module-incidents-details", "module-notifications"], "/notifications"],
    ["incident details fourth", ["module-scorings", "module-incidents-details"], "/incident-details"],
    ["scorings fifth", ["module-scorings", "module-scorecard"], "/ratings"],
    ["scorecard otherwise", ["module-scorecard"], "/scorecard"],
    ["form-student is not in the staff order", ["module-form-student", "module-strategic-vision"], "/scorecard"],
    ["no modules", [], "/scorecard"],
  ])("%s", (_name, modules, expected) => {
    for (const role of ["Director", "Coordinador", "Docente", "Enfermería", "Mi perfil", "familiar", ""]) {
      expect(landingView(role, modules)).toBe(expected);
    }
  });
});

describe("landing view, Familiar", () => {
  it.each([
    [
      "notifications first",
      ["module-form-student", "module-scorings", "module-incidents-details", "module-notifications"],
      "/notifications",
    ],
    [
      "incident details second",
      ["module-form-student", "module-scorings", "module-incidents-details"],
      "/incident-details",
    ],
    ["scorings third", ["module-form-student", "module-scorings"], "/ratings"],
    ["forms to parents fourth", ["module-scorecard", "module-form-student"], "/forms-parents"],
    ["scorecard otherwise", ["module-scorecard"], "/scorecard"],
    [
      "registration is not in the Familiar order",
      ["module-incidents-registration", "module-master-configuration"],
      "/scorecard",
    ],
    ["no modules", [], "/scorecard"],
  ])("%s", (_name, modules, expected) => {
    expect(landingView("Familiar", modules)).toBe(expected);
  });
});

describe("landing view while the school is being set up (issue 12 §2)", () => {
  const director = [
    "module-incidents-registration",
    "module-master-configuration",
    "module-notifications",
    "module-incidents-details",
  ];
  const schoolInfo = ["master-configuration-school-info.read"];
  const checklist = "/master-configuration/general-information";

  it.each([
    [
      "a Director of a school still being set up lands on the checklist",
      "Director",
      director,
      true,
      schoolInfo,
      checklist,
    ],
    ["so does any staff role that can complete the setup", "Coordinador", director, true, schoolInfo, checklist],
    [
      "updating the school information is enough",
      "Director",
      director,
      true,
      ["master-configuration-school-info.update"],
      checklist,
    ],
    [
      "once the seven stages are complete, the spec's order again",
      "Director",
      director,
      false,
      schoolInfo,
      "/register",
    ],
    [
      "without the master-configuration module: the spec's order",
      "Docente",
      ["module-incidents-registration"],
      true,
      schoolInfo,
      "/register",
    ],
    [
      "without the permission of the checklist's screen: the spec's order",
      "Director",
      director,
      true,
      ["master-configuration-subjects.read"],
      "/register",
    ],
    ["a Familiar never lands there", "Familiar", [...director], true, schoolInfo, "/notifications"],
  ])("%s", (_name, role, modules, pending, permissions, expected) => {
    expect(landingView(role, modules, { pending, permissions })).toBe(expected);
  });

  it("without setup information the spec's order applies", () => {
    expect(landingView("Director", director)).toBe("/register");
  });
});
