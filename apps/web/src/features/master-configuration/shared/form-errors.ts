import type { TFunction } from "i18next";
import { ApiError } from "../../../lib/api.ts";

interface Issue {
  code: string;
  path: PropertyKey[];
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
}

interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly Issue[] } };
}

/** Messages for particular fields, by zod issue code ("custom", "too_big", …) or "*" for any. */
export type Overrides = Record<string, Partial<Record<string, string>>>;

/**
 * Checks a form against the zod request schema the server uses (packages/domain), so web and API agree on every
 * rule. Each field gets its first problem; a missing required value reads 'empty fields' (spec §5).
 */
export function schemaErrors(schema: Schema, values: unknown, t: TFunction, overrides: Overrides = {}) {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.map(String).join(".");
    if (errors[path]) continue;
    const input = issue.path.reduce<unknown>(
      (v, key) => (v as Record<PropertyKey, unknown> | undefined)?.[key],
      values,
    );
    const empty = input === undefined || input === null || String(input).trim() === "";
    const own = overrides[path]?.[issue.code] ?? overrides[path]?.["*"];
    errors[path] = empty && issue.code !== "custom" ? t("common:messages.emptyFields") : (own ?? message(issue, t));
  }
  return errors;
}

function message(issue: Issue, t: TFunction): string {
  const numeric = issue.origin === "number";
  switch (issue.code) {
    case "too_small":
      return t(numeric ? "masterConfiguration:validation.min" : "masterConfiguration:validation.tooShort", {
        min: Number(issue.minimum),
      });
    case "too_big":
      return t(numeric ? "masterConfiguration:validation.max" : "masterConfiguration:validation.tooLong", {
        max: Number(issue.maximum),
      });
    case "invalid_format":
      return t(
        issue.format === "email" ? "masterConfiguration:validation.email" : "masterConfiguration:validation.invalid",
      );
    default:
      return t("masterConfiguration:validation.invalid");
  }
}

/**
 * What a failed save tells the user: the server's field errors go on the fields (already in the user's
 * language); the message is shown above the form unless the fields say it all.
 */
export function failureOf(error: unknown, fields: readonly string[]) {
  if (!(error instanceof ApiError)) return { message: (error as Error).message, fieldErrors: {} };
  const fieldErrors = Object.fromEntries(Object.entries(error.errors ?? {}).filter(([k]) => fields.includes(k)));
  const covered = Object.keys(fieldErrors).length > 0 && Object.keys(error.errors ?? {}).every((k) => k in fieldErrors);
  return { message: covered ? null : error.message, fieldErrors };
}

/** After a failed check, brings the first field with an error into view and focus (long forms hide them). */
export function focusFirstError(errors: Record<string, unknown>) {
  const first = Object.keys(errors)[0];
  if (!first) return;
  const field = document.querySelector<HTMLElement>(`[data-path="${CSS.escape(first)}"]`);
  field?.scrollIntoView({ block: "center", behavior: "smooth" });
  field?.focus({ preventScroll: true });
}
