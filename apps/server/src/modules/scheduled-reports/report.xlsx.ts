import ExcelJS from "exceljs";
import { textCell } from "../../lib/spreadsheet-cells.ts";
import { dateTimeCell, dayCell, SHEET_FORMATS } from "../../lib/spreadsheet-dates.ts";
import { type ReportDocument, WORDS } from "./report.document.ts";

/**
 * A report as an XLSX (issue 31 §3): the table on its first sheet — header row frozen, autofilter, days and times as
 * real dates on the school's clock (lib/spreadsheet-dates.ts), typed text kept text (lib/spreadsheet-cells.ts) —
 * and the school, period and summary on a second. A report is at most REPORT_MAX_ROWS rows: written in memory.
 */
export async function reportXlsx(doc: ReportDocument): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = doc.school;
  workbook.title = doc.title;
  const sheet = workbook.addWorksheet(WORDS.sheet[doc.lang], { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = doc.columns.map((c) => ({ key: c.key, width: Math.max(8, c.width ?? 14) }));
  const header = sheet.addRow(doc.columns.map((c) => c.label[doc.lang]));
  header.font = { bold: true };
  for (const row of doc.rows) {
    const values = doc.columns.map((c) => {
      const value = row[c.key] ?? null;
      if (value === null || value === "") return null;
      if (c.kind === "dateTime") return dateTimeCell(new Date(String(value)), doc.timeZone);
      if (c.kind === "day") return dayCell(String(value));
      return textCell(value);
    });
    const added = sheet.addRow(values);
    doc.columns.forEach((c, i) => {
      if (c.kind === "dateTime") added.getCell(i + 1).numFmt = SHEET_FORMATS.dateTime;
      if (c.kind === "day") added.getCell(i + 1).numFmt = SHEET_FORMATS.date;
    });
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: doc.rows.length + 1, column: doc.columns.length } };

  const about = workbook.addWorksheet(WORDS.summarySheet[doc.lang]);
  about.columns = [{ width: 28 }, { width: 60 }];
  about.addRow([textCell(doc.school)]).font = { bold: true };
  about.addRow([textCell(doc.title)]).font = { bold: true, size: 14 };
  about.addRow([textCell(doc.type)]);
  about.addRow([textCell(doc.period)]);
  about.addRow([textCell(doc.generated)]);
  about.addRow([]);
  for (const line of doc.summary) about.addRow([textCell(line.label), line.value]);
  if (doc.rows.length === 0) about.addRow([WORDS.none[doc.lang]]);
  if (doc.truncated) about.addRow([WORDS.truncated[doc.lang](doc.rows.length)]);
  about.addRow([]);
  about.addRow([WORDS.confidential[doc.lang]]);
  const bytes = await workbook.xlsx.writeBuffer();
  return Buffer.from(bytes as ArrayBuffer);
}
