import { IMPORT_MAX_ROWS, type ImportColumn, type Language } from "@convive/domain";
import ExcelJS from "exceljs";
import { AppError } from "../../lib/errors.ts";
import { textCells } from "../../lib/spreadsheet-cells.ts";
import { decodeText, parseCsv, toCsv } from "./csv.ts";
import { readXlsx } from "./xlsx-reader.ts";

/** A data row: its number in the spreadsheet (the header is row 1) and its cells as trimmed text. */
export interface SheetRow {
  number: number;
  cells: string[];
}

export interface Table {
  headers: string[];
  rows: SheetRow[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * The first sheet of an XLSX, or a CSV, as a header line and data rows. Blank rows are skipped but keep
 * their numbers counted, so a reported row number is the one the user sees in their spreadsheet.
 */
export async function readTable(data: Buffer): Promise<Table> {
  if (data.length === 0) throw new AppError("IMPORT_EMPTY");
  if (data.subarray(0, 4).equals(OLE_MAGIC)) throw new AppError("IMPORT_UNREADABLE");
  const records = data.subarray(0, 4).equals(ZIP_MAGIC) ? readXlsx(data) : parseCsv(decodeText(data));
  const [header, ...body] = records;
  if (!header || header.every((h) => h.trim() === "")) throw new AppError("IMPORT_EMPTY");
  const rows: SheetRow[] = [];
  body.forEach((cells, i) => {
    const trimmed = cells.map((c) => c.trim());
    if (trimmed.some((c) => c !== "")) rows.push({ number: i + 2, cells: trimmed });
  });
  if (rows.length === 0) throw new AppError("IMPORT_EMPTY");
  if (rows.length > IMPORT_MAX_ROWS) throw new AppError("IMPORT_TOO_MANY_ROWS", undefined, { max: IMPORT_MAX_ROWS });
  return { headers: header.map((h) => h.trim()), rows };
}

export const headerOf = (column: ImportColumn, lang: Language) => `${column[lang]}${column.required ? " *" : ""}`;

/**
 * A template: the headers in the reader's language (required ones marked *), one example row, every column
 * formatted as text so Excel keeps leading zeros (postal codes, enrollments), and a second sheet listing
 * the accepted values.
 */
export async function writeTemplate(
  columns: readonly ImportColumn[],
  lang: Language,
  format: "xlsx" | "csv",
  lists: { title: string; values: string[] }[],
): Promise<Buffer> {
  const headers = columns.map((c) => headerOf(c, lang));
  const example = columns.map((c) => c.example);
  if (format === "csv") return toCsv([headers, example]);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(lang === "es" ? "Datos" : "Data");
  sheet.columns = columns.map((c, i) => ({
    key: c.key,
    width: Math.max(14, headers[i]!.length + 4),
    style: { numFmt: "@" },
  }));
  sheet.addRow(headers).font = { bold: true };
  sheet.addRow(textCells(example));
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  const help = workbook.addWorksheet(lang === "es" ? "Valores permitidos" : "Allowed values");
  help.columns = lists.map((l) => ({ width: Math.max(16, l.title.length + 4) }));
  help.addRow(lists.map((l) => l.title)).font = { bold: true };
  const longest = Math.max(0, ...lists.map((l) => l.values.length));
  // School-named values (profiles, groups) are written as the school typed them, never as formulas.
  for (let i = 0; i < longest; i++) help.addRow(textCells(lists.map((l) => l.values[i] ?? "")));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
