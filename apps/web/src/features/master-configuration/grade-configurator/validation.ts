import type { TFunction } from "i18next";
import { schemaErrors } from "../../../lib/form-validation.ts";

interface Schema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { code: string; message?: string; path: PropertyKey[] }[] };
  };
}

/** Refusals the domain's scale rules name by code; their text lives in gradeConfig.errors. */
const OWN = new Set([
  "SCALE_RANGE",
  "SCALE_PASSING",
  "DUPLICATE_CODE",
  "INVALID_CODE",
  "INVALID_COLOUR",
  "NAME_HYPHEN_ONLY",
]);

/**
 * The form checked against the request schema the server uses, as every configurator does, with the grade rules'
 * own messages (a passing mark off the scale, two levels with one code…) instead of a generic "check this field".
 */
export function gradeErrors(schema: Schema, values: unknown, t: TFunction): Record<string, string> {
  const errors = schemaErrors(schema, values, t);
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    if (issue.message && OWN.has(issue.message)) {
      const path = issue.path.map(String).join(".");
      errors[path] = t(`gradeConfig:errors.${issue.message}`);
    }
  }
  return errors;
}
