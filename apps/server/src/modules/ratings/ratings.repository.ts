import type { Language } from "@convive/domain";
import { asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  grades,
  groups,
  periods,
  ratingComments,
  ratingPeriodStates,
  ratingScaleVersions,
  ratings,
  schools,
  schoolYears,
  sections,
  studentGroups,
  students,
  users,
} from "../../db/schema/index.ts";
import { classListOrder, personName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

/** SQL of the ratings grid (issue 13 §2): periods and their states, groups, students, ratings and comments. */

export const studentName = personName(students);
const userName = personName(users);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** "Primaria 3° A" (English level names when the school gave them). */
export const groupLabelIn = (language: Language) =>
  sql<string>`concat_ws(' ', ${language === "en" ? sql`coalesce(${sections.nameEn}, ${sections.name})` : sections.name}, ${grades.name}, ${groups.name})`;

/** The school's time zone, today there and its current school year (null when none). */
export async function clock(tx: Tx, schoolId: string) {
  const [row] = await tx
    .select({
      timeZone: schools.timeZone,
      today: sql<string>`to_char((now() at time zone ${schools.timeZone})::date, 'YYYY-MM-DD')`,
      yearId: schoolYears.id,
    })
    .from(schools)
    .leftJoin(schoolYears, ofSchool(schoolYears, schools.id, eq(schoolYears.isCurrent, true)))
    .where(eq(schools.id, schoolId));
  return row ?? { timeZone: "America/Mexico_City", today: new Date().toISOString().slice(0, 10), yearId: null };
}

const periodFields = {
  id: periods.id,
  name: periods.name,
  nameEn: periods.nameEn,
  order: periods.order,
  startsOn: periods.startsOn,
  endsOn: periods.endsOn,
  schoolYearId: periods.schoolYearId,
  reopenedUntil: ratingPeriodStates.reopenedUntil,
  /** Since when families of at least one group see it (issue 26 §1: published per group, window over). */
  publishedAt: sql<Date | null>`(select min(gp.notify_at) from rating_group_publications gp
    where gp.school_id = ${periods.schoolId} and gp.period_id = ${periods.id}
      and gp.unpublished_at is null and gp.notify_at <= now())`.mapWith((v) => (v === null ? null : new Date(v))),
};
export interface PeriodRow {
  id: number;
  name: string;
  nameEn: string | null;
  order: number;
  startsOn: string;
  endsOn: string;
  schoolYearId: number;
  reopenedUntil: Date | null;
  publishedAt: Date | null;
}

const periodsWithState = (tx: Tx) =>
  tx
    .select(periodFields)
    .from(periods)
    .leftJoin(ratingPeriodStates, sameSchool(ratingPeriodStates, periods, eq(ratingPeriodStates.periodId, periods.id)));

/** The periods of a school year, in order, with their ratings state. */
export function periodsOfYear(tx: Tx, schoolId: string, yearId: number): Promise<PeriodRow[]> {
  return periodsWithState(tx)
    .where(ofSchool(periods, schoolId, eq(periods.schoolYearId, yearId)))
    .orderBy(asc(periods.order), asc(periods.startsOn));
}

export async function periodById(tx: Tx, schoolId: string, periodId: number): Promise<PeriodRow | undefined> {
  const [row] = await periodsWithState(tx).where(ofSchool(periods, schoolId, eq(periods.id, periodId)));
  return row;
}

/** The period just before `period` in its school year (by order), or none. */
export async function previousPeriod(tx: Tx, schoolId: string, period: PeriodRow) {
  const [row] = await forSchool(tx, schoolId)
    .pick(periods, { id: periods.id, name: periods.name, nameEn: periods.nameEn })
    .where(eq(periods.schoolYearId, period.schoolYearId), lt(periods.order, period.order))
    .orderBy(sql`${periods.order} desc`)
    .limit(1);
  return row ?? null;
}

const groupFields = (language: Language) => ({
  id: groups.id,
  label: groupLabelIn(language),
  sectionId: grades.sectionId,
  schoolYearId: groups.schoolYearId,
  headTeacherId: groups.headTeacherId,
  headTeacherName: sql<string | null>`${userName}`,
});

const groupsJoined = (tx: Tx, language: Language) =>
  tx
    .select(groupFields(language))
    .from(groups)
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .leftJoin(users, eq(users.id, groups.headTeacherId));

/** The groups of a school year (optionally only `ids`), by section, grade and name. */
export function groupsOfYear(tx: Tx, schoolId: string, yearId: number, language: Language, ids?: number[]) {
  return groupsJoined(tx, language)
    .where(
      ofSchool(
        groups,
        schoolId,
        eq(groups.schoolYearId, yearId),
        ids ? inArray(groups.id, ids.length ? ids : [0]) : undefined,
      ),
    )
    .orderBy(asc(sections.order), asc(grades.order), asc(grades.name), asc(groups.name));
}

export async function groupById(tx: Tx, schoolId: string, groupId: number, language: Language) {
  const [row] = await groupsJoined(tx, language).where(ofSchool(groups, schoolId, eq(groups.id, groupId)));
  return row;
}

/** The active students of a group, in class-list order (surnames, then first name). */
export function studentsOfGroup(tx: Tx, schoolId: string, groupId: number) {
  return tx
    .select({ id: students.id, name: studentName, enrollment: students.enrollment })
    .from(studentGroups)
    .innerJoin(students, sameSchool(students, studentGroups, eq(students.id, studentGroups.studentId)))
    .where(ofSchool(studentGroups, schoolId, eq(studentGroups.groupId, groupId), eq(students.status, "active")))
    .orderBy(...classListOrder(students));
}

/**
 * Everything a cell write checks, in one round trip: the period (with its state and the school's today), and the
 * student's group in the period's school year with its section (the scale's override) and status. No period: none;
 * a student not enrolled that year: null placement.
 */
export async function cellTarget(tx: Tx, schoolId: string, studentId: number, periodId: number) {
  const result = await tx.execute(sql`
    select p.id, p.name, p.name_en, p."order", p.starts_on::text as starts_on, p.ends_on::text as ends_on,
           p.school_year_id, st.reopened_until,
           (select min(gp.notify_at) from rating_group_publications gp where gp.school_id = p.school_id
              and gp.period_id = p.id and gp.unpublished_at is null and gp.notify_at <= now()) as published_at,
           to_char((now() at time zone sc.time_zone)::date, 'YYYY-MM-DD') as today,
           sg.group_id, gr.section_id, s.status
      from periods p
      join schools sc on sc.id = p.school_id
      left join rating_period_states st on st.school_id = p.school_id and st.period_id = p.id
      left join student_groups sg on sg.school_id = p.school_id and sg.school_year_id = p.school_year_id
        and sg.student_id = ${studentId}
      left join students s on s.school_id = sg.school_id and s.id = sg.student_id
      left join groups g on g.school_id = sg.school_id and g.id = sg.group_id
      left join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
     where p.school_id = ${schoolId} and p.id = ${periodId}`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  if (!row) return null;
  const instant = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  const period: PeriodRow = {
    id: Number(row.id),
    name: String(row.name),
    nameEn: (row.name_en as string | null) ?? null,
    order: Number(row.order),
    startsOn: String(row.starts_on),
    endsOn: String(row.ends_on),
    schoolYearId: Number(row.school_year_id),
    reopenedUntil: instant(row.reopened_until),
    publishedAt: instant(row.published_at),
  };
  const placement =
    row.group_id === null || row.group_id === undefined
      ? null
      : { groupId: Number(row.group_id), sectionId: Number(row.section_id), status: String(row.status) };
  return { period, today: String(row.today), placement };
}

const cellFields = {
  studentId: ratings.studentId,
  periodId: ratings.periodId,
  measureId: ratings.measureId,
  value: ratings.value,
  scaleVersionId: ratings.scaleVersionId,
  ratedById: ratings.ratedBy,
  ratedByName: userName,
  ratedAt: ratings.ratedAt,
};
export type CellRow = {
  studentId: number;
  periodId: number;
  measureId: number;
  value: string;
  scaleVersionId: number;
  ratedById: number;
  ratedByName: string;
  ratedAt: Date;
};

/** The ratings of these students in these periods, with who gave them. */
export function cellsOf(
  tx: Tx,
  schoolId: string,
  periodIds: number[],
  studentIds: number[],
  measureId?: number,
): Promise<CellRow[]> {
  if (periodIds.length === 0 || studentIds.length === 0) return Promise.resolve([]);
  return tx
    .select(cellFields)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.ratedBy))
    .where(
      ofSchool(
        ratings,
        schoolId,
        inArray(ratings.periodId, periodIds),
        inArray(ratings.studentId, studentIds),
        measureId === undefined ? undefined : eq(ratings.measureId, measureId),
      ),
    );
}

