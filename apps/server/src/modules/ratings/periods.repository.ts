import type { Language } from "@convive/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  familyLinks,
  grades,
  groups,
  periods,
  ratingComments,
  ratings,
  schoolYears,
  sections,
  studentGroups,
  students,
  users,
} from "../../db/schema/index.ts";
import { alphabetical, personName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { publishedPeriodsFor } from "./publications.repository.ts";
import { groupLabelIn, studentName } from "./ratings.repository.ts";

/** SQL of the periods' side of ratings: completion, publishing to families, and what a family reads. */

/** Each group of the year: its active students and how many of their cells of `measureIds` are rated. */
export async function groupCompletion(
  tx: Tx,
  schoolId: string,
  yearId: number,
  periodId: number,
  measureIds: number[],
  language: Language,
) {
  const measures = sql.raw(`'{${measureIds.map(Number).join(",")}}'::integer[]`);
  return tx
    .select({
      id: groups.id,
      label: groupLabelIn(language),
      headTeacherId: groups.headTeacherId,
      headTeacherName: sql<string | null>`${personName(users)}`,
      students: sql<number>`(select count(*)::int from student_groups sg
        join students s on s.school_id = sg.school_id and s.id = sg.student_id and s.status = 'active'
        where sg.school_id = ${groups.schoolId} and sg.group_id = ${groups.id})`,
      rated: sql<number>`(select count(*)::int from student_groups sg
        join students s on s.school_id = sg.school_id and s.id = sg.student_id and s.status = 'active'
        join ratings r on r.school_id = sg.school_id and r.student_id = sg.student_id
          and r.period_id = ${periodId} and r.measure_id = any(${measures})
        where sg.school_id = ${groups.schoolId} and sg.group_id = ${groups.id})`,
    })
    .from(groups)
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .leftJoin(users, eq(users.id, groups.headTeacherId))
    .where(ofSchool(groups, schoolId, eq(groups.schoolYearId, yearId)))
    .orderBy(sections.order, grades.order, grades.name, groups.name);
}

/** How many cells each member rated in the period, with their names. */
export function ratedByMember(tx: Tx, schoolId: string, periodId: number) {
  return tx
    .select({ id: ratings.ratedBy, name: personName(users), count: sql<number>`count(*)::int` })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.ratedBy))
    .where(ofSchool(ratings, schoolId, eq(ratings.periodId, periodId)))
    .groupBy(ratings.ratedBy, users.firstName, users.paternalSurname, users.maternalSurname);
}

/** The family members of these students. */
export function familiesOf(tx: Tx, schoolId: string, studentIds: number[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return forSchool(tx, schoolId)
    .pick(familyLinks, { userId: familyLinks.userId, studentId: familyLinks.studentId })
    .where(inArray(familyLinks.studentId, studentIds));
}

/** Where and in which language each user reads e-mail; disabled accounts get none. */
export function mailboxes(tx: Tx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.isActive, true)));
}

/** The children with their name and current group's label. */
export function childrenOf(tx: Tx, schoolId: string, ids: number[], language: Language) {
  if (ids.length === 0) return Promise.resolve([]);
  const currentYear = sql`(select sy.id from school_years sy where sy.school_id = ${students.schoolId} and sy.is_current)`;
  return tx
    .select({ id: students.id, name: studentName, group: sql<string | null>`${groupLabelIn(language)}` })
    .from(students)
    .leftJoin(
      studentGroups,
      sameSchool(
        studentGroups,
        students,
        eq(studentGroups.studentId, students.id),
        eq(studentGroups.schoolYearId, currentYear),
      ),
    )
    .leftJoin(groups, sameSchool(groups, studentGroups, eq(groups.id, studentGroups.groupId)))
    .leftJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .leftJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(ofSchool(students, schoolId, inArray(students.id, ids)))
    .orderBy(asc(alphabetical(students.firstName)), asc(students.id));
}

/**
 * The children's ratings of the periods published for them (publishedPeriodsFor: their group's publication, its
 * window over) in the current school year, newest period last.
 */
export async function publishedRatings(tx: Tx, schoolId: string, studentIds: number[]) {
  const published = await publishedPeriodsFor(tx, schoolId, studentIds);
  if (published.length === 0) return [];
  const when = new Map(published.map((p) => [`${p.studentId}:${p.periodId}`, p.publishedAt]));
  const rows = await tx
    .select({
      studentId: ratings.studentId,
      measureId: ratings.measureId,
      value: ratings.value,
      scaleVersionId: ratings.scaleVersionId,
      periodId: periods.id,
      periodName: periods.name,
      periodNameEn: periods.nameEn,
      startsOn: periods.startsOn,
    })
    .from(ratings)
    .innerJoin(periods, sameSchool(periods, ratings, eq(periods.id, ratings.periodId)))
    // This year's periods: a closed year's Bimestre 1 beside this year's would read as the same one. Past years are
    // on the scorecard, by year.
    .innerJoin(
      schoolYears,
      sameSchool(schoolYears, periods, and(eq(schoolYears.id, periods.schoolYearId), eq(schoolYears.isCurrent, true))),
    )
    .where(
      ofSchool(
        ratings,
        schoolId,
        inArray(ratings.studentId, studentIds),
        inArray(ratings.periodId, [...new Set(published.map((p) => p.periodId))]),
      ),
    )
    .orderBy(periods.startsOn);
  return rows.flatMap((r) => {
    const publishedAt = when.get(`${r.studentId}:${r.periodId}`);
    return publishedAt ? [{ ...r, publishedAt }] : [];
  });
}

/** Comments marked for the family, of these students and periods. */
export function familyComments(tx: Tx, schoolId: string, studentIds: number[], periodIds: number[]) {
  if (studentIds.length === 0 || periodIds.length === 0) return Promise.resolve([]);
  return forSchool(tx, schoolId)
    .pick(ratingComments, {
      studentId: ratingComments.studentId,
      periodId: ratingComments.periodId,
      text: ratingComments.text,
    })
    .where(
      inArray(ratingComments.studentId, studentIds),
      inArray(ratingComments.periodId, periodIds),
      eq(ratingComments.visibleToFamily, true),
    );
}
