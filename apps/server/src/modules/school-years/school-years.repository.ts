import { asc, count, desc, eq, gte, isNotNull, lte, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { groups, periods, schoolYears, studentGroups, students } from "../../db/schema/index.ts";
import { alphabetical } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool, schoolRows } from "../../lib/tenant-db.ts";

export type SchoolYearRow = typeof schoolYears.$inferSelect;
export type PeriodRow = typeof periods.$inferSelect;

export async function findYear(tx: Tx, schoolId: string, id: number): Promise<SchoolYearRow | undefined> {
  const [row] = await forSchool(tx, schoolId).select(schoolYears).where(eq(schoolYears.id, id));
  return row;
}

export async function currentYear(tx: Tx, schoolId: string): Promise<SchoolYearRow | undefined> {
  const [row] = await forSchool(tx, schoolId).select(schoolYears).where(eq(schoolYears.isCurrent, true));
  return row;
}

export const listYears = (tx: Tx, schoolId: string) =>
  forSchool(tx, schoolId).select(schoolYears).where().orderBy(desc(schoolYears.startsOn));

/** Another year of the school whose dates touch [startsOn, endsOn] (both ends inclusive). */
export async function overlappingYear(tx: Tx, schoolId: string, startsOn: string, endsOn: string, exceptId?: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(schoolYears, { id: schoolYears.id, name: schoolYears.name })
    .where(
      lte(schoolYears.startsOn, endsOn),
      gte(schoolYears.endsOn, startsOn),
      exceptId === undefined ? undefined : ne(schoolYears.id, exceptId),
    )
    .limit(1);
  return row;
}

const yearRows = schoolRows(schoolYears);
export const insertYear = yearRows.insert;
export const updateYear = yearRows.update;
export const deleteYear = yearRows.delete;

/** Clears the flag first: the partial unique index allows one current year per school at any moment. */
export async function makeCurrent(tx: Tx, schoolId: string, id: number) {
  await forSchool(tx, schoolId)
    .update(schoolYears, { isCurrent: false })
    .where(eq(schoolYears.isCurrent, true), ne(schoolYears.id, id));
  await forSchool(tx, schoolId).update(schoolYears, { isCurrent: true }).where(eq(schoolYears.id, id));
}

export async function countYears(tx: Tx, schoolId: string) {
  const [row] = await forSchool(tx, schoolId).pick(schoolYears, { n: count() }).where();
  return row?.n ?? 0;
}

/** Groups per school year of the school. */
export async function groupCounts(tx: Tx, schoolId: string): Promise<Map<number, number>> {
  const rows = await forSchool(tx, schoolId)
    .pick(groups, { yearId: groups.schoolYearId, n: count() })
    .where()
    .groupBy(groups.schoolYearId);
  return new Map(rows.map((r) => [r.yearId, r.n]));
}

export const listPeriods = (tx: Tx, schoolId: string, yearId?: number) =>
  forSchool(tx, schoolId)
    .select(periods)
    .where(yearId === undefined ? undefined : eq(periods.schoolYearId, yearId))
    .orderBy(asc(periods.order), asc(periods.startsOn));

export async function findPeriod(tx: Tx, schoolId: string, yearId: number, id: number): Promise<PeriodRow | undefined> {
  const [row] = await forSchool(tx, schoolId)
    .select(periods)
    .where(eq(periods.schoolYearId, yearId), eq(periods.id, id));
  return row;
}

/** A period of the year, other than `exceptId`, whose dates touch [startsOn, endsOn]. */
export async function overlappingPeriod(
  tx: Tx,
  schoolId: string,
  yearId: number,
  startsOn: string,
  endsOn: string,
  exceptId?: number,
) {
  const [row] = await forSchool(tx, schoolId)
    .pick(periods, { id: periods.id })
    .where(
      eq(periods.schoolYearId, yearId),
      lte(periods.startsOn, endsOn),
      gte(periods.endsOn, startsOn),
      exceptId === undefined ? undefined : ne(periods.id, exceptId),
    )
    .limit(1);
  return row;
}

/** Earliest start and latest end of the year's periods, to keep them inside when the year's dates change. */
export async function periodSpan(tx: Tx, schoolId: string, yearId: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(periods, {
      first: sql<string | null>`min(${periods.startsOn})`,
      last: sql<string | null>`max(${periods.endsOn})`,
    })
    .where(eq(periods.schoolYearId, yearId));
  return { first: row?.first ?? null, last: row?.last ?? null, any: row?.first != null };
}

export async function nextPeriodOrder(tx: Tx, schoolId: string, yearId: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(periods, { max: sql<number | null>`max(${periods.order})` })
    .where(eq(periods.schoolYearId, yearId));
  return (row?.max ?? 0) + 1;
}

const periodRows = schoolRows(periods);
export const insertPeriod = periodRows.insert;
export const updatePeriod = periodRows.update;
export const deletePeriod = periodRows.delete;

export const listClosedYears = (tx: Tx, schoolId: string) =>
  forSchool(tx, schoolId)
    .select(schoolYears)
    .where(isNotNull(schoolYears.closedAt))
    .orderBy(desc(schoolYears.startsOn));

/** The students enrolled in a year's groups, by surname, for cycle-details. */
export const studentsOfYear = (tx: Tx, schoolId: string, yearId: number) =>
  tx
    .select({
      group_id: studentGroups.groupId,
      id: students.id,
      enrollment: students.enrollment,
      first_name: students.firstName,
      paternal_surname: students.paternalSurname,
      maternal_surname: students.maternalSurname,
      status: students.status,
    })
    .from(studentGroups)
    .innerJoin(students, sameSchool(students, studentGroups, eq(students.id, studentGroups.studentId)))
    .where(ofSchool(studentGroups, schoolId, eq(studentGroups.schoolYearId, yearId)))
    .orderBy(
      asc(alphabetical(students.paternalSurname)),
      asc(alphabetical(students.maternalSurname)),
      asc(alphabetical(students.firstName)),
    );
