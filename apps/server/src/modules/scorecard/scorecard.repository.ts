import type { ScaleDefinition } from "@convive/domain";
import { asc, between, count, desc, eq, gte, ilike, inArray, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  accompanimentObservations,
  formativeActions,
  grades,
  groups,
  incidentStudents,
  incidents,
  periods,
  ratingComments,
  ratingScales,
  ratingScaleVersions,
  ratings,
  schools,
  schoolYears,
  sections,
  studentGroups,
  students,
  teachingAssignments,
} from "../../db/schema/index.ts";
import { classListOrder, likeTerm, personName, searchableName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

/** The scorecard's SQL: every statement carries the school; the student's rows are reached by their indexes. */

/** "3° A · Primaria" and its English twin (the level's English name when the school gave one). */
const groupLabels = {
  label: sql<string>`concat_ws(' · ', concat_ws(' ', ${grades.name}, ${groups.name}), ${sections.name})`,
  label_en: sql<string>`concat_ws(' · ', concat_ws(' ', ${grades.name}, ${groups.name}), coalesce(${sections.nameEn}, ${sections.name}))`,
};

/** The school's calendar day and its current year (null when none is current). */
export async function schoolClock(tx: Tx, schoolId: string) {
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

/** What a printed scorecard's header says about the school. */
export async function schoolHeader(tx: Tx, schoolId: string) {
  const [row] = await tx
    .select({ name: schools.name, timeZone: schools.timeZone })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row ?? { name: "", timeZone: "America/Mexico_City" };
}

export interface Who {
  /** Only these students (a family's children); undefined: no limit. */
  studentIds?: readonly number[];
  /** Only students who were ever in these groups (a teacher's); undefined: no limit. */
  groupIds?: readonly number[];
}

/** Students of the picker with their group of `yearId`: by name/enrollment and group, within `who`, 50 at most. */
export function searchStudents(
  tx: Tx,
  schoolId: string,
  yearId: number | null,
  filter: { q?: string; groupId?: number },
  who: Who,
) {
  const conditions: (SQL | undefined)[] = [];
  if (filter.q) {
    const term = likeTerm(filter.q);
    conditions.push(or(ilike(searchableName(students), term), ilike(students.enrollment, term)));
  }
  if (filter.groupId !== undefined) conditions.push(eq(groups.id, filter.groupId));
  if (who.studentIds) conditions.push(inArray(students.id, [...who.studentIds, -1]));
  if (who.groupIds) conditions.push(everIn(schoolId, who.groupIds));
  if (!filter.q && filter.groupId === undefined && !who.studentIds) conditions.push(eq(students.status, "active"));
  return tx
    .select({
      id: students.id,
      name: personName(students),
      first_name: students.firstName,
      enrollment: students.enrollment,
      photo: students.photo,
      group_id: groups.id,
      ...groupLabels,
    })
    .from(students)
    .leftJoin(
      studentGroups,
      sameSchool(
        studentGroups,
        students,
        eq(studentGroups.studentId, students.id),
        eq(studentGroups.schoolYearId, yearId ?? -1),
      ),
    )
    .leftJoin(groups, sameSchool(groups, studentGroups, eq(groups.id, studentGroups.groupId)))
    .leftJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .leftJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(ofSchool(students, schoolId, ...conditions))
    .orderBy(...classListOrder(students))
    .limit(50);
}

/** The student was in one of the groups in some year (a teacher's students). */
const everIn = (schoolId: string, groupIds: readonly number[]) =>
  sql`exists (select 1 from ${studentGroups} where ${studentGroups.schoolId} = ${schoolId}
      and ${studentGroups.studentId} = ${students.id} and ${inArray(studentGroups.groupId, [...groupIds, -1])})`;

/** The student if they exist in the school and fall within `who`. */
export async function findStudent(tx: Tx, schoolId: string, studentId: number, who: Who) {
  const conditions: (SQL | undefined)[] = [eq(students.id, studentId)];
  if (who.studentIds) conditions.push(inArray(students.id, [...who.studentIds, -1]));
  if (who.groupIds) conditions.push(everIn(schoolId, who.groupIds));
  const [row] = await tx
    .select({
      id: students.id,
      name: personName(students),
      first_name: students.firstName,
      enrollment: students.enrollment,
      photo: students.photo,
    })
    .from(students)
    .where(ofSchool(students, schoolId, ...conditions));
  return row;
}

/** The student's years (newest first) with their group in each. */
export function studentYears(tx: Tx, schoolId: string, studentId: number) {
  return tx
    .select({
      year_id: schoolYears.id,
      year_name: schoolYears.name,
      is_current: schoolYears.isCurrent,
      group_id: groups.id,
      head_teacher_id: groups.headTeacherId,
      ...groupLabels,
    })
    .from(studentGroups)
    .innerJoin(schoolYears, sameSchool(schoolYears, studentGroups, eq(schoolYears.id, studentGroups.schoolYearId)))
    .innerJoin(groups, sameSchool(groups, studentGroups, eq(groups.id, studentGroups.groupId)))
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(ofSchool(studentGroups, schoolId, eq(studentGroups.studentId, studentId)))
    .orderBy(desc(schoolYears.startsOn));
}

export function yearName(tx: Tx, schoolId: string, yearId: number) {
  return forSchool(tx, schoolId)
    .pick(schoolYears, { id: schoolYears.id, name: schoolYears.name })
    .where(eq(schoolYears.id, yearId));
}

/** The year's periods in order, with when each was published to families. */
export function yearPeriods(tx: Tx, schoolId: string, yearId: number) {
  return tx
    .select({
      id: periods.id,
      name_es: periods.name,
      name_en: sql<string>`coalesce(${periods.nameEn}, ${periods.name})`,
      order: periods.order,
      starts_on: sql<string>`${periods.startsOn}::text`,
      ends_on: sql<string>`${periods.endsOn}::text`,
      /** Since when families of at least one group see it (issue 26 §1); a family's own: publishedPeriodsFor. */
      published_at: sql<Date | null>`(select min(gp.notify_at) from rating_group_publications gp
        where gp.school_id = ${periods.schoolId} and gp.period_id = ${periods.id}
          and gp.unpublished_at is null and gp.notify_at <= now())`.mapWith((v) => (v === null ? null : new Date(v))),
    })
    .from(periods)
    .where(ofSchool(periods, schoolId, eq(periods.schoolYearId, yearId)))
    .orderBy(asc(periods.order), asc(periods.startsOn), asc(periods.id));
}

/** The students' ratings in the periods (one query for one student or a whole group's). */
export function ratingsOf(tx: Tx, schoolId: string, studentIds: readonly number[], periodIds: readonly number[]) {
  return forSchool(tx, schoolId)
    .pick(ratings, {
      student_id: ratings.studentId,
      period_id: ratings.periodId,
      measure_id: ratings.measureId,
      group_id: ratings.groupId,
      version_id: ratings.scaleVersionId,
      value: ratings.value,
    })
    .where(inArray(ratings.studentId, [...studentIds, -1]), inArray(ratings.periodId, [...periodIds, -1]));
}

/** Every rating of the groups in the periods: the groups' averages (ratings_group_period_idx). */
export function groupRatings(tx: Tx, schoolId: string, groupIds: readonly number[], periodIds: readonly number[]) {
  return forSchool(tx, schoolId)
    .pick(ratings, {
      student_id: ratings.studentId,
      group_id: ratings.groupId,
      period_id: ratings.periodId,
      measure_id: ratings.measureId,
      version_id: ratings.scaleVersionId,
      value: ratings.value,
    })
    .where(inArray(ratings.periodId, [...periodIds, -1]), inArray(ratings.groupId, [...groupIds, -1]));
}

/** The scale versions named, each with its scale's names: values are read and printed on their own version. */
export async function scaleVersions(tx: Tx, schoolId: string, versionIds: readonly number[]) {
  if (versionIds.length === 0) return [];
  const rows = await tx
    .select({
      version_id: ratingScaleVersions.id,
      name_es: ratingScales.nameEs,
      name_en: sql<string>`coalesce(${ratingScales.nameEn}, ${ratingScales.nameEs})`,
      kind: ratingScales.kind,
      definition: ratingScaleVersions.definition,
    })
    .from(ratingScaleVersions)
    .innerJoin(
      ratingScales,
      sameSchool(ratingScales, ratingScaleVersions, eq(ratingScales.id, ratingScaleVersions.scaleId)),
    )
    .where(ofSchool(ratingScaleVersions, schoolId, inArray(ratingScaleVersions.id, [...versionIds])))
    .orderBy(asc(ratingScaleVersions.id));
  return rows.map((r) => ({ ...r, kind: r.kind as "numeric" | "levels", definition: r.definition as ScaleDefinition }));
}

/**
 * Incidents the students were involved in (not affected, not witnesses), not cancelled, per period and
 * classification; a family counts only those shown to families. Walks incident_students by student.
 */
export function incidentCounts(
  tx: Tx,
  schoolId: string,
  studentIds: readonly number[],
  periodIds: readonly number[],
  range: { from: string; to: string },
  familyOnly: boolean,
) {
  const x = incidentStudents;
  // The periods' days widened by a day each side (any school's clock): the walk index reads only this stretch of
  // the student's incidents, not the years before; the period ids then count exactly.
  const since = new Date(Date.parse(`${range.from}T00:00:00Z`) - 86_400_000);
  const until = new Date(Date.parse(`${range.to}T00:00:00Z`) + 2 * 86_400_000);
  return tx
    .select({
      student_id: x.studentId,
      period_id: incidents.periodId,
      classification: incidents.classification,
      n: count(),
    })
    .from(x)
    .innerJoin(incidents, sameSchool(incidents, x, eq(incidents.id, x.incidentId)))
    .where(
      ofSchool(
        x,
        schoolId,
        inArray(x.studentId, [...studentIds, -1]),
        gte(x.occurredAt, since),
        lt(x.occurredAt, until),
        eq(x.role, "involved"),
        ne(incidents.status, "cancelled"),
        inArray(incidents.periodId, [...periodIds, -1]),
        familyOnly ? eq(incidents.visibleToFamily, true) : undefined,
      ),
    )
    .groupBy(x.studentId, incidents.periodId, incidents.classification);
}

/**
 * The students' formative actions that start within [from, to] (of incidents not cancelled; a family's: shown to
 * families): done when no occurrence is open and it was not waived, pending while one is.
 */
export function actionRows(
  tx: Tx,
  schoolId: string,
  studentIds: readonly number[],
  range: { from: string; to: string },
  familyOnly: boolean,
) {
  const f = formativeActions;
  return tx
    .select({
      student_id: f.studentId,
      starts_on: sql<string>`${f.startsOn}::text`,
      completed: sql<boolean>`(${f.nextDueOn} is null and ${f.waivedAt} is null)`,
      pending: sql<boolean>`(${f.nextDueOn} is not null)`,
    })
    .from(f)
    .innerJoin(incidents, sameSchool(incidents, f, eq(incidents.id, f.incidentId)))
    .where(
      ofSchool(
        f,
        schoolId,
        inArray(f.studentId, [...studentIds, -1]),
        between(f.startsOn, range.from, range.to),
        ne(incidents.status, "cancelled"),
        familyOnly ? eq(incidents.visibleToFamily, true) : undefined,
      ),
    );
}

/** The students' accompaniment observations within [from, to] (a family's: those shown to families). */
export function observationRows(
  tx: Tx,
  schoolId: string,
  studentIds: readonly number[],
  range: { from: string; to: string },
  familyOnly: boolean,
) {
  const o = accompanimentObservations;
  return forSchool(tx, schoolId)
    .pick(o, { student_id: o.studentId, on: sql<string>`${o.observedOn}::text` })
    .where(
      inArray(o.studentId, [...studentIds, -1]),
      between(o.observedOn, range.from, range.to),
      familyOnly ? eq(o.visibleToFamily, true) : undefined,
    );
}

/** The teachers' comments on the students' periods (a family's: only those marked for the family). */
export function commentsOf(
  tx: Tx,
  schoolId: string,
  studentIds: readonly number[],
  periodIds: readonly number[],
  familyOnly: boolean,
) {
  const c = ratingComments;
  return forSchool(tx, schoolId)
    .pick(c, { student_id: c.studentId, period_id: c.periodId, text: c.text, visible_to_family: c.visibleToFamily })
    .where(
      inArray(c.studentId, [...studentIds, -1]),
      inArray(c.periodId, [...periodIds, -1]),
      familyOnly ? eq(c.visibleToFamily, true) : undefined,
    );
}

/** The groups of the current year for the picker's filter (a teacher's: those they head or teach). */
export function currentGroups(tx: Tx, schoolId: string, yearId: number | null, only?: readonly number[]) {
  return tx
    .select({ id: groups.id, ...groupLabels })
    .from(groups)
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(
      ofSchool(
        groups,
        schoolId,
        eq(groups.schoolYearId, yearId ?? -1),
        only ? inArray(groups.id, [...only, -1]) : undefined,
      ),
    )
    .orderBy(asc(sections.order), asc(grades.order), asc(groups.name), asc(groups.id));
}

/** A group of the school with its year and label, or undefined. */
export async function findGroup(tx: Tx, schoolId: string, groupId: number) {
  const [row] = await tx
    .select({ id: groups.id, year_id: groups.schoolYearId, head_teacher_id: groups.headTeacherId, ...groupLabels })
    .from(groups)
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(ofSchool(groups, schoolId, eq(groups.id, groupId)));
  return row;
}

/** Whether the user heads or teaches in the group. */
export async function teachesGroup(tx: Tx, schoolId: string, groupId: number, userId: number) {
  const [head] = await forSchool(tx, schoolId)
    .pick(groups, { id: groups.id })
    .where(eq(groups.id, groupId), eq(groups.headTeacherId, userId));
  if (head) return true;
  const [taught] = await forSchool(tx, schoolId)
    .pick(teachingAssignments, { id: teachingAssignments.groupId })
    .where(eq(teachingAssignments.groupId, groupId), eq(teachingAssignments.userId, userId))
    .limit(1);
  return taught !== undefined;
}

/** The students of a group (its year's enrollment), by surname. */
export function groupStudents(tx: Tx, schoolId: string, groupId: number) {
  return tx
    .select({
      id: students.id,
      name: personName(students),
      first_name: students.firstName,
      enrollment: students.enrollment,
      photo: students.photo,
    })
    .from(studentGroups)
    .innerJoin(students, sameSchool(students, studentGroups, eq(students.id, studentGroups.studentId)))
    .where(ofSchool(studentGroups, schoolId, eq(studentGroups.groupId, groupId)))
    .orderBy(...classListOrder(students));
}
