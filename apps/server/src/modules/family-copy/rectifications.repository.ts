import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import {
  memberships,
  profilePermissions,
  rectificationRequests,
  schools,
  students,
  users,
} from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool, ofSchool } from "../../lib/tenant-db.ts";

const requester = alias(users, "requester");
const answerer = alias(users, "answerer");

/** The requests with the names a reader sees: the student, who asked, who answered. */
function withNames(tx: Tx, schoolId: string, where: ReturnType<typeof and>) {
  return tx
    .select({
      id: rectificationRequests.id,
      studentId: rectificationRequests.studentId,
      studentName: personName(students),
      subject: rectificationRequests.subject,
      currentText: rectificationRequests.currentText,
      requestedText: rectificationRequests.requestedText,
      requestedBy: rectificationRequests.requestedBy,
      requesterName: sql<string>`${personName(requester)}`,
      createdAt: rectificationRequests.createdAt,
      dueOn: rectificationRequests.dueOn,
      status: rectificationRequests.status,
      answer: rectificationRequests.answer,
      answeredBy: rectificationRequests.answeredBy,
      answererName: sql<string | null>`${personName(answerer)}`,
      answeredAt: rectificationRequests.answeredAt,
    })
    .from(rectificationRequests)
    .innerJoin(
      students,
      and(eq(students.schoolId, rectificationRequests.schoolId), eq(students.id, rectificationRequests.studentId)),
    )
    .innerJoin(requester, eq(requester.id, rectificationRequests.requestedBy))
    .leftJoin(answerer, eq(answerer.id, rectificationRequests.answeredBy))
    .where(ofSchool(rectificationRequests, schoolId, where));
}
export type RectificationRow = Awaited<ReturnType<typeof withNames>>[number];

export const ofStudent = (tx: Tx, schoolId: string, studentId: number) =>
  withNames(tx, schoolId, and(eq(rectificationRequests.studentId, studentId))).orderBy(
    desc(rectificationRequests.createdAt),
    desc(rectificationRequests.id),
  );

/** The school's requests, the open ones first by the day they are due. */
export const ofSchoolList = (tx: Tx, schoolId: string, openOnly: boolean) =>
  withNames(tx, schoolId, openOnly ? and(eq(rectificationRequests.status, "open")) : undefined).orderBy(
    sql`${rectificationRequests.status} <> 'open'`,
    asc(rectificationRequests.dueOn),
    desc(rectificationRequests.id),
  );

export async function byId(tx: Tx, schoolId: string, id: number) {
  const [row] = await withNames(tx, schoolId, and(eq(rectificationRequests.id, id)));
  return row ?? null;
}

export async function insert(
  tx: Tx,
  schoolId: string,
  values: Omit<typeof rectificationRequests.$inferInsert, "schoolId">,
): Promise<number> {
  const [row] = await forSchool(tx, schoolId)
    .insert(rectificationRequests, values)
    .returning({ id: rectificationRequests.id });
  return row!.id;
}

/** Answers an open request; false when it was answered meanwhile (the first answer stands). */
export async function answer(
  tx: Tx,
  schoolId: string,
  id: number,
  values: { status: "corrected" | "declined"; answer: string; answeredBy: number },
): Promise<boolean> {
  const rows = await forSchool(tx, schoolId)
    .update(rectificationRequests, { ...values, answeredAt: sql`now()` })
    .where(and(eq(rectificationRequests.id, id), eq(rectificationRequests.status, "open")))
    .returning({ id: rectificationRequests.id });
  return rows.length > 0;
}

/** Who answers ARCO requests: the school's active members holding `read-log` (the Director by default). */
export async function answerers(tx: Tx, schoolId: string): Promise<number[]> {
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(
      profilePermissions,
      and(
        eq(profilePermissions.schoolId, memberships.schoolId),
        eq(profilePermissions.profileId, memberships.profileId),
        eq(profilePermissions.permission, "read-log"),
      ),
    )
    .where(and(eq(memberships.schoolId, schoolId), eq(memberships.isActive, true)));
  return rows.map((r) => r.userId);
}

export async function timeZoneOf(tx: Tx, schoolId: string): Promise<string> {
  const [row] = await tx.select({ tz: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  return row?.tz ?? "America/Mexico_City";
}
