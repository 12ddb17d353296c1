/** Templates as CSV; uploaded CSVs are read in a file worker (lib/files/csv.ts). */

import { textCell } from "../../lib/spreadsheet-cells.ts";

const quote = (value: string) => (/[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** CSV with a BOM (so Excel reads the accents as UTF-8) and CRLF line ends; no cell can start a formula. */
export function toCsv(records: readonly (readonly string[])[]): Buffer {
  const lines = records.map((r) => r.map((cell) => quote(textCell(cell))).join(","));
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}
