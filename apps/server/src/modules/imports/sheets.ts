import type { ImportColumn, Language } from "@convive/domain";
import ExcelJS from "exceljs";
import { textCells } from "../../lib/spreadsheet-cells.ts";
import { toCsv } from "./csv.ts";

/** Uploads are read in a file worker (lib/files/table.ts); the plans take its table. */
export type { SheetRow, Table } from "../../lib/files/table.ts";

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