/** The definitions of these scale versions (the labels old ratings keep). */
export function versionsOf(tx: Tx, schoolId: string, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return forSchool(tx, schoolId)
    .pick(ratingScaleVersions, { id: ratingScaleVersions.id, definition: ratingScaleVersions.definition })
    .where(inArray(ratingScaleVersions.id, ids));
}

export interface CellWrite {
  schoolId: string;
  studentId: number;
  periodId: number;
  measureId: number;
  groupId: number;
  scaleVersionId: number;
  value: string;
  ratedBy: number;
}

/**
 * Sets one cell (idempotent by student, period and measure) and answers it with who gave it and when, in one
 * statement. Saving the value it already has, on the same version, keeps who gave it and when: a retried save is
 * not a new rating.
 */
export async function upsertCell(tx: Tx, cell: CellWrite): Promise<CellRow> {
  const result = await tx.execute(sql`
    with saved as (
      insert into ratings (school_id, student_id, period_id, measure_id, group_id, scale_version_id, value, rated_by)
      values (${cell.schoolId}, ${cell.studentId}, ${cell.periodId}, ${cell.measureId}, ${cell.groupId},
              ${cell.scaleVersionId}, ${cell.value}, ${cell.ratedBy})
      on conflict (school_id, student_id, period_id, measure_id) do update
        set value = excluded.value, scale_version_id = excluded.scale_version_id, group_id = excluded.group_id,
            rated_by = excluded.rated_by, rated_at = now()
        where (ratings.value, ratings.scale_version_id) is distinct from (excluded.value, excluded.scale_version_id)
      returning student_id, period_id, measure_id, value, scale_version_id, rated_by, rated_at),
    cell as (
      select student_id, period_id, measure_id, value, scale_version_id, rated_by, rated_at from saved
      union all
      select student_id, period_id, measure_id, value, scale_version_id, rated_by, rated_at from ratings
       where not exists (select 1 from saved) and school_id = ${cell.schoolId} and student_id = ${cell.studentId}
         and period_id = ${cell.periodId} and measure_id = ${cell.measureId})
    select cell.*, concat_ws(' ', u.first_name, nullif(u.paternal_surname, ''), nullif(u.maternal_surname, '')) as name
      from cell join users u on u.id = cell.rated_by`);
  const row = rowsOf<Record<string, unknown>>(result)[0]!;
  return {
    studentId: Number(row.student_id),
    periodId: Number(row.period_id),
    measureId: Number(row.measure_id),
    value: String(row.value),
    scaleVersionId: Number(row.scale_version_id),
    ratedById: Number(row.rated_by),
    ratedByName: String(row.name),
    ratedAt: new Date(row.rated_at as string),
  };
}

