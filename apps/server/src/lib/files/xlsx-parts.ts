import { attribute, localName, unescapeOoxml, type XmlHandlers } from "./xml.ts";

/**
 * The small parts of an XLSX the sheet's values depend on: which sheet is first (workbook + relationships),
 * which cell styles are dates (styles), the shared strings, and the date system. Each is a set of saxes
 * handlers (xml.ts) filling a plain object.
 */

export interface WorkbookInfo {
  /** The relationship id of the first sheet. */
  firstSheetId?: string;
  date1904: boolean;
}

export function workbookHandlers(info: WorkbookInfo): XmlHandlers {
  return {
    open: (tag) => {
      const name = localName(tag.name);
      if (name === "sheet" && info.firstSheetId === undefined) info.firstSheetId = attribute(tag, "id", true);
      else if (name === "workbookPr") info.date1904 = ["1", "true"].includes(attribute(tag, "date1904") ?? "");
    },
  };
}

export interface Relationship {
  id: string;
  target: string;
  type: string;
}

export function relationshipsHandlers(list: Relationship[]): XmlHandlers {
  return {
    open: (tag) => {
      if (localName(tag.name) !== "Relationship") return;
      list.push({
        id: attribute(tag, "Id") ?? "",
        target: attribute(tag, "Target") ?? "",
        type: attribute(tag, "Type") ?? "",
      });
    },
  };
}

/** A workbook relationship's part path: targets are relative to xl/, or absolute from the archive's root. */
export const partPath = (target: string) => (target.startsWith("/") ? target.slice(1) : `xl/${target}`);

/** Built-in number formats that are dates or times (ECMA-376 §18.8.30). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** Whether a custom format shows a date: d, m, y, h or s outside quoted text, [colours] and escapes. */
const isDateFormat = (code: string) => /[dmyhs]/i.test(code.slice(0, 1_000).replace(/"[^"]*"|\[[^\]]*\]|\\./g, ""));

/** Fills `isDate`: for each cell style index, whether its number format shows a date. */
export function stylesHandlers(isDate: boolean[]): XmlHandlers {
  const custom = new Map<number, boolean>();
  let inCellXfs = false;
  return {
    open: (tag) => {
      const name = localName(tag.name);
      if (name === "numFmt") {
        custom.set(Number(attribute(tag, "numFmtId")), isDateFormat(attribute(tag, "formatCode") ?? ""));
      } else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) {
        const id = Number(attribute(tag, "numFmtId") ?? 0);
        isDate.push(custom.get(id) ?? DATE_FORMAT_IDS.has(id));
      }
    },
    close: (name) => {
      if (localName(name) === "cellXfs") inCellXfs = false;
    },
  };
}

/**
 * Collects the visible text of rich or plain strings (<si> in sharedStrings, <is> in a cell): their <t> runs,
 * without phonetic guides (<rPh>). `container` is the element that holds one string.
 */
export function stringCollector(container: "si" | "is", onString: (text: string) => void) {
  let text: string | null = null;
  let inRun = false;
  let inPhonetic = false;
  const handlers: XmlHandlers = {
    open: (tag) => {
      const name = localName(tag.name);
      if (name === container) text = "";
      else if (name === "rPh") inPhonetic = true;
      else if (name === "t" && text !== null && !inPhonetic) inRun = true;
    },
    text: (chunk) => {
      if (inRun) text += chunk;
    },
    close: (name) => {
      const local = localName(name);
      if (local === "t") inRun = false;
      else if (local === "rPh") inPhonetic = false;
      else if (local === container && text !== null) {
        onString(unescapeOoxml(text));
        text = null;
      }
    },
  };
  return handlers;
}

/** A date serial (days since 1899-12-30, or since 1904-01-01 in the 1904 system) as YYYY-MM-DD. */
export function serialToDay(serial: number, date1904: boolean): string {
  const base = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  // Excel counts a 29 February 1900 that never was: serials before it are one day off.
  const days = Math.floor(serial) + (!date1904 && serial < 61 ? 1 : 0);
  const date = new Date(base + days * 86_400_000);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 10);
}

/** "BC" → 54 (0-based column index) from a cell reference "BC12"; Infinity past column XFD (16 384). */
export function columnIndex(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
    if (n > 16_384) return Number.POSITIVE_INFINITY;
  }
  return n - 1;
}
