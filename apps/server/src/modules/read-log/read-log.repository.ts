import { and, count, desc, eq, sql } from "drizzle-orm";
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