export function deleteCell(tx: Tx, schoolId: string, key: { studentId: number; periodId: number; measureId: number }) {
  return forSchool(tx, schoolId)
    .delete(ratings)
    .where(
      eq(ratings.studentId, key.studentId),
      eq(ratings.periodId, key.periodId),
      eq(ratings.measureId, key.measureId),
    );
}

/**
 * One value for a whole column at once: every active student of the group gets it (or only those without a value),
 * in one statement. Returns the students whose cell changed.
 */
export async function fillColumn(
  tx: Tx,
  input: Omit<CellWrite, "studentId"> & { onlyEmpty: boolean },
): Promise<number[]> {
  const conflict = input.onlyEmpty
    ? sql`do nothing`
    : sql`do update set value = excluded.value, scale_version_id = excluded.scale_version_id,
          group_id = excluded.group_id, rated_by = excluded.rated_by, rated_at = now()
          where (ratings.value, ratings.scale_version_id) is distinct from (excluded.value, excluded.scale_version_id)`;
  const result = await tx.execute(sql`
    insert into ratings (school_id, student_id, period_id, measure_id, group_id, scale_version_id, value, rated_by)
    select sg.school_id, sg.student_id, ${input.periodId}, ${input.measureId}, sg.group_id, ${input.scaleVersionId},
           ${input.value}, ${input.ratedBy}
      from student_groups sg
      join students s on s.school_id = sg.school_id and s.id = sg.student_id and s.status = 'active'
     where sg.school_id = ${input.schoolId} and sg.group_id = ${input.groupId}
    on conflict (school_id, student_id, period_id, measure_id) ${conflict}
    returning student_id`);
  return rowsOf<{ student_id: number }>(result).map((r) => Number(r.student_id));
}

