import type { ConsentCategory, Language } from "@convive/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { consentRecords, memberships, schools, users } from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool } from "../../lib/tenant-db.ts";

export type ConsentRow = Awaited<ReturnType<typeof historyOf>>[number];

/**
 * The newest record of each category for the student: the state. Plain `forSchool` (not `inSchool`): it runs in
 * the caller's transaction (`requireConsent` from another module's write), whose role must not change midway.
 */
export async function latestPerCategory(tx: Tx, schoolId: string, studentId: number) {
  const rows = await forSchool(tx, schoolId)
    .pick(consentRecords, { category: consentRecords.category, granted: consentRecords.granted })
    .where(eq(consentRecords.studentId, studentId))
    .orderBy(consentRecords.category, desc(consentRecords.id));
  // Ordered by category, newest first: the first row of each category is its state.
  const state = new Map<string, boolean>();
  for (const r of rows) if (!state.has(r.category)) state.set(r.category, r.granted);
  return state;
}

/** Whether the category's newest record for the student is a grant (one index probe). */
export async function isGranted(tx: Tx, schoolId: string, studentId: number, category: ConsentCategory) {
  const [row] = await forSchool(tx, schoolId)
    .pick(consentRecords, { granted: consentRecords.granted })
    .where(and(eq(consentRecords.studentId, studentId), eq(consentRecords.category, category)))
    .orderBy(desc(consentRecords.id))
    .limit(1);
  return row?.granted ?? false;
}

/**
 * Every record of the student, newest first, with the family member's name. Users are joined, not referenced: a
 * record outlives the account.
 */
export async function historyOf(tx: Tx, schoolId: string, studentId: number) {
  return tx
    .select({
      id: consentRecords.id,
      category: consentRecords.category,
      granted: consentRecords.granted,
      userId: consentRecords.userId,
      userName: sql<string | null>`${personName(users)}`,
      noticeVersion: consentRecords.noticeVersion,
      language: consentRecords.language,
      text: consentRecords.text,
      recordedAt: consentRecords.recordedAt,
    })
    .from(consentRecords)
    .leftJoin(users, eq(users.id, consentRecords.userId))
    .where(and(eq(consentRecords.schoolId, schoolId), eq(consentRecords.studentId, studentId)))
    .orderBy(desc(consentRecords.id));
}

/** The school's name and privacy notice version in force, and the version this member accepted (null: none). */
export async function noticeOf(tx: Tx, schoolId: string, userId: number) {
  const [row] = await tx
    .select({
      school: schools.name,
      version: schools.privacyNoticeVersion,
      accepted: memberships.privacyNoticeVersion,
    })
    .from(schools)
    .leftJoin(memberships, and(eq(memberships.schoolId, schools.id), eq(memberships.userId, userId)))
    .where(eq(schools.id, schoolId));
  return row;
}

export interface NewConsentRecord {
  studentId: number;
  category: ConsentCategory;
  granted: boolean;
  userId: number;
  noticeVersion: number;
  language: Language;
  text: string;
}

export async function insertRecord(tx: Tx, schoolId: string, record: NewConsentRecord) {
  const [row] = await forSchool(tx, schoolId).insert(consentRecords, record).returning({ id: consentRecords.id });
  return row!.id;
}
