import { ROLE_DIRECTOR, type ScaleDefinition } from "@convive/domain";
import { and, count, eq, gte, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  alertCrossings,
  alertRules,
  groups,
  incidentStudents,
  incidents,
  memberships,
  periods,
  profilePermissions,
  profiles,
  ratingMeasures,
  ratingScaleVersions,
  ratings,
  schools,
  schoolYears,
  studentGroups,
  students,
  users,
} from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

/** The school's active rules of a kind. */
export function activeRules(tx: Tx, schoolId: string, kind: "incidents" | "conduct-below-passing") {
  return forSchool(tx, schoolId)
    .pick(alertRules, {
      id: alertRules.id,
      classification: alertRules.classification,
      threshold: alertRules.threshold,
      windowDays: alertRules.windowDays,
    })
    .where(eq(alertRules.kind, kind), eq(alertRules.isActive, true));
}

/**
 * Incidents each student was involved in (not affected, not a witness), not cancelled, that happened since `since`,
 * of the classification (null: any). Walks incident_students by student and time (incident_students_walk_idx).
 */
export async function recentIncidents(
  tx: Tx,
  schoolId: string,
  studentIds: readonly number[],
  since: Date,
  classification: string | null,
): Promise<Map<number, number>> {
  const x = incidentStudents;
  const rows = await tx
    .select({ studentId: x.studentId, n: count() })
    .from(x)
    .innerJoin(incidents, sameSchool(incidents, x, eq(incidents.id, x.incidentId)))
    .where(
      ofSchool(
        x,
        schoolId,
        inArray(x.studentId, [...studentIds]),
        eq(x.role, "involved"),
        gte(x.occurredAt, since),
        ne(incidents.status, "cancelled"),
        classification === null ? undefined : eq(incidents.classification, classification),
      ),
    )
    .groupBy(x.studentId);
  return new Map(rows.map((r) => [r.studentId, r.n]));
}

/** Each student's conduct rating in the period with the scale version it was given on. */
export function conductRatings(tx: Tx, schoolId: string, periodId: number, studentIds: readonly number[]) {
  return tx
    .select({
      studentId: ratings.studentId,
      value: ratings.value,
      definition: ratingScaleVersions.definition,
      periodName: periods.name,
      periodNameEn: sql<string>`coalesce(${periods.nameEn}, ${periods.name})`,
    })
    .from(ratings)
    .innerJoin(ratingMeasures, sameSchool(ratingMeasures, ratings, eq(ratingMeasures.id, ratings.measureId)))
    .innerJoin(
      ratingScaleVersions,
      sameSchool(ratingScaleVersions, ratings, eq(ratingScaleVersions.id, ratings.scaleVersionId)),
    )
    .innerJoin(periods, sameSchool(periods, ratings, eq(periods.id, ratings.periodId)))
    .where(
      ofSchool(
        ratings,
        schoolId,
        eq(ratings.periodId, periodId),
        inArray(ratings.studentId, [...studentIds]),
        eq(ratingMeasures.kind, "conduct"),
      ),
    )
    .then((rows) => rows.map((r) => ({ ...r, definition: r.definition as ScaleDefinition })));
}

/**
 * Opens the rule's crossing for the student unless one is open; true when this call opened it (the partial unique
 * index alert_crossings_open_key makes two concurrent evaluations open one crossing, and alert once).
 */
export async function openCrossing(tx: Tx, schoolId: string, ruleId: number, studentId: number) {
  const rows = await tx
    .insert(alertCrossings)
    .values({ schoolId, ruleId, studentId })
    .onConflictDoNothing({
      target: [alertCrossings.schoolId, alertCrossings.ruleId, alertCrossings.studentId],
      where: isNull(alertCrossings.clearedAt),
    })
    .returning({ id: alertCrossings.id });
  return rows.length > 0;
}

/** Clears the rule's open crossing for the student (back under the threshold): the next crossing alerts again. */
export function clearCrossing(tx: Tx, schoolId: string, ruleId: number, studentId: number) {
  return forSchool(tx, schoolId)
    .update(alertCrossings, { clearedAt: new Date() })
    .where(
      eq(alertCrossings.ruleId, ruleId),
      eq(alertCrossings.studentId, studentId),
      isNull(alertCrossings.clearedAt),
    );
}

/** The students' names and the head teachers of their current groups. */
export function studentsWithHeads(tx: Tx, schoolId: string, studentIds: readonly number[]) {
  return tx
    .select({ id: students.id, name: personName(students), headTeacherId: groups.headTeacherId })
    .from(students)
    .leftJoin(schoolYears, ofSchool(schoolYears, students.schoolId, eq(schoolYears.isCurrent, true)))
    .leftJoin(
      studentGroups,
      sameSchool(
        studentGroups,
        students,
        eq(studentGroups.studentId, students.id),
        eq(studentGroups.schoolYearId, schoolYears.id),
      ),
    )
    .leftJoin(groups, sameSchool(groups, studentGroups, eq(groups.id, studentGroups.groupId)))
    .where(ofSchool(students, schoolId, inArray(students.id, [...studentIds])));
}

/**
 * The school's directors: active members of the Director profile, or whose profile manages ratings
 * (scorings.search and scorings.update, `managesRatings`).
 */
export async function directors(tx: Tx, schoolId: string): Promise<number[]> {
  const holds = (permission: string) =>
    sql`exists (select 1 from ${profilePermissions} where ${profilePermissions.schoolId} = ${memberships.schoolId}
        and ${profilePermissions.profileId} = ${memberships.profileId} and ${profilePermissions.permission} = ${permission})`;
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(profiles, sameSchool(profiles, memberships, eq(profiles.id, memberships.profileId)))
    .where(
      ofSchool(
        memberships,
        schoolId,
        eq(memberships.isActive, true),
        sql`(${profiles.name} = ${ROLE_DIRECTOR} or (${holds("scorings.search")} and ${holds("scorings.update")}))`,
      ),
    );
  return rows.map((r) => r.userId);
}

/** Where each recipient reads e-mail and in which language (disabled accounts get none). */
export function mailboxes(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, true)));
}

export async function zoneOf(tx: Tx, schoolId: string): Promise<string> {
  const [row] = await tx.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  return row?.timeZone || "America/Mexico_City";
}
