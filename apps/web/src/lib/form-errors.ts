import { ApiError } from "./api.ts";

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
