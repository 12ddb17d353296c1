import {
  type FamilyReadLog,
  formatDateTime,
  type Language,
  type ReadLogPage,
  type ReadLogQuery,
} from "@convive/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { schools } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { sensitiveKindLabel } from "../../lib/read-log.ts";
import { textCell } from "../../lib/spreadsheet-cells.ts";
import type { Viewer } from "../incidents/index.ts";
import { openableFile } from "../student-file/index.ts";
import * as repo from "./read-log.repository.ts";

export interface LogReader {
  schoolId: string;
  language: Language;
}

/**
 * The student's read log for whoever holds `read-log` (the route's rule): a page, newest first. The family-facing
 * view comes with the due-process issue; it will read the same rows.
 */
export function createReadLogService(deps: { db: Db }) {
  const { db } = deps;

  async function page(reader: LogReader, studentId: number, query: ReadLogQuery): Promise<ReadLogPage> {
    const { schoolId, language } = reader;
    if (!(await repo.studentExists(db, schoolId, studentId))) throw new AppError("NOT_FOUND");
    const offset = (query.page - 1) * query.per_page;
    const [total, rows] = await Promise.all([
      repo.countReads(db, schoolId, studentId),
      repo.pageOfReads(db, schoolId, studentId, query.per_page, offset),
    ]);
    return {
      entries: rows.map((r) => ({
        id: r.id,
        read_at: r.readAt.toISOString(),
        kind: r.kind,
        kind_label: sensitiveKindLabel(r.kind, language),
        record_id: r.recordId,
        // A user since removed keeps their id; the name is gone with them.
        user: { id: r.userId, name: r.userName ?? `#${r.userId}` },
        profile: r.profileName,
        session: { id: r.sessionId, device: r.device },
      })),
      total,
      page: query.page,
      per_page: query.per_page,
    };
  }

  /**
   * The family's view of their child's log (issue 30 §4): a family member of the student only (another family or
   * school 404, staff 403 — they read the full log with `read-log`). Names and profiles, newest first.
   */
  async function forFamily(viewer: Viewer, studentId: number, query: ReadLogQuery): Promise<FamilyReadLog> {
    const { family } = await openableFile(db, viewer, studentId);
    if (!family) throw new AppError("FORBIDDEN");
    const offset = (query.page - 1) * query.per_page;
    const { total, rows } = await repo.familyPage(db, viewer.tenant.schoolId, studentId, query.per_page, offset);
    return {
      entries: rows.map((r) => ({
        read_at: r.readAt.toISOString(),
        kind_label: sensitiveKindLabel(r.kind, viewer.language ?? "es"),
        reader: r.userName ?? `#${r.userId}`,
        profile: r.profileName,
      })),
      total,
      page: query.page,
      per_page: query.per_page,
    };
  }

  /**
   * One student's log as CSV for the Director (issue 30 §4), newest first, dates on the school's clock in the
   * reader's language; typed text stays text (textCell). Semicolon-free quoting: every cell is quoted.
   */
  async function csv(reader: LogReader, studentId: number): Promise<{ name: string; body: string }> {
    const { schoolId, language } = reader;
    if (!(await repo.studentExists(db, schoolId, studentId))) throw new AppError("NOT_FOUND");
    const [school] = await db.select({ tz: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
    const timeZone = school?.tz ?? "America/Mexico_City";
    const rows = await repo.allReads(db, schoolId, studentId);
    const head =
      language === "es"
        ? ["Fecha", "Quién", "Perfil", "Qué", "Registro", "Sesión", "Dispositivo"]
        : ["Date", "Who", "Profile", "What", "Record", "Session", "Device"];
    const quote = (v: unknown) => `"${String(textCell(v ?? "")).replace(/"/g, '""')}"`;
    const lines = [
      head,
      ...rows.map((r) => [
        formatDateTime(r.readAt.toISOString(), { lang: language, timeZone }),
        r.userName ?? `#${r.userId}`,
        r.profileName,
        sensitiveKindLabel(r.kind, language),
        r.recordId,
        r.sessionId,
        r.device ?? "",
      ]),
    ].map((cells) => cells.map(quote).join(","));
    // A byte-order mark: Excel then reads the accents as UTF-8.
    return { name: `read-log-${studentId}.csv`, body: `\uFEFF${lines.join("\r\n")}\r\n` };
  }

  return { page, forFamily, csv };
}

export type ReadLogService = ReturnType<typeof createReadLogService>;
