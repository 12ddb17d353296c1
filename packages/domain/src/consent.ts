import type { Language } from "./constants.ts";
import type { ErrorCode } from "./errors.ts";
import texts from "./messages/consent-texts.json" with { type: "json" };

/**
 * Express consent of a family for categories of sensitive data of their child (issue 25 §4, LFPDPPP 2025): the
 * categories, their names and the texts a family member reads before granting or withdrawing. The texts are data
 * (messages/consent-texts.json); the server renders them and stores the rendered text with each record, so what a
 * record says is exactly what was shown, whatever the JSON says later.
 */
export const CONSENT_CATEGORIES = ["health", "disability", "external_support"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** Grant or withdraw: the two records a family member can write. */
export type ConsentAction = "grant" | "withdraw";

/** The category's name in the reader's language ("Salud", "Health"). */
export const consentCategoryLabel = (category: ConsentCategory, language: Language): string =>
  texts.categories[category].label[language];

/** What a text is rendered with: the child, the school and the privacy notice version in force. */
export interface ConsentTextValues {
  student: string;
  school: string;
  version: number;
}

/** The text a family member reads before `action` on `category`, in `language`, filled in. */
export function consentText(
  action: ConsentAction,
  category: ConsentCategory,
  language: Language,
  values: ConsentTextValues,
): string {
  const fill: Record<string, string> = {
    student: values.student,
    school: values.school,
    version: String(values.version),
    what: texts.categories[category].what[language],
  };
  return texts[action][language].replace(/\{(\w+)\}/g, (whole, key: string) => fill[key] ?? whole);
}

/**
 * The error a module gets from `requireConsent` when the category's consent is missing: one code per category, so
 * the message names the category in each language (the catalogue's placeholders take no translated values).
 */
export const CONSENT_MISSING_ERROR: Record<ConsentCategory, ErrorCode> = {
  health: "CONSENT_MISSING_HEALTH",
  disability: "CONSENT_MISSING_DISABILITY",
  external_support: "CONSENT_MISSING_EXTERNAL_SUPPORT",
};
