import type { Language } from "@convive/domain";
import { asc, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  grades,
  groups,
  incidentCategories,
  incidents,
  incidentTypes,
  memberships,
  observationTypes,
  profiles,
  schools,
  schoolYears,
  sections,
  studentGroups,
  students,
  subjects,
  teachingAssignments,
  users,
} from "../../db/schema/index.ts";
import { alphabetical, likeTerm, personName, searchableName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

/** A level's name for a reader of `language`: English when the school gave it one (issue 12 §6). */
export const sectionNameIn = (language: Language) =>
  language === "en" ? sql<string>`coalesce(${sections.nameEn}, ${sections.name})` : sql<string>`${sections.name}`;
/** "Primaria 1° A" ("Primary 1° A" in English): how a group is named wherever a person picks one. */
export const groupLabelIn = (language: Language) =>
  sql<string>`concat_ws(' ', ${sectionNameIn(language)}, ${grades.name}, ${groups.name})`;
export const groupLabel = groupLabelIn("es");
/** "Ana Pérez Ruiz". */
export const studentName = personName(students);
export const userName = personName(users);

/** The places quick-pick looks at the latest incidents only: an index range, never the whole table. */
const RECENT_INCIDENTS_FOR_PLACES = 500;

/** The school's time zone, its current year and today's date there (one row; year null when none is current). */
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
  return row;
}

export async function activeCatalogue(tx: Tx, schoolId: string) {
  const [categories, types, observations] = await Promise.all([
    forSchool(tx, schoolId)
      .select(incidentCategories)
      .where(eq(incidentCategories.isActive, true))
      .orderBy(asc(incidentCategories.order), asc(alphabetical(incidentCategories.nameEs)), asc(incidentCategories.id)),
    forSchool(tx, schoolId)
      .select(incidentTypes)
      .where(eq(incidentTypes.isActive, true))
      .orderBy(asc(alphabetical(incidentTypes.nameEs)), asc(incidentTypes.id)),
    forSchool(tx, schoolId)
      .select(observationTypes)
      .where(eq(observationTypes.isActive, true))
      .orderBy(asc(alphabetical(observationTypes.nameEs)), asc(observationTypes.id)),
  ]);
  return { categories, types, observations };
}

/** Groups of `yearId` with their label; `mine` when the user heads the group or teaches in it. */
export function yearGroups(tx: Tx, schoolId: string, yearId: number, userId: number, language: Language = "es") {
  // Raw SQL: a correlated exists() on the outer group row, keyed by its school.
  const teaches = sql`exists (select 1 from ${teachingAssignments} ta
    where ta.school_id = ${groups.schoolId} and ta.group_id = ${groups.id} and ta.user_id = ${userId})`;
  const mine = sql<boolean>`(${groups.headTeacherId} is not distinct from ${userId} or ${teaches})`;
  return tx
    .select({ id: groups.id, label: groupLabelIn(language), mine })
    .from(groups)
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(ofSchool(groups, schoolId, eq(groups.schoolYearId, yearId)))
    .orderBy(
      desc(mine),
      asc(sections.order),
      asc(sections.name),
      asc(grades.order),
      asc(grades.name),
      asc(groups.name),
    );
}

export const schoolSubjects = (tx: Tx, schoolId: string) =>
  forSchool(tx, schoolId)
    .pick(subjects, { id: subjects.id, name: subjects.name })
    .where()
    .orderBy(asc(alphabetical(subjects.name)), asc(subjects.id));

/** The user's teaching assignments in groups of `yearId`. */
export const userAssignments = (tx: Tx, schoolId: string, yearId: number, userId: number) =>
  tx
    .select({ group_id: teachingAssignments.groupId, subject_id: teachingAssignments.subjectId })
    .from(teachingAssignments)
    .innerJoin(groups, sameSchool(groups, teachingAssignments, eq(groups.id, teachingAssignments.groupId)))
    .where(
      ofSchool(teachingAssignments, schoolId, eq(teachingAssignments.userId, userId), eq(groups.schoolYearId, yearId)),
    )
    .orderBy(asc(teachingAssignments.groupId), asc(teachingAssignments.subjectId));

