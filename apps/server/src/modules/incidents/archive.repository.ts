import { type ExportQuery, INCIDENT_LIMITS } from "@convive/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
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
import { type ArchivePlan, archiveOrder, matchesOrder } from "./archive.query.ts";

/** "Primaria 1° A", as the registration screens label groups. */
export const groupLabel = sql<string>`concat_ws(' ', ${sections.name}, ${grades.name}, ${groups.name})`;
/** A member as the archive names them: first name and paternal surname. */
export const memberName = (u: { firstName: AnyPgColumn; paternalSurname: AnyPgColumn }) =>
  sql<string>`trim(concat_ws(' ', ${u.firstName}, ${u.paternalSurname}))`;
/** A student's full name. */
export const studentName = sql<string>`concat_ws(' ', ${students.firstName}, nullif(${students.paternalSurname}, ''), nullif(${students.maternalSurname}, ''))`;

export async function schoolClock(tx: Tx, schoolId: string) {
  const [row] = await tx
    .select({ name: schools.name, timeZone: schools.timeZone })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row ?? { name: "", timeZone: "America/Mexico_City" };
}

export interface PageOfIds {
  ids: number[];
  /** Matches counted up to the cap plus one (more than the cap means "capped"). */
  counted: number;
}

/**
 * One page of matching ids and the number of matches up to `countCap` + 1. A sparse plan materialises its few
 * matches once and both sorts and counts them in one statement; a dense plan walks an index for the page while a
 * second statement counts over a LIMIT-ed subquery (never a COUNT over the whole school).
 */
export async function pageOfIds(
  db: Tx,
  plan: ArchivePlan,
  sort: ExportQuery["sort"],
  limit: number,
  offset: number,
  countCap: number = INCIDENT_LIMITS.countCap,
): Promise<PageOfIds> {
  if (plan.sparse) {
    const result = await db.execute(sql`
      with m as materialized (
        select ${incidents.id} as id, ${incidents.occurredAt} as occurred_at, ${incidents.folio} as folio,
               ${incidents.classification} as classification
          from ${incidents} where ${plan.where})
      select array(select id from m order by ${matchesOrder(sort)} limit ${limit} offset ${offset}) as ids,
             (select count(*)::int from (select 1 from m limit ${countCap + 1}) c) as counted`);
    const row = rowsOf<{ ids: number[] | null; counted: number }>(result)[0];
    return { ids: (row?.ids ?? []).map(Number), counted: Number(row?.counted ?? 0) };
  }
  const [page, counted] = await Promise.all([
    idsInOrder(db, plan, sort, limit, offset),
    countCap > 0 ? countUpTo(db, plan, countCap + 1) : Promise.resolve(0),
  ]);
  return { ids: page, counted };
}

