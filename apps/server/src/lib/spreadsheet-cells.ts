/**
 * Text a person typed, written into a spreadsheet the school downloads (the incident export, import templates),
 * must stay text: Excel, LibreOffice and Sheets run a cell that begins with `=`, `+`, `-` or `@` (and, through
 * CSV, one that begins with a tab or a carriage return) as a formula, so `=HYPERLINK("http://evil…")` typed as
 * an incident's detail would become a live link in the Director's copy (OWASP "CSV injection"). A leading
 * apostrophe is what the spreadsheets themselves use to say "this is text".
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The value to write into a cell: strings that would start a formula get a leading apostrophe. */
export function textCell<T>(value: T): T | string {
  return typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : value;
}

/** Every cell of a row, as an array or as values by column key. */
export function textCells<T>(row: readonly T[]): (T | string)[];
export function textCells<K extends string, T>(row: Record<K, T>): Record<K, T | string>;
export function textCells(row: readonly unknown[] | Record<string, unknown>) {
  if (Array.isArray(row)) return row.map(textCell);
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, textCell(value)]));
}
