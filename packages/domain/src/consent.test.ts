import { describe, expect, it } from "vitest";
import { CONSENT_CATEGORIES, CONSENT_MISSING_ERROR, consentCategoryLabel, consentText } from "./consent.ts";
import { LANGUAGES } from "./constants.ts";
import { ERRORS } from "./errors.ts";

const values = { student: "Ana Pérez Ruiz", school: "Colegio Hidalgo", version: 3 };

describe("consent texts", () => {
  it.each(CONSENT_CATEGORIES.flatMap((c) => LANGUAGES.map((l) => [c, l] as const)))(
    "%s in %s: both texts name the child, the school and the notice version, with no placeholder left",
    (category, language) => {
      for (const action of ["grant", "withdraw"] as const) {
        const text = consentText(action, category, language, values);
        expect(text).toContain("Ana Pérez Ruiz");
        expect(text).toContain("Colegio Hidalgo");
        expect(text).toMatch(/\b3\b/);
        expect(text).not.toMatch(/[{}]/);
      }
      expect(consentCategoryLabel(category, language)).not.toBe("");
    },
  );

  it("reads in the language asked for", () => {
    expect(consentText("grant", "health", "es", values)).toMatch(/^Como madre, padre o tutor/);
    expect(consentText("grant", "health", "en", values)).toMatch(/^As the mother, father or guardian/);
    expect(consentText("withdraw", "health", "es", values)).toContain("retiro mi consentimiento expreso");
    expect(consentCategoryLabel("disability", "es")).toBe("Discapacidad e inclusión");
    expect(consentCategoryLabel("external_support", "en")).toBe("External support");
  });

  it("has a translated error per category for a missing consent", () => {
    for (const category of CONSENT_CATEGORIES) {
      const error = ERRORS[CONSENT_MISSING_ERROR[category]];
      expect(error.status).toBe(409);
      expect(error.es.toLowerCase()).toContain(consentCategoryLabel(category, "es").toLowerCase());
      expect(error.en.toLowerCase()).toContain(consentCategoryLabel(category, "en").toLowerCase());
    }
  });
});
