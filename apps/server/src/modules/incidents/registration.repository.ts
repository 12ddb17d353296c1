import type { IncidentStatus } from "@convive/domain";
import { asc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  formativeActions,
  incidentCategories,
  incidentCounters,
  incidentStudents,
  incidents,
  incidentTimeline,
  incidentTypes,
} from "../../db/schema/incidents.ts";
import { groups, periods, schools, schoolYears, studentGroups, students, subjects } from "../../db/schema/index.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { studentName } from "./registration-options.repository.ts";

export type IncidentRow = typeof incidents.$inferSelect;
export type NewIncident = typeof incidents.$inferInsert;
export type NewFormativeAction = typeof formativeActions.$inferInsert;
export type NewTimelineEntry = typeof incidentTimeline.$inferInsert;

const incidentIn = (schoolId: string, id: number) => ofSchool(incidents, schoolId, eq(incidents.id, id));

/** What registration and status changes answer: the incident's id, folio and status. */
const refColumns = { id: incidents.id, folio: incidents.folio, status: sql<IncidentStatus>`${incidents.status}` };

/**
 * The school's clock at `occurredAt`: its time zone, the school year (the current one, or `yearId`), the
 * school-local day of `occurredAt` and the period of that year covering it. One row, or none for an unknown school.
 */
export async function clockAt(tx: Tx, schoolId: string, occurredAt: string, yearId?: number) {
  const localDay = sql`(${occurredAt}::timestamptz at time zone ${schools.timeZone})::date`;
  const [row] = await tx
    .select({
      timeZone: schools.timeZone,
      yearId: schoolYears.id,
      yearStartsOn: schoolYears.startsOn,
      localDay: sql<string>`to_char(${localDay}, 'YYYY-MM-DD')`,
      periodId: periods.id,
    })
    .from(schools)
    .leftJoin(
      schoolYears,
      ofSchool(
        schoolYears,
        schools.id,
        yearId === undefined ? eq(schoolYears.isCurrent, true) : eq(schoolYears.id, yearId),
      ),
    )
    .leftJoin(
      periods,
      ofSchool(
        periods,
        schools.id,
        eq(periods.schoolYearId, schoolYears.id),
        sql`${periods.startsOn} <= ${localDay}`,
        sql`${periods.endsOn} >= ${localDay}`,
      ),
    )
    .where(eq(schools.id, schoolId))
    .orderBy(asc(periods.order), asc(periods.id))
    .limit(1);
  return row;
}

export async function typeWithCategory(tx: Tx, schoolId: string, typeId: number) {
  const [row] = await tx
    .select({ type: incidentTypes, categoryActive: incidentCategories.isActive })
    .from(incidentTypes)
    .innerJoin(
      incidentCategories,
      sameSchool(incidentCategories, incidentTypes, eq(incidentCategories.id, incidentTypes.categoryId)),
    )
    .where(ofSchool(incidentTypes, schoolId, eq(incidentTypes.id, typeId)));
  return row;
}

export type TypeWithCategory = NonNullable<Awaited<ReturnType<typeof typeWithCategory>>>;

export async function groupExists(tx: Tx, schoolId: string, groupId: number) {
  const [row] = await forSchool(tx, schoolId).pick(groups, { id: groups.id }).where(eq(groups.id, groupId));
  return Boolean(row);
}

export async function subjectExists(tx: Tx, schoolId: string, subjectId: number) {
  const [row] = await forSchool(tx, schoolId).pick(subjects, { id: subjects.id }).where(eq(subjects.id, subjectId));
  return Boolean(row);
}

/**
 * The school's students among `ids`, each with their group in the current school year and that group's head
 * teacher (the year is looked up in the same statement, so this runs alongside the other reads).
 */
export function studentsWithGroup(tx: Tx, schoolId: string, ids: readonly number[]) {
  const currentYear = sql`(select ${schoolYears.id} from ${schoolYears}
    where ${schoolYears.schoolId} = ${schoolId} and ${schoolYears.isCurrent})`;
  return tx
    .select({
      id: students.id,
      status: students.status,
      name: studentName,
      groupId: studentGroups.groupId,
      headTeacherId: groups.headTeacherId,
    })
    .from(students)
    .leftJoin(
      studentGroups,
      sameSchool(
        studentGroups,
        students,
        eq(studentGroups.studentId, students.id),
        sql`${studentGroups.schoolYearId} = ${currentYear}`,
      ),
    )
    .leftJoin(groups, sameSchool(groups, studentGroups, eq(groups.id, studentGroups.groupId)))
    .where(ofSchool(students, schoolId, inArray(students.id, [...ids])));
}

export type StudentWithGroup = Awaited<ReturnType<typeof studentsWithGroup>>[number];

// ───────────────────────── writes ─────────────────────────

/**
 * The school's next folio. The counter row stays locked until the transaction ends, so registrations of one
 * school take turns from here on: callers do it after their reads, as late as they can.
 */
