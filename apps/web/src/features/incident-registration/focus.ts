/** After a failed check, brings the first field with an error into view and focus (long forms hide them). */
export function focusFirstError(errors: Record<string, unknown>) {
  const first = Object.keys(errors)[0];
  if (!first) return;
  const field = document.querySelector<HTMLElement>(`[data-path="${CSS.escape(first)}"]`);
  field?.scrollIntoView({ block: "center", behavior: "smooth" });
  field?.focus({ preventScroll: true });
}
