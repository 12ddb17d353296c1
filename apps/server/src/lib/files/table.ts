import { decodeText, readCsv } from "./csv.ts";
import { FileRefusal } from "./refusal.ts";
import { readXlsx, type SheetLimits, type SheetRecord } from "./xlsx.ts";
import { isZip } from "./zip.ts";

/** A data row: its number in the spreadsheet (the header is row 1) and its cells as trimmed text. */
export interface SheetRow {
  number: number;
  cells: string[];
}

export interface Table {
  headers: string[];
  rows: SheetRow[];
}

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

/**
 * The first sheet of an XLSX, or a CSV, as a header line (row 1) and data rows. Blank rows are skipped but
 * keep their numbers counted, so a reported row number is the one the user sees in their spreadsheet.
 * Runs in a file worker (lib/file-pool.ts).
 */
export function readTable(data: Uint8Array, limits: SheetLimits): Table {
  if (data.length === 0) throw new FileRefusal("IMPORT_EMPTY");
  // An old binary .xls: not read, the message asks for XLSX or CSV.
  if (OLE_MAGIC.every((b, i) => data[i] === b)) throw new FileRefusal("IMPORT_UNREADABLE");
  const records: SheetRecord[] = isZip(data) ? readXlsx(data, limits) : readCsv(decodeText(data), limits);
  const header = records.find((r) => r.number === 1)?.cells;
  if (!header || header.every((h) => h.trim() === "")) throw new FileRefusal("IMPORT_EMPTY");
  const rows: SheetRow[] = [];
  for (const record of records) {
    if (record.number <= 1) continue;
    const cells = record.cells.map((c) => c.trim());
    if (cells.some((c) => c !== "")) rows.push({ number: record.number, cells });
  }
  if (rows.length === 0) throw new FileRefusal("IMPORT_EMPTY");
  if (rows.length > limits.maxRows) throw new FileRefusal("IMPORT_TOO_MANY_ROWS", undefined, { max: limits.maxRows });
  return { headers: header.map((h) => h.trim()), rows };
}