/** Active members whose account is active and whose profile is not Familiar (`only`: among these ids). */
export function activeStaff(tx: Tx, schoolId: string, only?: readonly number[]) {
  return tx
    .select({ id: users.id, name: userName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(profiles, sameSchool(profiles, memberships, eq(profiles.id, memberships.profileId)))
    .where(
      ofSchool(
        memberships,
        schoolId,
        eq(memberships.isActive, true),
        eq(users.isActive, true),
        sql`coalesce(${profiles.templateKey}, '') <> 'familiar'`,
        only ? inArray(users.id, [...only]) : undefined,
      ),
    )
    .orderBy(asc(alphabetical(users.firstName)), asc(alphabetical(users.paternalSurname)), asc(users.id));
}

/** The most used places among the school's latest incidents, most frequent first. */
export async function recentPlaces(tx: Tx, schoolId: string, limit: number) {
  const latest = forSchool(tx, schoolId)
    .pick(incidents, { place: incidents.place })
    .where()
    // NULLS LAST as in incidents_occurred_idx: a plain DESC (nulls first) would not use it and sort the table.
    .orderBy(sql`${incidents.occurredAt} desc nulls last`, sql`${incidents.id} desc nulls last`)
    .limit(RECENT_INCIDENTS_FOR_PLACES)
    .as("latest");
  const rows = await tx
    .select({ place: sql<string>`min(${latest.place})`, n: sql<number>`count(*)::int` })
    .from(latest)
    .where(isNotNull(latest.place))
    .groupBy(sql`lower(${latest.place})`)
    .orderBy(desc(sql`count(*)`), asc(sql`min(${latest.place})`))
    .limit(limit);
  return rows.map((r) => r.place);
}

/** Lower case without accents, for matching "jose" against "José". */
const folded = (value: SQL | string) =>
  sql`translate(lower(${value}), 'áéíóúüñàèìòùâêîôûäëïö', 'aeiouunaeiouaeiouaeio')`;

export interface StudentOptionsFilter {
  yearId: number | null;
  /** Words every one of which must appear in the name or the enrollment. */
  words?: readonly string[];
  groupId?: number;
  limit?: number;
  /** The reader's language, for the group labels. */
  language?: Language;
}

/** Active students with their group of `yearId` (label included), by surname. */
export function studentOptions(tx: Tx, schoolId: string, filter: StudentOptionsFilter) {
  const haystack = folded(sql`concat_ws(' ', ${searchableName(students)}, ${students.enrollment})`);
  const wordMatches = (filter.words ?? []).map((w) => sql`${haystack} like ${folded(likeTerm(w))}`);
  const query = tx
    .select({
      id: students.id,
      enrollment: students.enrollment,
      name: studentName,
      group_id: groups.id,
      group_label: sql<
        string | null
      >`case when ${groups.id} is null then null else ${groupLabelIn(filter.language ?? "es")} end`,
      photo: students.photo,
    })
    .from(students)
    .leftJoin(
      studentGroups,
      sameSchool(
        studentGroups,
        students,
        eq(studentGroups.studentId, students.id),
        eq(studentGroups.schoolYearId, filter.yearId ?? -1),
      ),
    )
    .leftJoin(groups, sameSchool(groups, studentGroups, eq(groups.id, studentGroups.groupId)))
    .leftJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .leftJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(
      ofSchool(
        students,
        schoolId,
        eq(students.status, "active"),
        filter.groupId ? eq(studentGroups.groupId, filter.groupId) : undefined,
        ...wordMatches,
      ),
    )
    .orderBy(
      asc(alphabetical(students.paternalSurname)),
      asc(alphabetical(students.maternalSurname)),
      asc(alphabetical(students.firstName)),
      asc(students.id),
    )
    .$dynamic();
  return filter.limit ? query.limit(filter.limit) : query;
}

export async function groupOfSchool(tx: Tx, schoolId: string, groupId: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(groups, { id: groups.id, schoolYearId: groups.schoolYearId })
    .where(eq(groups.id, groupId));
  return row;
}
