import type { TFunction } from "i18next";

interface Issue {
  code: string;
  message?: string;
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
      return t(numeric ? "common:validation.min" : "common:validation.tooShort", {
        min: Number(issue.minimum),
      });
    case "too_big":
      return t(numeric ? "common:validation.max" : "common:validation.tooLong", {
        max: Number(issue.maximum),
      });
    case "custom":
      // singleLine()/multiLine() of packages/domain name their refusal by error code.
      return issue.message === "CONTROL_CHARACTERS"
        ? t("common:validation.controlCharacters")
        : t("common:validation.invalid");
    case "invalid_format":
      if (issue.format === "email") return t("common:validation.email");
      if (issue.format === "url") return t("common:validation.url");
      return t("common:validation.invalid");
    default:
      return t("common:validation.invalid");
  }
}
