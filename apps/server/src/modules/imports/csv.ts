/** Templates as CSV; uploaded CSVs are read in a file worker (lib/files/csv.ts). */
const quote = (value: string) => (/[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** CSV with a BOM (so Excel reads the accents as UTF-8) and CRLF line ends. */
export function toCsv(records: readonly (readonly string[])[]): Buffer {
  return Buffer.from(`\uFEFF${records.map((r) => r.map(quote).join(",")).join("\r\n")}\r\n`, "utf8");
}