/** Matching ids in the archive's order, walking the index of that order. */
export async function idsInOrder(db: Tx, plan: ArchivePlan, sort: ExportQuery["sort"], limit: number, offset = 0) {
  const rows = await db
    .select({ id: incidents.id })
    .from(incidents)
    .where(plan.where)
    .orderBy(archiveOrder(sort))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

async function countUpTo(db: Tx, plan: ArchivePlan, max: number) {
  const result = await db.execute(
    sql`select count(*)::int as n from (select 1 from ${incidents} where ${plan.where} limit ${max}) c`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** drizzle's execute answers `{ rows }` on both drivers. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const recorder = alias(users, "recorder");
const closer = alias(users, "closer");
const canceller = alias(users, "canceller");

/** Every field of some incidents with the names they refer to, in no particular order. */
export async function incidentRows(db: Tx, schoolId: string, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: incidents.id,
      folio: incidents.folio,
      status: incidents.status,
      occurredAt: incidents.occurredAt,
      category: { id: incidentCategories.id, name_es: incidentCategories.nameEs, name_en: incidentCategories.nameEn },
      type: { id: incidentTypes.id, name_es: incidentTypes.nameEs, name_en: incidentTypes.nameEn },
      classification: incidents.classification,
      detail: incidents.detail,
      place: incidents.place,
      groupId: incidents.groupId,
      groupLabel,
      subjectId: incidents.subjectId,
      subjectName: subjects.name,
      recordedBy: incidents.recordedBy,
      recorderName: memberName(recorder),
      visibleToFamily: incidents.visibleToFamily,
      points: incidents.points,
      schoolYear: { id: schoolYears.id, name: schoolYears.name },
      periodId: incidents.periodId,
      periodName: periods.name,
      createdAt: incidents.createdAt,
      closedAt: incidents.closedAt,
      closedBy: incidents.closedBy,
      closerName: memberName(closer),
      closingNote: incidents.closingNote,
      cancelledAt: incidents.cancelledAt,
      cancelledBy: incidents.cancelledBy,
      cancellerName: memberName(canceller),
      cancelReason: incidents.cancelReason,
    })
    .from(incidents)
    .innerJoin(
      incidentCategories,
      and(eq(incidentCategories.schoolId, incidents.schoolId), eq(incidentCategories.id, incidents.categoryId)),
    )
    .innerJoin(
      incidentTypes,
      and(eq(incidentTypes.schoolId, incidents.schoolId), eq(incidentTypes.id, incidents.typeId)),
    )
    .innerJoin(
      schoolYears,
      and(eq(schoolYears.schoolId, incidents.schoolId), eq(schoolYears.id, incidents.schoolYearId)),
    )
    .leftJoin(periods, and(eq(periods.schoolId, incidents.schoolId), eq(periods.id, incidents.periodId)))
    .leftJoin(groups, and(eq(groups.schoolId, incidents.schoolId), eq(groups.id, incidents.groupId)))
    .leftJoin(grades, and(eq(grades.schoolId, groups.schoolId), eq(grades.id, groups.gradeId)))
    .leftJoin(sections, and(eq(sections.schoolId, grades.schoolId), eq(sections.id, grades.sectionId)))
    .leftJoin(subjects, and(eq(subjects.schoolId, incidents.schoolId), eq(subjects.id, incidents.subjectId)))
    .innerJoin(recorder, eq(recorder.id, incidents.recordedBy))
    .leftJoin(closer, eq(closer.id, incidents.closedBy))
    .leftJoin(canceller, eq(canceller.id, incidents.cancelledBy))
    .where(and(eq(incidents.schoolId, schoolId), inArray(incidents.id, [...ids])));
}
export type IncidentRow = Awaited<ReturnType<typeof incidentRows>>[number];

/** The students of some incidents with their group at the time, by incident, role (involved first) and name. */
export async function incidentStudentRows(db: Tx, schoolId: string, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      incidentId: incidentStudents.incidentId,
      studentId: incidentStudents.studentId,
      role: incidentStudents.role,
      name: studentName,
      enrollment: students.enrollment,
      photo: students.photo,
      groupLabel: sql<string | null>`case when ${groups.id} is null then null else ${groupLabel} end`,
    })
    .from(incidentStudents)
    .innerJoin(
      students,
      and(eq(students.schoolId, incidentStudents.schoolId), eq(students.id, incidentStudents.studentId)),
    )
    .leftJoin(groups, and(eq(groups.schoolId, incidentStudents.schoolId), eq(groups.id, incidentStudents.groupId)))
    .leftJoin(grades, and(eq(grades.schoolId, groups.schoolId), eq(grades.id, groups.gradeId)))
    .leftJoin(sections, and(eq(sections.schoolId, grades.schoolId), eq(sections.id, grades.sectionId)))
    .where(and(eq(incidentStudents.schoolId, schoolId), inArray(incidentStudents.incidentId, [...ids])))
    .orderBy(
      asc(incidentStudents.incidentId),
      sql`array_position(array['involved', 'affected', 'witness'], ${incidentStudents.role})`,
      asc(students.paternalSurname),
      asc(students.maternalSurname),
      asc(students.firstName),
    );
}
export type IncidentStudentRow = Awaited<ReturnType<typeof incidentStudentRows>>[number];
