import type { UserPayload } from "@convive/domain";
import i18n from "i18next";
import { describe, expect, it } from "vitest";
import { roleLabel } from "./UserBlock.tsx";

const teacher = { root: 0, roles: [{ id: 3, name: "Docente", name_en: "Teacher" }] } satisfies Pick<
  UserPayload,
  "root" | "roles"
>;

describe("the header's profile (issue 12 §6)", () => {
  it("reads in the reader's language", () => {
    expect(roleLabel(teacher, i18n.t, "en")).toBe("Teacher");
    expect(roleLabel(teacher, i18n.t, "es")).toBe("Docente");
  });

  it("keeps the school's own name when the profile has no English one, and is empty without a profile", () => {
    const own = { root: 0, roles: [{ id: 9, name: "Prefecto", name_en: null }] };
    expect(roleLabel(own, i18n.t, "en")).toBe("Prefecto");
    expect(roleLabel({ root: 0, roles: [] }, i18n.t, "en")).toBe("");
  });
});
