import { asc, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { conditionedEnrollments, letterAcknowledgements, users } from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool, ofSchool } from "../../lib/tenant-db.ts";

/** Conditioned enrollments with their author's name, newest first. */
function enrollmentsWhere(tx: Tx, schoolId: string, ...conditions: (SQL | undefined)[]) {
  return tx
    .select({ e: conditionedEnrollments, by: personName(users) })
    .from(conditionedEnrollments)
    .innerJoin(users, eq(users.id, conditionedEnrollments.createdBy))
    .where(ofSchool(conditionedEnrollments, schoolId, ...conditions))
    .orderBy(desc(conditionedEnrollments.createdAt), desc(conditionedEnrollments.id));
}
export type EnrollmentRow = Awaited<ReturnType<typeof enrollmentsWhere>>[number];

export const enrollmentsOf = (tx: Tx, schoolId: string, studentId: number) =>
  enrollmentsWhere(tx, schoolId, eq(conditionedEnrollments.studentId, studentId));

export async function enrollmentById(tx: Tx, schoolId: string, id: number) {
  const [row] = await enrollmentsWhere(tx, schoolId, eq(conditionedEnrollments.id, id));
  return row;
}

export async function insertEnrollment(
  tx: Tx,
  schoolId: string,
  values: Omit<typeof conditionedEnrollments.$inferInsert, "schoolId">,
) {
  const [row] = await forSchool(tx, schoolId)
    .insert(conditionedEnrollments, values)
    .returning({ id: conditionedEnrollments.id });
  return row!.id;
}

/**
 * Changes an open enrollment; the outcome is written only while none is (a concurrent close loses: false).
 * An empty patch changes nothing (drizzle refuses an UPDATE without values).
 */
export async function updateEnrollment(
  tx: Tx,
  schoolId: string,
  id: number,
  patch: Partial<Omit<typeof conditionedEnrollments.$inferInsert, "schoolId" | "id">>,
) {
  if (Object.keys(patch).length === 0) return true;
  const rows = await forSchool(tx, schoolId)
    .update(conditionedEnrollments, patch)
    .where(eq(conditionedEnrollments.id, id), isNull(conditionedEnrollments.outcome))
    .returning({ id: conditionedEnrollments.id });
  return rows.length > 0;
}

export async function acknowledgementsOf(tx: Tx, schoolId: string, enrollmentIds: readonly number[]) {
  if (enrollmentIds.length === 0) return [];
  return tx
    .select({ a: letterAcknowledgements, name: personName(users) })
    .from(letterAcknowledgements)
    .innerJoin(users, eq(users.id, letterAcknowledgements.userId))
    .where(ofSchool(letterAcknowledgements, schoolId, inArray(letterAcknowledgements.enrollmentId, [...enrollmentIds])))
    .orderBy(asc(letterAcknowledgements.at), asc(letterAcknowledgements.id));
}
export type AckRow = Awaited<ReturnType<typeof acknowledgementsOf>>[number];

export const insertAcknowledgement = (
  tx: Tx,
  schoolId: string,
  values: Omit<typeof letterAcknowledgements.$inferInsert, "schoolId">,
) => forSchool(tx, schoolId).insert(letterAcknowledgements, values);
