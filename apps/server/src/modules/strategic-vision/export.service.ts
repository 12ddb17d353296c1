import { formatNumber, type Language, type StrategicVisionQuery } from "@convive/domain";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import PDFDocument from "pdfkit";
import type { Db } from "../../db/client.ts";
import { FONT, useFonts } from "../../lib/pdf-fonts.ts";
import { textCell } from "../../lib/spreadsheet-cells.ts";
import type { Viewer } from "../incidents/index.ts";
import type { DashboardService } from "./dashboard.service.ts";
import type { EffectivenessService } from "./effectiveness.service.ts";
import { dashboardTables, rangeLine, type Table, titleOf } from "./export.tables.ts";

const MARGIN = 40;
const GREY = "#555555";
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The dashboard as a printable PDF and its tables as an XLSX workbook (issue 14 §1), from the same (at most a
 * minute old) figures the screen shows, in the reader's language. Both are a few pages of tables: built in
 * memory on the request, well under what the incident exports hand to the worker pool.
 */
export function createExportService(deps: {
  db: Db;
  dashboards: DashboardService;
  effectiveness: EffectivenessService;
}) {
  async function file(viewer: Viewer, query: StrategicVisionQuery, format: "pdf" | "xlsx") {
    const lang: Language = viewer.language ?? "es";
    const [dashboard, effectiveness, school] = await Promise.all([
      deps.dashboards.dashboard(viewer, query),
      deps.effectiveness.effectiveness(viewer, query),
      schoolOf(viewer.tenant.schoolId),
    ]);
    const tables = dashboardTables(dashboard, effectiveness, lang, school.timeZone);
    const heading = { title: titleOf(lang), school: school.name, range: rangeLine(dashboard, lang) };
    const name = `${lang === "es" ? "vision-estrategica" : "strategic-vision"}-${dashboard.range.today}.${format}`;
    // The early-warning table names students with their incident counts: the route logs a read of each.
    const studentIds = dashboard.early_warning.map((row) => row.student.id);
    if (format === "pdf") return { type: "application/pdf", name, body: await pdf(heading, tables, lang), studentIds };
    return { type: XLSX_TYPE, name, body: await xlsx(heading, tables), studentIds };
  }

  async function schoolOf(schoolId: string) {
    const result = (await deps.db.execute(
      sql`select name, time_zone from schools where id = ${schoolId}`,
    )) as unknown as { rows: { name: string; time_zone: string }[] };
    const row = result.rows[0];
    return { name: row?.name ?? "", timeZone: row?.time_zone ?? "America/Mexico_City" };
  }

  return { file };
}

export type ExportService = ReturnType<typeof createExportService>;

interface Heading {
  title: string;
  school: string;
  range: string;
}

/** A cell as the screen writes it: "—" for nothing, numbers by the one rule of numbers ("1,234", "1.5"). */
const cellIn = (lang: Language) => (value: string | number | null) =>
  value === null ? "—" : typeof value === "number" ? formatNumber(value, lang, 2) : value;

/** Tables drawn one after another, the first column wide, a new page when a row would not fit. */
function pdf(heading: Heading, tables: Table[], lang: Language): Promise<Buffer> {
  const cell = cellIn(lang);
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    info: { Title: heading.title, Author: heading.school },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const fonts = useFonts(doc);
  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN;

  fonts.face(FONT.bold).fontSize(16);
  fonts.text(heading.title);
  fonts.face(FONT.regular).fontSize(10).fillColor(GREY);
  fonts.text(`${heading.school} · ${heading.range}`);
  doc.fillColor("black").moveDown();

  for (const table of tables) {
    if (table.rows.length === 0) continue;
    const first = table.columns.length > 2 ? width * 0.34 : width * 0.6;
    const rest = (width - first) / Math.max(1, table.columns.length - 1);
    const xs = table.columns.map((_, i) => MARGIN + (i === 0 ? 0 : first + rest * (i - 1)));
    const widths = table.columns.map((_, i) => (i === 0 ? first : rest) - 4);
    const row = (values: (string | number | null)[], bold: boolean) => {
      fonts.face(bold ? FONT.bold : FONT.regular).fontSize(8.5);
      const height = Math.max(...values.map((v, i) => doc.heightOfString(cell(v), { width: widths[i] }))) + 3;
      if (doc.y + height > bottom()) doc.addPage();
      const y = doc.y;
      values.forEach((v, i) => {
        fonts.text(cell(v), xs[i]!, y, { width: widths[i], lineBreak: true });
      });
      doc.x = MARGIN;
      doc.y = y + height;
    };
    if (doc.y + 40 > bottom()) doc.addPage();
    fonts.face(FONT.bold).fontSize(11);
    fonts.text(table.title, MARGIN, doc.y);
    doc.moveDown(0.3);
    row(table.columns, true);
    doc
      .moveTo(MARGIN, doc.y - 1)
      .lineTo(MARGIN + width, doc.y - 1)
      .strokeColor("#cccccc")
      .stroke();
    for (const values of table.rows) row(values, false);
    doc.moveDown();
  }
  doc.end();
  return done;
}

/** One sheet per table (names cut to Excel's 31 characters), the header row bold and frozen. */
async function xlsx(heading: Heading, tables: Table[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Convive";
  workbook.title = heading.title;
  const used = new Set<string>();
  for (const table of tables) {
    let name = table.title.replace(/[\\/?*[\]:]/g, " ").slice(0, 31);
    for (let n = 2; used.has(name); n++) name = `${table.title.slice(0, 28)} ${n}`;
    used.add(name);
    const sheet = workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.addRow(table.columns).font = { bold: true };
    for (const values of table.rows) sheet.addRow(values.map((v) => (typeof v === "string" ? textCell(v) : v)));
    sheet.columns.forEach((column, i) => {
      column.width = i === 0 ? 42 : 18;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
