import { describe, expect, it } from "vitest";
import { landingView } from "./landing.ts";
import { PATHS } from "./routes.ts";

describe("landing view, roles other than Familiar", () => {
  it.each([
    [
      "registration first",
      ["module-scorings", "module-incidents-registration", "module-master-configuration"],
      PATHS.register,
    ],
    [
      "observations-only key counts as registration",
      ["module-notifications", "create-accompaniment-observations"],
      PATHS.register,
    ],
    [
      "master configuration second",
      ["module-scorings", "module-notifications", "module-master-configuration"],
      PATHS.masterConfiguration,
    ],
    [
      "notifications third",
      ["module-scorings", "module-incidents-details", "module-notifications"],
      PATHS.notifications,
    ],
    ["incident details fourth", ["module-scorings", "module-incidents-details"], PATHS.incidentDetails],
    ["scorings fifth", ["module-scorings", "module-scorecard"], PATHS.ratings],
    ["scorecard otherwise", ["module-scorecard"], PATHS.scorecard],
    ["form-student is not in the staff order", ["module-form-student", "module-strategic-vision"], PATHS.scorecard],
    ["no modules", [], PATHS.scorecard],
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
      PATHS.notifications,
    ],
    [
      "incident details second",
      ["module-form-student", "module-scorings", "module-incidents-details"],
      PATHS.incidentDetails,
    ],
    ["scorings third", ["module-form-student", "module-scorings"], PATHS.ratings],
    ["forms to parents fourth", ["module-scorecard", "module-form-student"], PATHS.formsParents],
    ["scorecard otherwise", ["module-scorecard"], PATHS.scorecard],
    [
      "registration is not in the Familiar order",
      ["module-incidents-registration", "module-master-configuration"],
      PATHS.scorecard,
    ],
    ["no modules", [], PATHS.scorecard],
  ])("%s", (_name, modules, expected) => {
    expect(landingView("Familiar", modules)).toBe(expected);
  });
});
