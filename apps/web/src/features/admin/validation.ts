import type { TFunction } from "i18next";

interface Issue {
  code: string;
  path: PropertyKey[];
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
}

interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly Issue[] } };
}

/** Messages for particular fields and issue codes, e.g. the school slug's own rule. */
export type Overrides = Record<string, Partial<Record<string, string>>>;

/**
 * Checks a form against the same zod request schema the server uses (packages/domain), so the web and the
 * API agree on every rule; each field gets its first problem in the user's language.
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
    errors[path] = empty ? t("common:messages.emptyFields") : (overrides[path]?.[issue.code] ?? message(issue, t));
  }
  return errors;
}

function message(issue: Issue, t: TFunction): string {
  switch (issue.code) {
    case "too_small":
      return t("admin:validation.tooShort", { min: Number(issue.minimum) });
    case "too_big":
      return t("admin:validation.tooLong", { max: Number(issue.maximum) });
    case "invalid_type":
      return t("admin:validation.invalid");
    case "invalid_format":
      if (issue.format === "email") return t("admin:validation.email");
      if (issue.format === "url") return t("admin:validation.url");
      return t("admin:validation.invalid");
    default:
      return t("admin:validation.invalid");
  }
}
