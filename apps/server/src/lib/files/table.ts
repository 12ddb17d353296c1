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

/**
 * A table as a few flat pieces, for the trip from the worker to the server's thread: copying one long string
 * and moving three typed arrays takes a millisecond, where structured-cloning 50 000 rows of strings held the
 * event loop for a quarter of a second or more.
 */
export interface PackedTable {
  headers: string[];
  /** Every cell of every row, one after the other. */
  text: string;
  /** Where each cell ends in `text`. */
  ends: Uint32Array;
  /** Each row's number, and how many cells it has. */
  numbers: Uint32Array;
  widths: Uint32Array;
}

export function packTable(table: Table): PackedTable {
  const cells = table.rows.reduce((sum, r) => sum + r.cells.length, 0);
  const ends = new Uint32Array(cells);
  const parts: string[] = [];
  let at = 0;
  let i = 0;
  for (const row of table.rows) {
    for (const cell of row.cells) {
      parts.push(cell);
      at += cell.length;
      ends[i++] = at;
    }
  }
  return {
    headers: table.headers,
    text: parts.join(""),
    ends,
    numbers: Uint32Array.from(table.rows, (r) => r.number),
    widths: Uint32Array.from(table.rows, (r) => r.cells.length),
  };
}

/** The table again, a batch of rows at a time with a turn of the event loop between batches. */
export async function unpackTable(packed: PackedTable, batch = 2_000): Promise<Table> {
  const rows: SheetRow[] = new Array(packed.numbers.length);
  let cell = 0;
  let start = 0;
  for (let r = 0; r < rows.length; r++) {
    if (r > 0 && r % batch === 0) await new Promise((resolve) => setImmediate(resolve));
    const cells = new Array<string>(packed.widths[r]!);
    for (let c = 0; c < cells.length; c++) {
      const end = packed.ends[cell++]!;
      cells[c] = packed.text.slice(start, end);
      start = end;
    }
    rows[r] = { number: packed.numbers[r]!, cells };
  }
  return { headers: packed.headers, rows };
}
