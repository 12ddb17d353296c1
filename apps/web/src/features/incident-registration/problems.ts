import type { TFunction } from "i18next";
import { focusFirstError } from "../../lib/form-errors.ts";

/**
 * The check before anything is sent: local problems (translation keys by field path) go on the fields and the
 * first one gets focus; true when there are none and the form may be sent.
 */
export function showProblems(
  form: { setErrors: (errors: Record<string, string>) => void },
  problems: Record<string, string>,
  t: TFunction,
) {
  if (Object.keys(problems).length === 0) return true;
  form.setErrors(Object.fromEntries(Object.entries(problems).map(([path, key]) => [path, t(key)])));
  focusFirstError(problems);
  return false;
}
