import { PassThrough, type Readable } from "node:stream";
import {
  type Classification,
  type ExportQuery,
  INCIDENT_LIMITS,
  type IncidentStatus,
  type Language,
  localizedName,
} from "@convive/domain";
import ExcelJS from "exceljs";
import type { Db } from "../../db/client.ts";
import { textCells } from "../../lib/spreadsheet-cells.ts";
import { dateTimeCell, dayCell, SHEET_FORMATS, timeCell } from "../../lib/spreadsheet-dates.ts";
import { pageOfIds } from "./archive.plan.ts";
import { type LoadedIncident, loadIncidents } from "./archive.present.ts";
import { archiveSpec } from "./archive.query.ts";
import { schoolClock, studentsOfIncidents } from "./archive.repository.ts";
import { schoolDay } from "./details.actions.ts";
import { CLASSIFICATION, EXPORT_COLUMNS, type ExportColumn, ROLE, STATUS, say, WORDS } from "./export.labels.ts";
import { redactorOf } from "./redaction.ts";
import { resolveScope, type Viewer } from "./scope.ts";

/** Incidents loaded per round trip while the file is written. */
const CHUNK = 500;

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The archive's filtered list as an XLSX file: same filters, order and scope as GET /api/incidents, one row per
 * incident, at most INCIDENT_LIMITS.maxExportRows, headers and values in the reader's language and times on the
 * school's clock: date and time columns hold real dates and times (lib/spreadsheet-dates.ts), and the header row
 * carries an autofilter over the rows written. The workbook is streamed: rows are loaded in chunks and written as they come, so a 50 000-row
 * export never holds the whole sheet in memory.
 */
export function createExportService(deps: { db: Db; log: (message: string) => void }) {
  const { db } = deps;

  async function exportXlsx(viewer: Viewer, query: ExportQuery, lang: Language) {
    const [scope, clock] = await Promise.all([resolveScope(db, viewer), schoolClock(db, viewer.tenant.schoolId)]);
    const spec = await archiveSpec(db, scope, query, clock.timeZone);
    const { ids } = await pageOfIds(db, spec, query.sort, INCIDENT_LIMITS.maxExportRows, 0, "none");
    // Every student the workbook names: the route logs the read once per student before the file leaves.
    const studentIds = await studentsOfIncidents(db, viewer.tenant.schoolId, ids);
    // A family's workbook: every cell's text through the one family reader, in its incident's context.
    const redactor = await redactorOf(db, scope);
    const filename = `${say(WORDS.file, lang)}-${schoolDay(new Date(), clock.timeZone)}.xlsx`;

    const stream = new PassThrough();
    const write = async () => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
      const sheet = workbook.addWorksheet(say(WORDS.sheet, lang), { views: [{ state: "frozen", ySplit: 1 }] });
      sheet.columns = EXPORT_COLUMNS.map((c) => ({ key: c.key, width: c.width }));
      const header = sheet.addRow(EXPORT_COLUMNS.map((c) => c[lang]));
      header.font = { bold: true };
      header.commit();
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: ids.length + 1, column: EXPORT_COLUMNS.length } };
      for (let i = 0; i < ids.length; i += CHUNK) {
        const loaded = await loadIncidents(db, scope, ids.slice(i, i + CHUNK), lang);
        for (const incident of loaded) {
          const values = cells(incident, lang, clock.timeZone);
          if (redactor.active) {
            for (const [key, value] of Object.entries(values)) {
              if (typeof value === "string") values[key as ExportColumn] = redactor.text(value, incident.studentIds);
            }
          }
          const row = sheet.addRow(textCells(values));
          for (const [key, format] of DATE_COLUMNS) row.getCell(key).numFmt = SHEET_FORMATS[format];
          row.commit();
        }
      }
      sheet.commit();
      await workbook.commit();
    };
    write().catch((error: unknown) => {
      deps.log(`incident export failed: ${error instanceof Error ? error.message : String(error)}`);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return { filename, stream: stream as Readable, rows: ids.length, studentIds };
  }

  return { exportXlsx };
}

export type ExportService = ReturnType<typeof createExportService>;

/** The columns that hold dates or times, and the format each is shown in. */
const DATE_COLUMNS: readonly [ExportColumn, keyof typeof SHEET_FORMATS][] = [
  ["date", "date"],
  ["time", "time"],
  ["closed_at", "dateTime"],
  ["cancelled_at", "dateTime"],
];
const stamp = (at: Date | null, timeZone: string) => (at ? dateTimeCell(at, timeZone) : null);

function cells({ row, students }: LoadedIncident, lang: Language, timeZone: string): Record<ExportColumn, unknown> {
  return {
    folio: row.folio,
    date: dayCell(schoolDay(row.occurredAt, timeZone)),
    time: timeCell(row.occurredAt, timeZone),
    status: say(STATUS[row.status as IncidentStatus], lang),
    category: localizedName(row.category, lang),
    type: localizedName(row.type, lang),
    classification: say(CLASSIFICATION[row.classification as Classification], lang),
    students: students.map((s) => `${s.name ?? say(WORDS.otherStudent, lang)} (${say(ROLE[s.role], lang)})`).join("; "),
    group: row.groupId === null ? "" : row.groupLabel,
    subject: row.subjectName ?? "",
    place: row.place ?? "",
    detail: row.detail,
    recorded_by: row.recorderName,
    closed_at: stamp(row.closedAt, timeZone),
    closed_by: row.closerName ?? "",
    closing_note: row.closingNote ?? "",
    cancelled_at: stamp(row.cancelledAt, timeZone),
    cancelled_by: row.cancellerName ?? "",
    cancel_reason: row.cancelReason ?? "",
  };
}
