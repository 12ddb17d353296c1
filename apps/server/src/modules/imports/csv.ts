/**
 * CSV as spreadsheets write it. Read by hand rather than through exceljs's CSV reader because Excel in Spanish
 * saves with ";" and often in Windows-1252, and every value must stay text (exceljs turns "03940" into 3940
 * and "2016-04-27" into a Date).
 */

import { textCell } from "../../lib/spreadsheet-cells.ts";

/** UTF-8 (with or without BOM), else Windows-1252 — what Excel's "CSV" means on Windows. */
export function decodeText(data: Buffer): string {
  const bytes = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The separator of the header line: whichever of ; , or tab it has most of outside quotes. */
function separatorOf(text: string): string {
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

/** RFC 4180 records: quoted fields may hold separators, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const sep = separatorOf(text);
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === sep) {
      record.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

const quote = (value: string) => (/[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** CSV with a BOM (so Excel reads the accents as UTF-8) and CRLF line ends; no cell can start a formula. */
export function toCsv(records: readonly (readonly string[])[]): Buffer {
  const lines = records.map((r) => r.map((cell) => quote(textCell(cell))).join(","));
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}
