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

/**
 * For a `.catch` on a save: a 409 the server pins on `field` (a slug or a membership already taken) reads as the
 * screen's own sentence on that field instead of the server's generic one.
 */
export const conflictOn = (field: string, message: () => string) => (error: unknown) => {
  if (error instanceof ApiError && error.code === "CONFLICT" && error.errors?.[field]) {
    throw new ApiError(error.status, error.code, error.message, { ...error.errors, [field]: message() });
  }
  throw error;
};