export async function nextFolio(tx: Tx, schoolId: string): Promise<number> {
  const [row] = await tx
    .insert(incidentCounters)
    .values({ schoolId, lastFolio: 1 })
    .onConflictDoUpdate({
      target: incidentCounters.schoolId,
      set: { lastFolio: sql`${incidentCounters.lastFolio} + 1` },
    })
    .returning({ folio: incidentCounters.lastFolio });
  return row!.folio;
}

/** incidents.group_ids: the incident's own group and its students' groups, each once, ascending. */
export const incidentGroupIds = (groupId: number | null, studentGroups: readonly (number | null)[]) =>
  [...new Set([groupId, ...studentGroups].filter((g): g is number => g !== null))].sort((a, b) => a - b);

/**
 * Recomputes incidents.group_ids and student_ids from the incident's group and students (after a correction changed
 * them; the tests' direct inserts use it too).
 */
export async function refreshGroupIds(tx: Tx, schoolId: string, incidentId: number) {
  const ofIncident = sql`from ${incidentStudents} where ${incidentStudents.schoolId} = ${schoolId}
                         and ${incidentStudents.incidentId} = ${incidentId}`;
  await tx.execute(sql`
    update ${incidents} set
      group_ids = array(
        select distinct g from unnest(array[${incidents.groupId}] || array(select ${incidentStudents.groupId} ${ofIncident})) as g
         where g is not null order by g),
      student_ids = array(select ${incidentStudents.studentId} ${ofIncident} order by 1)
     where ${incidents.schoolId} = ${schoolId} and ${incidents.id} = ${incidentId}`);
}

export async function insertIncident(tx: Tx, values: NewIncident) {
  const [row] = await tx.insert(incidents).values(values).returning(refColumns);
  return row!;
}

export async function insertIncidentStudents(tx: Tx, rows: (typeof incidentStudents.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(incidentStudents).values(rows);
}

/** Inserts the actions in one statement; ids come back in the order given. */
export async function insertFormativeActions(tx: Tx, rows: NewFormativeAction[]) {
  if (rows.length === 0) return [];
  return tx.insert(formativeActions).values(rows).returning({
    id: formativeActions.id,
    studentId: formativeActions.studentId,
    guideline: formativeActions.guideline,
  });
}

export async function insertTimeline(tx: Tx, rows: NewTimelineEntry[]) {
  if (rows.length > 0) await tx.insert(incidentTimeline).values(rows);
}

/** The incident, locked for the rest of the transaction so two changes of it take turns. */
export async function lockIncident(tx: Tx, schoolId: string, id: number): Promise<IncidentRow | undefined> {
  const [row] = await tx.select().from(incidents).where(incidentIn(schoolId, id)).for("update");
  return row;
}

export async function findIncident(tx: Tx, schoolId: string, id: number): Promise<IncidentRow | undefined> {
  const [row] = await tx.select().from(incidents).where(incidentIn(schoolId, id));
  return row;
}

export async function updateIncident(tx: Tx, schoolId: string, id: number, patch: Partial<NewIncident>) {
  const [row] = await tx
    .update(incidents)
    .set({ ...patch, updatedAt: new Date() })
    .where(incidentIn(schoolId, id))
    .returning(refColumns);
  return row!;
}

export const incidentStudentsOf = (tx: Tx, schoolId: string, incidentId: number) =>
  forSchool(tx, schoolId).select(incidentStudents).where(eq(incidentStudents.incidentId, incidentId));

/** Students of the incident who have formative actions (they cannot be taken off it). */
export async function studentsWithActions(tx: Tx, schoolId: string, incidentId: number) {
  const rows = await tx
    .selectDistinct({ studentId: formativeActions.studentId })
    .from(formativeActions)
    .where(ofSchool(formativeActions, schoolId, eq(formativeActions.incidentId, incidentId)));
  return new Set(rows.map((r) => r.studentId));
}

export async function removeIncidentStudents(tx: Tx, schoolId: string, incidentId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await forSchool(tx, schoolId)
    .delete(incidentStudents)
    .where(eq(incidentStudents.incidentId, incidentId), inArray(incidentStudents.studentId, [...ids]));
}

export async function setStudentRole(tx: Tx, schoolId: string, incidentId: number, studentId: number, role: string) {
  await forSchool(tx, schoolId)
    .update(incidentStudents, { role })
    .where(eq(incidentStudents.incidentId, incidentId), eq(incidentStudents.studentId, studentId));
}

/** The incident's pending formative actions: not waived and with an occurrence still open. */
export const pendingActions = (schoolId: string, incidentId: number): SQL =>
  ofSchool(
    formativeActions,
    schoolId,
    eq(formativeActions.incidentId, incidentId),
    isNull(formativeActions.waivedAt),
    isNotNull(formativeActions.nextDueOn),
  )!;
