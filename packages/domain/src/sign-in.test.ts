import { describe, expect, it } from "vitest";
import { signInOutcome } from "./sign-in.ts";

const s = (id: string, is_active = true) => ({ id, is_active });

describe("signInOutcome (spec §4 login flow)", () => {
  it.each([
    [
      "password not updated goes to / first",
      { root: 0, password_updated: 0, schools: [s("a")] },
      { kind: "go", to: "/" },
    ],
    [
      "root with password not updated goes to /",
      { root: 1, password_updated: 0, schools: [] },
      { kind: "go", to: "/" },
    ],
    [
      "no school, not root: refused",
      { root: 0, password_updated: 1, schools: [] },
      { kind: "refuse", message: "noSchool" },
    ],
    [
      "root without school: school creator",
      { root: 1, password_updated: 1, schools: [] },
      { kind: "go", to: "/admin-school-creator" },
    ],
    [
      "one inactive school: deactivated",
      { root: 0, password_updated: 1, schools: [s("a", false)] },
      { kind: "refuse", message: "deactivated" },
    ],
    [
      "one active school: selected",
      { root: 0, password_updated: 1, schools: [s("a")] },
      { kind: "select", schoolId: "a" },
    ],
    [
      "several, none active: deactivated",
      { root: 0, password_updated: 1, schools: [s("a", false), s("b", false)] },
      { kind: "refuse", message: "deactivated" },
    ],
    [
      "several, some active: user chooses at /",
      { root: 0, password_updated: 1, schools: [s("a"), s("b", false)] },
      { kind: "go", to: "/" },
    ],
  ] as const)("%s", (_name, user, outcome) => {
    expect(signInOutcome(user)).toEqual(outcome);
  });
});
