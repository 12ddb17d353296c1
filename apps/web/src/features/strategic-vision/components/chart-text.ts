/**
 * Texts drawn from a chart's own figures (issue 26 §6: captions that match the bars, axis labels that do not
 * overlap).
 */

/** A label cut to one line of an axis `max` characters wide, with an ellipsis; the table and tooltip say it whole. */
export function tickLabel(label: string, max: number): string {
  return label.length <= max ? label : `${label.slice(0, Math.max(1, max - 1)).trimEnd()}…`;
}

/** "a, b y c" / "a, b and c" in the reader's language. */
export function listOf(items: string[], lang: string): string {
  return new Intl.ListFormat(lang === "en" ? "en" : "es", { style: "long", type: "conjunction" }).format(items);
}

/** The bars that share the largest value (several when tied), in their order. */
export function largest<T extends { value: number }>(bars: readonly T[]): T[] {
  const top = Math.max(...bars.map((b) => b.value));
  return bars.filter((b) => b.value === top);
}
