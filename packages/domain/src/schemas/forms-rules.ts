// The rules of forms to parents (issue 29 §1, §2) as pure functions, read by the server (which enforces them) and
// by the web (the configurator's checks, the family's screen and the live preview show the same questions).
import type { Language } from "../constants.ts";
import {
  type AnswerValue,
  CHOICE_TYPES,
  FORM_LIMITS,
  type FormAnswers,
  type FormField,
  type FormOption,
} from "./forms.ts";

/** What a rule found wrong, by path (`fields.2.options`, `answers.q3`): a code of the error catalogue. */
export type FormIssues = Record<string, FormIssueCode>;
export type FormIssueCode =
  | "FORM_FIELD_DUPLICATE"
  | "FORM_OPTIONS_INVALID"
  | "FORM_CONDITION_INVALID"
  | "FORM_FIELD_REQUIRED"
  | "FORM_ANSWER_INVALID";

const YES_NO: FormOption[] = [
  { value: "yes", label: "Sí", label_en: "Yes" },
  { value: "no", label: "No", label_en: "No" },
];

const isChoice = (field: Pick<FormField, "type">) => (CHOICE_TYPES as readonly string[]).includes(field.type);

/** A question's options: its own for choices, yes/no for yes/no, none otherwise. */
export const optionsOf = (field: Pick<FormField, "type" | "options">): FormOption[] =>
  field.type === "yes_no"
    ? YES_NO
    : field.type === "single_choice" || field.type === "multiple_choice"
      ? field.options
      : [];

/** A label (question, option) in the reader's language. */
export const labelIn = (item: { label: string; label_en: string }, language: Language) =>
  language === "en" ? item.label_en : item.label;

/**
 * The configurator's structural rules: unique keys; choices with at least two options of unique values and no
 * options elsewhere; a condition names an EARLIER choice question (so conditions never loop) and one of its options.
 */
export function checkDefinition(fields: readonly FormField[]): FormIssues {
  const issues: FormIssues = {};
  const seen = new Map<string, FormField>();
  fields.forEach((field, i) => {
    if (seen.has(field.key)) issues[`fields.${i}.key`] = "FORM_FIELD_DUPLICATE";
    const values = field.options.map((o) => o.value);
    const ownOptions = field.type === "single_choice" || field.type === "multiple_choice";
    if (ownOptions ? values.length < 2 || new Set(values).size !== values.length : values.length > 0) {
      issues[`fields.${i}.options`] = "FORM_OPTIONS_INVALID";
    }
    if (field.condition) {
      const source = seen.get(field.condition.field);
      if (!source || !isChoice(source) || !optionsOf(source).some((o) => o.value === field.condition!.equals)) {
        issues[`fields.${i}.condition`] = "FORM_CONDITION_INVALID";
      }
    }
    if (!seen.has(field.key)) seen.set(field.key, field);
  });
  return issues;
}

const matches = (value: AnswerValue | undefined, equals: string) =>
  Array.isArray(value) ? value.includes(equals) : value === equals;

/** Whether a question is shown for these answers: no condition, or its source shown and holding the value. */
export function isShown(field: FormField, fields: readonly FormField[], answers: FormAnswers, depth = 0): boolean {
  if (!field.condition) return true;
  const source = fields.find((f) => f.key === field.condition!.field);
  // A definition always passed checkDefinition (earlier source); the depth bound guards a stored one that did not.
  if (!source || depth > fields.length) return false;
  return isShown(source, fields, answers, depth + 1) && matches(answers[source.key], field.condition.equals);
}

/** The questions a family sees for these answers, in order. */
export const shownFields = (fields: readonly FormField[], answers: FormAnswers) =>
  fields.filter((f) => isShown(f, fields, answers));

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) =>
  DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

const isEmpty = (value: AnswerValue | undefined) =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0);

/** Whether a non-empty value fits the question's type (and options). */
export function fitsField(field: FormField, value: AnswerValue): boolean {
  const options = optionsOf(field).map((o) => o.value);
  switch (field.type) {
    case "short_text":
      return typeof value === "string" && value.length <= FORM_LIMITS.shortText && !/[\r\n]/.test(value);
    case "long_text":
      return typeof value === "string" && value.length <= FORM_LIMITS.longText;
    case "single_choice":
    case "yes_no":
      return typeof value === "string" && options.includes(value);
    case "multiple_choice":
      return Array.isArray(value) && new Set(value).size === value.length && value.every((v) => options.includes(v));
    case "date":
      return typeof value === "string" && isDay(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "file":
      return typeof value === "number" && Number.isInteger(value) && value > 0;
    case "acknowledgement":
      return (
        typeof value === "object" &&
        value !== null &&
        !Array.isArray(value) &&
        value.accepted === true &&
        value.signer.trim().length >= 2
      );
  }
}

/**
 * Checks a family's answers against the version's questions. Answers to questions not shown (their condition not
 * met) are dropped from `answers`; unknown keys and values of the wrong kind are invalid; on `submit`, every shown
 * required question needs an answer (a draft may leave them empty).
 */
export function checkAnswers(
  fields: readonly FormField[],
  given: FormAnswers,
  options: { submit: boolean },
): { answers: FormAnswers; issues: FormIssues } {
  const issues: FormIssues = {};
  const known = new Set(fields.map((f) => f.key));
  for (const key of Object.keys(given)) if (!known.has(key)) issues[`answers.${key}`] = "FORM_ANSWER_INVALID";
  const answers: FormAnswers = {};
  for (const field of fields) {
    if (!isShown(field, fields, given)) continue;
    const value = given[field.key];
    if (isEmpty(value)) {
      if (options.submit && field.required) issues[`answers.${field.key}`] = "FORM_FIELD_REQUIRED";
      continue;
    }
    if (!fitsField(field, value!)) issues[`answers.${field.key}`] = "FORM_ANSWER_INVALID";
    else answers[field.key] = typeof value === "string" ? value.trim() : value!;
  }
  return { answers, issues };
}

/** The file ids an answer holds (file questions), for the server to claim them. */
export const fileIdsOf = (fields: readonly FormField[], answers: FormAnswers): number[] =>
  fields.filter((f) => f.type === "file" && typeof answers[f.key] === "number").map((f) => answers[f.key] as number);

/** A value as a reader reads it in a list, an export or a summary (option labels in the reader's language). */
export function answerText(field: FormField, value: AnswerValue | undefined, language: Language): string {
  if (isEmpty(value)) return "";
  const label = (v: string) => {
    const option = optionsOf(field).find((o) => o.value === v);
    return option ? labelIn(option, language) : v;
  };
  if (Array.isArray(value)) return value.map(label).join(", ");
  if (typeof value === "object" && value !== null) {
    return `${language === "en" ? "Accepted" : "Aceptado"}: ${value.signer}`;
  }
  if (isChoice(field) && typeof value === "string") return label(value);
  return String(value);
}
