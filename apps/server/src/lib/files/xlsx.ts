import { FileRefusal } from "./refusal.ts";
import {
  columnIndex,
  partPath,
  type Relationship,
  relationshipsHandlers,
  serialToDay,
  stringCollector,
  stylesHandlers,
  type WorkbookInfo,
  workbookHandlers,
} from "./xlsx-parts.ts";
import { attribute, localName, unescapeOoxml, XmlError, type XmlHandlers, xmlSink } from "./xml.ts";
import { walkZip, ZipFormatError, ZipLimitError } from "./zip.ts";

/**
 * The first sheet of an XLSX as rows of text, read as a stream: the archive through zip.ts (inflated bytes
 * counted, never past `maxInflatedBytes`), each part through saxes (xml.ts). Only rows that have cells are
 * kept, with their number, so `<row r="20000000">` costs one row, not twenty million. Past `maxRows` rows
 * with content, or a value in a column past `maxColumns`, reading stops with the error that says so.
 * Dates come out as YYYY-MM-DD, booleans as true/false, numbers as written (so "03940" stored as text keeps
 * its zero). exceljs (which builds a whole workbook model) still writes the templates; it never reads uploads.
 */
export interface SheetLimits {
  /** Data rows with content, the header not counted. */
  maxRows: number;
  maxColumns: number;
  /** Every part read, inflated, together. */
  maxInflatedBytes: number;
}

export interface SheetRecord {
  /** The row's number in the spreadsheet (1: the header). */
  number: number;
  cells: string[];
}

/** No real workbook has this many parts; an archive that does is not read any further. */
const MAX_PARTS = 5_000;

/** Past a cap of `limits`: the message names the columns and inflated megabytes allowed. */
export const tooLarge = (limits: SheetLimits) =>
  new FileRefusal("IMPORT_TOO_LARGE", undefined, {
    columns: limits.maxColumns,
    size: Math.round(limits.maxInflatedBytes / 1024 / 1024),
  });
const unreadable = () => new FileRefusal("IMPORT_UNREADABLE");

export function readXlsx(data: Uint8Array, limits: SheetLimits): SheetRecord[] {
  let budget = limits.maxInflatedBytes;
  /** One pass over the archive reading the named parts (lower-case paths) with their handlers; false: absent. */
  const readParts = (parts: Map<string, XmlHandlers>) => {
    const found = new Set<string>();
    let used = 0;
    try {
      walkZip(data, { maxEntries: MAX_PARTS, maxTotalBytes: budget }, (name) => {
        const handlers = parts.get(name.toLowerCase());
        if (!handlers) return null;
        const sink = xmlSink(
          budget,
          handlers,
          () => found.add(name.toLowerCase()),
          () => {
            throw tooLarge(limits);
          },
        );
        return {
          ...sink,
          onData: (chunk) => {
            used += chunk.length;
            sink.onData(chunk);
          },
        };
      });
    } catch (error) {
      if (error instanceof FileRefusal) throw error;
      if (error instanceof ZipLimitError) throw tooLarge(limits);
      if (error instanceof XmlError || error instanceof ZipFormatError) throw unreadable();
      throw error;
    }
    budget -= used;
    return found;
  };

  const workbook: WorkbookInfo = { date1904: false };
  const relationships: Relationship[] = [];
  readParts(
    new Map([
      ["xl/workbook.xml", workbookHandlers(workbook)],
      ["xl/_rels/workbook.xml.rels", relationshipsHandlers(relationships)],
    ]),
  );
  const target = (test: (r: Relationship) => boolean, fallback: string) => {
    const found = relationships.find(test);
    return (found ? partPath(found.target) : fallback).toLowerCase();
  };
  const sheetPath = target((r) => r.id === workbook.firstSheetId, "xl/worksheets/sheet1.xml");

  const shared: string[] = [];
  const isDate: boolean[] = [];
  readParts(
    new Map([
      [
        target((r) => r.type.endsWith("/sharedStrings"), "xl/sharedStrings.xml"),
        stringCollector("si", (s) => shared.push(s)),
      ],
      [target((r) => r.type.endsWith("/styles"), "xl/styles.xml"), stylesHandlers(isDate)],
    ]),
  );

  const rows: SheetRecord[] = [];
  const found = readParts(new Map([[sheetPath, sheetHandlers(rows, { shared, isDate, ...workbook }, limits)]]));
  if (!found.has(sheetPath)) throw unreadable();
  return rows;
}

interface Lookups {
  shared: readonly string[];
  isDate: readonly boolean[];
  date1904: boolean;
}

/** The sheet's <sheetData>: rows of cells, each cell's value as text. */
function sheetHandlers(rows: SheetRecord[], lookups: Lookups, limits: SheetLimits): XmlHandlers {
  let inSheetData = false;
  let row: string[] | null = null;
  let rowNumber = 0;
  let column = -1;
  let withContent = 0;
  let cell: { type?: string; style: number; column: number } | null = null;
  let raw: string | null = null;
  let inValue = false;
  let inline = "";
  const inlineText = stringCollector("is", (text) => {
    inline = text;
  });

  const cellText = (type: string | undefined, style: number): string => {
    if (type === "inlineStr") return inline;
    if (raw === null || type === "e") return "";
    if (type === "s") return lookups.shared[Number(raw)] ?? "";
    if (type === "str") return unescapeOoxml(raw);
    if (type === "d") return raw.slice(0, 10);
    if (type === "b") return raw === "1" ? "true" : "false";
    if (lookups.isDate[style]) return serialToDay(Number(raw), lookups.date1904);
    return String(Number(raw));
  };

  return {
    open: (tag) => {
      const name = localName(tag.name);
      if (name === "sheetData") inSheetData = true;
      else if (name === "row" && inSheetData) {
        const r = attribute(tag, "r");
        if (r !== undefined && !/^\d{1,9}$/.test(r)) throw unreadable();
        rowNumber = r === undefined ? rowNumber + 1 : Number(r);
        row = [];
        column = -1;
      } else if (name === "c" && row) {
        const ref = attribute(tag, "r");
        column = ref ? columnIndex(ref) : column + 1;
        cell = { type: attribute(tag, "t"), style: Number(attribute(tag, "s") ?? 0), column };
        raw = null;
        inline = "";
      } else if (name === "v" && cell) {
        inValue = true;
        raw = "";
      } else if (cell) inlineText.open!(tag);
    },
    text: (text) => {
      if (inValue) raw += text;
      else if (cell) inlineText.text!(text);
    },
    close: (tagName) => {
      const name = localName(tagName);
      if (name === "v") inValue = false;
      else if (name === "c" && cell && row) {
        const value = cellText(cell.type, cell.style);
        if (cell.column >= limits.maxColumns) {
          if (value.trim() !== "") throw tooLarge(limits);
        } else if (cell.column >= 0) row[cell.column] = value;
        cell = null;
      } else if (name === "row" && row) {
        if (row.length > 0) {
          const cells = Array.from(row, (c) => c ?? "");
          rows.push({ number: rowNumber, cells });
          // The header and at most maxRows data rows; one more and the file is refused as it stands.
          if (cells.some((c) => c.trim() !== "") && ++withContent > limits.maxRows + 1) {
            throw new FileRefusal("IMPORT_TOO_MANY_ROWS", undefined, { max: limits.maxRows });
          }
        }
        row = null;
      } else if (name === "sheetData") inSheetData = false;
      else if (cell) inlineText.close!(tagName);
    },
  };
}
