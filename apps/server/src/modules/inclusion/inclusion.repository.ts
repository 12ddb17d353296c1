import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  conditionedEnrollments,
  conditionTypes,
  letterAcknowledgements,
  studentConditions,
  users,
} from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool, ofSchool } from "../../lib/tenant-db.ts";

export const conditionTypesOf = (tx: Tx, schoolId: string) =>
  forSchool(tx, schoolId).select(conditionTypes).where().orderBy(asc(conditionTypes.id));

export async function conditionType(tx: Tx, schoolId: string, id: number) {
  const [row] = await forSchool(tx, schoolId).select(conditionTypes).where(eq(conditionTypes.id, id));
  return row;
}

export const insertConditionType = (tx: Tx, schoolId: string, v: { name: string; nameEn: string; active: boolean }) =>
  forSchool(tx, schoolId).insert(conditionTypes, v).returning();

export const updateConditionType = (
  tx: Tx,
  schoolId: string,
  id: number,
  v: { name: string; nameEn: string; active: boolean },
) => forSchool(tx, schoolId).update(conditionTypes, v).where(eq(conditionTypes.id, id)).returning();

/** Conditions with their type's names and their author's name. */
function conditionsWhere(tx: Tx, schoolId: string, ...conditions: (SQL | undefined)[]) {
  return tx
    .select({
      c: studentConditions,
      typeName: conditionTypes.name,
      typeNameEn: conditionTypes.nameEn,
      by: personName(users),
    })
    .from(studentConditions)
    .innerJoin(
      conditionTypes,
      and(
        eq(conditionTypes.schoolId, studentConditions.schoolId),
        eq(conditionTypes.id, studentConditions.conditionTypeId),
      ),
    )
    .innerJoin(users, eq(users.id, studentConditions.createdBy))
    .where(ofSchool(studentConditions, schoolId, ...conditions))
    .orderBy(desc(studentConditions.active), asc(studentConditions.id));
}
export type ConditionRow = Awaited<ReturnType<typeof conditionsWhere>>[number];

export const conditionsOf = (tx: Tx, schoolId: string, studentId: number) =>
  conditionsWhere(tx, schoolId, eq(studentConditions.studentId, studentId));

export async function conditionById(tx: Tx, schoolId: string, id: number) {
  const [row] = await conditionsWhere(tx, schoolId, eq(studentConditions.id, id));
  return row;
}

export const insertCondition = (
  tx: Tx,
  schoolId: string,
  values: Omit<typeof studentConditions.$inferInsert, "schoolId">,
) => forSchool(tx, schoolId).insert(studentConditions, values).returning({ id: studentConditions.id });

export const updateCondition = (
  tx: Tx,
  schoolId: string,
  id: number,
  patch: Partial<Omit<typeof studentConditions.$inferInsert, "schoolId" | "id">>,
) =>
  forSchool(tx, schoolId)
    .update(studentConditions, { ...patch, updatedAt: new Date() })
    .where(eq(studentConditions.id, id));

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

export const insertEnrollment = (
  tx: Tx,
  schoolId: string,
  values: Omit<typeof conditionedEnrollments.$inferInsert, "schoolId">,
) => forSchool(tx, schoolId).insert(conditionedEnrollments, values).returning({ id: conditionedEnrollments.id });

export const updateEnrollment = (
  tx: Tx,
  schoolId: string,
  id: number,
  patch: Partial<Omit<typeof conditionedEnrollments.$inferInsert, "schoolId" | "id">>,
) => {
  // An empty PATCH changes nothing (drizzle refuses an UPDATE without values: it was a 500).
  if (Object.keys(patch).length === 0) return Promise.resolve();
  return forSchool(tx, schoolId).update(conditionedEnrollments, patch).where(eq(conditionedEnrollments.id, id));
};

export async function acknowledgementsOf(tx: Tx, schoolId: string, enrollmentIds: readonly number[]) {
  if (enrollmentIds.length === 0) return [];
  return tx
    .select({ a: letterAcknowledgements, name: personName(users) })
    .from(letterAcknowledgements)
    .innerJoin(users, eq(users.id, letterAcknowledgements.userId))
    .where(ofSchool(letterAcknowledgements, schoolId, inArray(letterAcknowledgements.enrollmentId, [...enrollmentIds])))
    .orderBy(asc(letterAcknowledgements.at), asc(letterAcknowledgements.id));
}

export const insertAcknowledgement = (
  tx: Tx,
  schoolId: string,
  values: Omit<typeof letterAcknowledgements.$inferInsert, "schoolId">,
) => forSchool(tx, schoolId).insert(letterAcknowledgements, values).returning({ id: letterAcknowledgements.id });

/** Which of these students have an active condition with at least one adjustment: one statement for a whole list. */
export async function withAdjustments(tx: Tx, schoolId: string, studentIds: readonly number[]) {
  if (studentIds.length === 0) return new Set<number>();
  const rows = await forSchool(tx, schoolId)
    .pick(studentConditions, { id: studentConditions.studentId })
    .where(
      inArray(studentConditions.studentId, [...studentIds]),
      eq(studentConditions.active, true),
      sql`jsonb_array_length(${studentConditions.adjustments}) > 0`,
    )
    .groupBy(studentConditions.studentId);
  return new Set(rows.map((r) => r.id));
}

/** Which of these students are under monitoring: an active condition or an open conditioned enrollment. */
export async function monitored(tx: Tx, schoolId: string, studentIds: readonly number[]) {
  if (studentIds.length === 0) return new Set<number>();
  const [conditions, enrollments] = await Promise.all([
    forSchool(tx, schoolId)
      .pick(studentConditions, { id: studentConditions.studentId })
      .where(inArray(studentConditions.studentId, [...studentIds]), eq(studentConditions.active, true)),
    forSchool(tx, schoolId)
      .pick(conditionedEnrollments, { id: conditionedEnrollments.studentId })
      .where(inArray(conditionedEnrollments.studentId, [...studentIds]), isNull(conditionedEnrollments.outcome)),
  ]);
  return new Set([...conditions, ...enrollments].map((r) => r.id));
}