/** Inserts the copied values (only cells still empty); returns the cells written. */
export async function insertMissing(tx: Tx, rows: CellWrite[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(ratings)
    .values(rows)
    .onConflictDoNothing({ target: [ratings.schoolId, ratings.studentId, ratings.periodId, ratings.measureId] })
    .returning({ studentId: ratings.studentId, measureId: ratings.measureId });
}

export function commentsOf(tx: Tx, schoolId: string, periodIds: number[], studentIds: number[]) {
  if (periodIds.length === 0 || studentIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      studentId: ratingComments.studentId,
      periodId: ratingComments.periodId,
      text: ratingComments.text,
      visibleToFamily: ratingComments.visibleToFamily,
      writtenById: ratingComments.writtenBy,
      writtenByName: userName,
      writtenAt: ratingComments.writtenAt,
    })
    .from(ratingComments)
    .innerJoin(users, eq(users.id, ratingComments.writtenBy))
    .where(
      ofSchool(
        ratingComments,
        schoolId,
        inArray(ratingComments.periodId, periodIds),
        inArray(ratingComments.studentId, studentIds),
      ),
    );
}

export async function saveComment(
  tx: Tx,
  row: {
    schoolId: string;
    studentId: number;
    periodId: number;
    text: string;
    visibleToFamily: boolean;
    writtenBy: number;
  },
) {
  await tx
    .insert(ratingComments)
    .values(row)
    .onConflictDoUpdate({
      target: [ratingComments.schoolId, ratingComments.studentId, ratingComments.periodId],
      set: { text: row.text, visibleToFamily: row.visibleToFamily, writtenBy: row.writtenBy, writtenAt: sql`now()` },
    });
}

export function deleteComment(tx: Tx, schoolId: string, studentId: number, periodId: number) {
  return forSchool(tx, schoolId)
    .delete(ratingComments)
    .where(eq(ratingComments.studentId, studentId), eq(ratingComments.periodId, periodId));
}

/** Reopens a period until the end of `until` on the school's clock. */
export async function reopen(tx: Tx, schoolId: string, periodId: number, until: string, by: number) {
  const end = sql`((${until}::date + 1)::timestamp at time zone (select time_zone from schools where id = ${schoolId}))`;
  await tx
    .insert(ratingPeriodStates)
    .values({ schoolId, periodId, reopenedUntil: end as unknown as Date, reopenedBy: by })
    .onConflictDoUpdate({
      target: [ratingPeriodStates.schoolId, ratingPeriodStates.periodId],
      set: { reopenedUntil: end as unknown as Date, reopenedBy: by },
    });
}

/** Ends a reopening now (the period closes again when past its grace). */
export function closeReopening(tx: Tx, schoolId: string, periodId: number) {
  return forSchool(tx, schoolId)
    .update(ratingPeriodStates, { reopenedUntil: null })
    .where(eq(ratingPeriodStates.periodId, periodId));
}

/** The students of the group rated in the period (at least one value), with their names. */
export async function ratedStudents(tx: Tx, schoolId: string, periodId: number, groupId: number) {
  const result = await tx.execute(sql`
    select s.id, concat_ws(' ', s.first_name, nullif(s.paternal_surname, ''), nullif(s.maternal_surname, '')) as name
      from students s
     where s.school_id = ${schoolId}
       and exists (select 1 from student_groups sg join periods p on p.school_id = sg.school_id
                     and p.school_year_id = sg.school_year_id and p.id = ${periodId}
                    where sg.school_id = s.school_id and sg.student_id = s.id and sg.group_id = ${groupId})
       and exists (select 1 from ratings r where r.school_id = s.school_id and r.student_id = s.id
                      and r.period_id = ${periodId})`);
  return rowsOf<{ id: number; name: string }>(result).map((r) => ({ id: Number(r.id), name: r.name }));
}
