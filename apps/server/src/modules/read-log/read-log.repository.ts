import { ROLE_FAMILIAR } from "@convive/domain";
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { readLog, sessions, students, users } from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool, inSchool } from "../../lib/tenant-db.ts";

/** True when the student is one of the school's (another school's id reads as missing). */
export async function studentExists(tx: Tx, schoolId: string, studentId: number): Promise<boolean> {
  const rows = await forSchool(tx, schoolId)
    .pick(students, { id: students.id })
    .where(eq(students.id, studentId))
    .limit(1);
  return rows.length > 0;
}

/** How many reads of the student's records the log holds; behind the second wall like the page. */
export async function countReads(tx: Tx, schoolId: string, studentId: number): Promise<number> {
  return inSchool(tx, schoolId, async (scoped) => {
    const [row] = await scoped
      .select({ n: count() })
      .from(readLog)
      .where(and(eq(readLog.schoolId, schoolId), eq(readLog.studentId, studentId)));
    return row?.n ?? 0;
  });
}

/**
 * A page of the student's reads, newest first (read_log_student_idx), with the reader's name and the session's
 * device. Users and sessions are joined, not referenced: a removed user or ended session leaves its entries.
 */
export async function pageOfReads(tx: Tx, schoolId: string, studentId: number, limit: number, offset: number) {
  return inSchool(tx, schoolId, (scoped) =>
    scoped
      .select({
        id: readLog.id,
        readAt: readLog.readAt,
        kind: readLog.kind,
        recordId: readLog.recordId,
        userId: readLog.userId,
        userName: sql<string | null>`${personName(users)}`,
        profileName: readLog.profileName,
        sessionId: readLog.sessionId,
        device: sessions.userAgent,
      })
      .from(readLog)
      .leftJoin(users, eq(users.id, readLog.userId))
      .leftJoin(sessions, eq(sessions.id, readLog.sessionId))
      .where(and(eq(readLog.schoolId, schoolId), eq(readLog.studentId, studentId)))
      .orderBy(desc(readLog.readAt), desc(readLog.id))
      .limit(limit)
      .offset(offset),
  );
}

/** At most this many entries in one export: years of a student's reads; a longer log is cut at its oldest. */
export const EXPORT_MAX = 50_000;

/** The student's reads for the Director's export, newest first, capped at EXPORT_MAX. */
export const allReads = (tx: Tx, schoolId: string, studentId: number) =>
  pageOfReads(tx, schoolId, studentId, EXPORT_MAX, 0);

const byStaff = (schoolId: string, studentId: number) =>
  and(eq(readLog.schoolId, schoolId), eq(readLog.studentId, studentId), ne(readLog.profileName, ROLE_FAMILIAR));

/**
 * The family's view (issue 30 §4): who at the school read the child's records — the reader's name and profile,
 * what and when; nothing else of the reader (no e-mail, no session, no device). The family's own entries (their
 * copy) are the family's, not the school's reads.
 */
export async function familyPage(tx: Tx, schoolId: string, studentId: number, limit: number, offset: number) {
  return inSchool(tx, schoolId, async (scoped) => {
    const [total] = await scoped.select({ n: count() }).from(readLog).where(byStaff(schoolId, studentId));
    const rows = await scoped
      .select({
        readAt: readLog.readAt,
        kind: readLog.kind,
        userId: readLog.userId,
        userName: sql<string | null>`${personName(users)}`,
        profileName: readLog.profileName,
      })
      .from(readLog)
      .leftJoin(users, eq(users.id, readLog.userId))
      .where(byStaff(schoolId, studentId))
      .orderBy(desc(readLog.readAt), desc(readLog.id))
      .limit(limit)
      .offset(offset);
    return { total: total?.n ?? 0, rows };
  });
}
