import type { ConditionedOutcome } from "@convive/domain";
import { asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { conditionAdjustments, conditionedEnrollments, studentConditions } from "../../db/schema/index.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

// What other lists read of inclusion, one statement per list whatever its length: the adjustment marker beside a
// student's name (registration, ratings grid, an incident's students), who is under monitoring (the incident notice)
// and the conditioned enrollments' outcomes (the re-enrollment screen).

/** The active adjustments of the student's active conditions, oldest first: all a teacher reads (issue 28 §3). */
export function activeAdjustmentsOf(tx: Tx, schoolId: string, studentId: number) {
  return tx
    .select({
      kind: conditionAdjustments.kind,
      description: conditionAdjustments.description,
      appliedBy: conditionAdjustments.appliedBy,
      since: conditionAdjustments.since,
    })
    .from(conditionAdjustments)
    .innerJoin(
      studentConditions,
      sameSchool(studentConditions, conditionAdjustments, eq(studentConditions.id, conditionAdjustments.conditionId)),
    )
    .where(
      ofSchool(
        conditionAdjustments,
        schoolId,
        eq(conditionAdjustments.active, true),
        eq(studentConditions.studentId, studentId),
        eq(studentConditions.active, true),
      ),
    )
    .orderBy(asc(conditionAdjustments.since), asc(conditionAdjustments.id));
}

/** Which of these students carry the marker: at least one active adjustment of an active condition. */
export async function adjustmentMarkers(tx: Tx, schoolId: string, studentIds: readonly number[]): Promise<Set<number>> {
  if (studentIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ id: studentConditions.studentId })
    .from(studentConditions)
    .innerJoin(
      conditionAdjustments,
      sameSchool(
        conditionAdjustments,
        studentConditions,
        eq(conditionAdjustments.conditionId, studentConditions.id),
        eq(conditionAdjustments.active, true),
      ),
    )
    .where(
      ofSchool(
        studentConditions,
        schoolId,
        inArray(studentConditions.studentId, [...new Set(studentIds)]),
        eq(studentConditions.active, true),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Which of these students are under monitoring: an active condition or an open conditioned enrollment. */
export async function monitoredStudents(tx: Tx, schoolId: string, studentIds: readonly number[]) {
  if (studentIds.length === 0) return new Set<number>();
  const ids = [...new Set(studentIds)];
  const rows = await forSchool(tx, schoolId)
    .pick(studentConditions, { id: studentConditions.studentId })
    .where(inArray(studentConditions.studentId, ids), eq(studentConditions.active, true))
    .union(
      forSchool(tx, schoolId)
        .pick(conditionedEnrollments, { id: conditionedEnrollments.studentId })
        .where(inArray(conditionedEnrollments.studentId, ids), isNull(conditionedEnrollments.outcome)),
    );
  return new Set(rows.map((r) => r.id));
}

/** A student's latest conditioned enrollment, as the re-enrollment screen reads it. */
export interface ConditionedStanding {
  enrollmentId: number;
  /** Null while open. */
  outcome: ConditionedOutcome | null;
  reviewDate: string | null;
  closedAt: Date | null;
}

/**
 * The latest conditioned enrollment of each of these students (absent: never conditioned), for the re-enrollment
 * screen: open (outcome null), or closed lifted, continued or not re-enrolled. No reasons or details: the screen needs
 * the standing, not the confidential record.
 */
export async function conditionedOutcomes(
  tx: Tx,
  schoolId: string,
  studentIds: readonly number[],
): Promise<Map<number, ConditionedStanding>> {
  if (studentIds.length === 0) return new Map();
  const rows = await tx
    .selectDistinctOn([conditionedEnrollments.studentId], {
      studentId: conditionedEnrollments.studentId,
      id: conditionedEnrollments.id,
      outcome: conditionedEnrollments.outcome,
      reviewDate: conditionedEnrollments.reviewDate,
      closedAt: conditionedEnrollments.closedAt,
    })
    .from(conditionedEnrollments)
    .where(
      ofSchool(conditionedEnrollments, schoolId, inArray(conditionedEnrollments.studentId, [...new Set(studentIds)])),
    )
    .orderBy(conditionedEnrollments.studentId, desc(conditionedEnrollments.createdAt), desc(conditionedEnrollments.id));
  return new Map(
    rows.map((r) => [
      r.studentId,
      {
        enrollmentId: r.id,
        outcome: r.outcome as ConditionedOutcome | null,
        reviewDate: r.reviewDate,
        closedAt: r.closedAt,
      },
    ]),
  );
}
