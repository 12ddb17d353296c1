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
