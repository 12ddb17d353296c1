import { CsvError, parse } from "csv-parse/sync";
import { FileRefusal } from "./refusal.ts";
import { type SheetLimits, type SheetRecord, tooLarge } from "./xlsx.ts";

/**
 * CSV as spreadsheets write it, read with csv-parse. Excel in Spanish saves with ";" and often in
 * Windows-1252, and every value must stay text ("03940" keeps its zero, "2016-04-27" is not a Date), so the
 * encoding and the separator are decided here and csv-parse only splits.
 */

/** UTF-8 (with or without BOM), else Windows-1252 — what Excel's "CSV" means on Windows. */
export function decodeText(data: Uint8Array): string {
  const bytes = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The separator of the header line: whichever of ; , or tab it has most of outside quotes. */
export function separatorOf(text: string): string {
  const counts = new Map([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/** No line of an import template comes near this; a "line" that does is not a spreadsheet. */
const MAX_RECORD_CHARS = 1024 * 1024;

/**
 * RFC 4180 records (quoted fields may hold separators, doubled quotes and line breaks; a quote inside an
 * unquoted field is kept), numbered from 1 as a spreadsheet numbers them. Blank records are counted but not
 * kept. Past `maxRows` records with content, or a value past `maxColumns`, reading stops with the error.
 */
export function readCsv(text: string, limits: SheetLimits): SheetRecord[] {
  let number = 0;
  let withContent = 0;
  const onRecord = (cells: string[]): SheetRecord | null => {
    number++;
    if (cells.every((c) => c.trim() === "")) return null;
    if (++withContent > limits.maxRows + 1) {
      throw new FileRefusal("IMPORT_TOO_MANY_ROWS", undefined, { max: limits.maxRows });
    }
    if (cells.length > limits.maxColumns) {
      if (cells.slice(limits.maxColumns).some((c) => c.trim() !== "")) throw tooLarge(limits);
      cells.length = limits.maxColumns;
    }
    return { number, cells };
  };
  try {
    return parse(text, {
      delimiter: separatorOf(text),
      record_delimiter: ["\r\n", "\n", "\r"],
      relax_column_count: true,
      relax_quotes: true,
      max_record_size: MAX_RECORD_CHARS,
      // csv-parse keeps whatever on_record answers; its types only know arrays.
      on_record: onRecord as unknown as (cells: string[]) => string[] | null,
    }) as unknown as SheetRecord[];
  } catch (error) {
    if (error instanceof CsvError) throw error.code === "CSV_MAX_RECORD_SIZE" ? tooLarge(limits) : unreadable();
    throw error;
  }
}

const unreadable = () => new FileRefusal("IMPORT_UNREADABLE");
