import type { Language } from "@convive/domain";
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import {
  grades,
  groups,
  incidentCategories,
  incidentStudents,
  incidents,
  incidentTypes,
  periods,
  schools,
  schoolYears,
  sections,
  students,
  subjects,
  users,
} from "../../db/schema/index.ts";
import { alphabetical, personName, shortName } from "../../lib/names.ts";
import { forSchool, inSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

export async function schoolClock(tx: Tx, schoolId: string) {
  const [row] = await tx
    .select({ name: schools.name, timeZone: schools.timeZone, logo: schools.logo })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row ?? { name: "", timeZone: "America/Mexico_City", logo: null };
}

/** A scalar subquery: one row of a small table by its key, planned on its own (see incidentRows). */
const lookup = <T>(query: SQL) => sql<T>`(${query})`;
const nameOf = (
  table: typeof incidentCategories | typeof incidentTypes,
  id: AnyPgColumn,
  column: "name_es" | "name_en",
) =>
  lookup<string | null>(
    sql`select ${sql.identifier(column)} from ${table} t where t.school_id = ${incidents.schoolId} and t.id = ${id}`,
  );
/**
 * "Primaria 1° A" ("Primary 1° A" to a reader of English when the level has an English name) of a group id, as
 * the registration screens label groups (null when there is none).
 */
export const groupLabelOf = (school: AnyPgColumn, id: AnyPgColumn, language: Language) =>
  lookup<string | null>(
    sql`select concat_ws(' ', ${language === "en" ? sql`coalesce(s.name_en, s.name)` : sql`s.name`}, gr.name, g.name)
          from ${groups} g
          join ${grades} gr on gr.school_id = g.school_id and gr.id = g.grade_id
          join ${sections} s on s.school_id = gr.school_id and s.id = gr.section_id
         where g.school_id = ${school} and g.id = ${id}`,
  );
const userNamed = (id: AnyPgColumn) =>
  lookup<string | null>(sql`select ${shortName(users)} from ${users} where ${users.id} = ${id}`);

/**
 * Every field of some incidents with the names they refer to, in no particular order. The names come from scalar
 * subqueries, not joins: a dozen joins cost PostgreSQL more to plan (milliseconds) than 25 rows cost to read.
 */
export async function incidentRows(db: Tx, schoolId: string, ids: readonly number[], language: Language = "es") {
  if (ids.length === 0) return [];
  const i = incidents;
  // Incidents are the most sensitive rows: PostgreSQL holds the read to the school as well (see inSchool).
  const rows = await inSchool(db, schoolId, (scoped) =>
    forSchool(scoped, schoolId)
      .pick(i, {
        id: i.id,
        folio: i.folio,
        status: i.status,
        occurredAt: i.occurredAt,
        categoryId: i.categoryId,
        categoryEs: nameOf(incidentCategories, i.categoryId, "name_es"),
        categoryEn: nameOf(incidentCategories, i.categoryId, "name_en"),
        typeId: i.typeId,
        typeEs: nameOf(incidentTypes, i.typeId, "name_es"),
        typeEn: nameOf(incidentTypes, i.typeId, "name_en"),
        classification: i.classification,
        detail: i.detail,
        place: i.place,
        groupId: i.groupId,
        groupLabel: groupLabelOf(i.schoolId, i.groupId, language),
        subjectId: i.subjectId,
        subjectName: lookup<string | null>(
          sql`select t.name from ${subjects} t where t.school_id = ${i.schoolId} and t.id = ${i.subjectId}`,
        ),
        recordedBy: i.recordedBy,
        recorderName: userNamed(i.recordedBy),
        visibleToFamily: i.visibleToFamily,
        points: i.points,
        schoolYearId: i.schoolYearId,
        schoolYearName: lookup<string | null>(
          sql`select t.name from ${schoolYears} t where t.school_id = ${i.schoolId} and t.id = ${i.schoolYearId}`,
        ),
        periodId: i.periodId,
        periodName: lookup<string | null>(
          sql`select t.name from ${periods} t where t.school_id = ${i.schoolId} and t.id = ${i.periodId}`,
        ),
        periodNameEn: lookup<string | null>(
          sql`select t.name_en from ${periods} t where t.school_id = ${i.schoolId} and t.id = ${i.periodId}`,
        ),
        createdAt: i.createdAt,
        closedAt: i.closedAt,
        closedBy: i.closedBy,
        closerName: userNamed(i.closedBy),
        closingNote: i.closingNote,
        cancelledAt: i.cancelledAt,
        cancelledBy: i.cancelledBy,
        cancellerName: userNamed(i.cancelledBy),
        cancelReason: i.cancelReason,
      })
      .where(inArray(i.id, [...ids])),
  );
  return rows.map(({ categoryEs, categoryEn, typeEs, typeEn, schoolYearName, ...r }) => ({
    ...r,
    category: { id: r.categoryId, name_es: categoryEs ?? "", name_en: categoryEn },
    type: { id: r.typeId, name_es: typeEs ?? "", name_en: typeEn },
    schoolYear: { id: r.schoolYearId, name: schoolYearName ?? "" },
    groupLabel: r.groupLabel ?? "",
    recorderName: r.recorderName ?? "",
  }));
}
export type IncidentRow = Awaited<ReturnType<typeof incidentRows>>[number];

/** The students of some incidents with their group at the time, by incident, role (involved first) and name. */
export async function incidentStudentRows(db: Tx, schoolId: string, ids: readonly number[], language: Language = "es") {
  if (ids.length === 0) return [];
  return inSchool(db, schoolId, (scoped) =>
    scoped
      .select({
        incidentId: incidentStudents.incidentId,
        studentId: incidentStudents.studentId,
        role: incidentStudents.role,
        name: personName(students),
        enrollment: students.enrollment,
        photo: students.photo,
        groupLabel: groupLabelOf(incidentStudents.schoolId, incidentStudents.groupId, language),
      })
      .from(incidentStudents)
      .innerJoin(students, sameSchool(students, incidentStudents, eq(students.id, incidentStudents.studentId)))
      .where(ofSchool(incidentStudents, schoolId, inArray(incidentStudents.incidentId, [...ids])))
      .orderBy(
        asc(incidentStudents.incidentId),
        sql`array_position(array['involved', 'affected', 'witness'], ${incidentStudents.role})`,
        asc(alphabetical(students.paternalSurname)),
        asc(alphabetical(students.maternalSurname)),
        asc(alphabetical(students.firstName)),
      ),
  );
}
export type IncidentStudentRow = Awaited<ReturnType<typeof incidentStudentRows>>[number];

/**
 * The students of these incidents (each incident's `student_ids`), once each: an export names them all, so its
 * read is logged once per student (issue 30 §4). One statement for the export's whole list.
 */
export async function studentsOfIncidents(tx: Tx, schoolId: string, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await forSchool(tx, schoolId)
    .pick(incidents, { studentId: sql<number>`unnest(${incidents.studentIds})` })
    .where(inArray(incidents.id, [...ids]));
  return [...new Set(rows.map((r) => Number(r.studentId)))];
}
