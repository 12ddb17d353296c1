import type { ExportQuery } from "@convive/domain";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { grades, groups, incidentStudents, incidents, students } from "../../db/schema/index.ts";
import { incidentIdIn, incidentsWhere, type Scope, studentsIncidents } from "./scope.ts";

/**
 * The archive's filters as one condition on `incidents`, and how to page it. Two shapes of query:
 * - dense (the whole school, a status, a category, a date range…): walk the index that matches the order and stop
 *   after the page — `ORDER BY … LIMIT` over incidents_occurred_idx and friends;
 * - sparse (a text search, a student, a group, a family's children): collect the few matches first (GIN, student
 *   and group indexes) and sort only those. Walking the date index for a rare match can read most of the school.
 */
export interface ArchivePlan {
  where: SQL;
  sparse: boolean;
}

/**
 * The text of the index incidents_search_idx, spelled exactly as in the migration so that the planner uses it.
 */
export const searchVector = sql`to_tsvector('simple', ${incidents.detail} || ' ' || coalesce(${incidents.place}, ''))`;

/**
 * Words of a search (letters and digits only, so they are safe in a tsquery). Case and accents are left to
 * to_tsquery, which folds them exactly as to_tsvector folded the indexed text.
 */
export const searchWords = (q: string) =>
  q
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);

/** Every word as a prefix: "insul patio" finds "Insultó … en el patio". */
const prefixQuery = (words: string[]) => words.map((w) => `${w}:*`).join(" & ");

/** Lower case without accents, in SQL and in JS (upper-case accented letters listed: lower() may not know them). */
const fold = (text: SQL) => sql`translate(lower(${text}), 'áéíóúüñÁÉÍÓÚÜÑ', 'aeiouunaeiouun')`;
const foldWord = (w: string) => w.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

/**
 * Students whose name holds every word (accents ignored), or whose enrollment is the search. A family searches
 * among their own children only: finding an anonymised classmate by name would undo the anonymising.
 */
function studentsNamed(scope: Scope, q: string, words: string[]) {
  const name = fold(
    sql`concat_ws(' ', ${students.firstName}, ${students.paternalSurname}, ${students.maternalSurname})`,
  );
  const byName = words.length ? and(...words.map((w) => sql`${name} like ${`%${foldWord(w)}%`}`)) : undefined;
  const byEnrollment = sql`lower(${students.enrollment}) = ${q.toLowerCase()}`;
  const theirs = scope.kind === "family" ? inArray(students.id, scope.childIds) : undefined;
  return sql`select ${students.id} from ${students}
              where ${and(eq(students.schoolId, scope.schoolId), theirs, byName ? or(byName, byEnrollment) : byEnrollment)}`;
}

/** Groups of a grade or of a section (any school year). */
const groupsOf = (schoolId: string, filter: { gradeId?: number; sectionId?: number }) =>
  filter.gradeId !== undefined
    ? sql`select ${groups.id} from ${groups} where ${groups.schoolId} = ${schoolId} and ${groups.gradeId} = ${filter.gradeId}`
    : sql`select ${groups.id} from ${groups} join ${grades} on ${grades.schoolId} = ${groups.schoolId}
            and ${grades.id} = ${groups.gradeId}
           where ${groups.schoolId} = ${schoolId} and ${grades.sectionId} = ${filter.sectionId}`;

/** The incidents of a set of groups: their own group, or a student's group at the time of the incident. */
function inGroups(schoolId: string, groupIds: SQL, single: boolean) {
  const students = sql`select ${incidentStudents.incidentId} from ${incidentStudents}
                        where ${incidentStudents.schoolId} = ${schoolId} and ${incidentStudents.groupId} in (${groupIds})`;
  // One group is a few hundred incidents: collect them through the indexes. A grade or a section is a large
  // share of the school: hash the students' incidents once and let the walk in date order filter.
  return single
    ? or(sql`${incidents.groupId} in (${groupIds})`, incidentIdIn(students))!
    : or(sql`${incidents.groupId} in (${groupIds})`, sql`${incidents.id} in (${students})`)!;
}

/** The filters of an archive or export query within the viewer's scope. */
export function archivePlan(scope: Scope, query: ExportQuery, timeZone: string): ArchivePlan {
  const { schoolId } = scope;
  const conds: (SQL | undefined)[] = [incidentsWhere(scope)];
  let sparse = scope.kind === "family";
  // Days are the school's: from 00:00 of `from` to 24:00 of `to` on its wall clock.
  if (query.from) conds.push(sql`${incidents.occurredAt} >= (${query.from}::date)::timestamp at time zone ${timeZone}`);
  if (query.to) conds.push(sql`${incidents.occurredAt} < (${query.to}::date + 1)::timestamp at time zone ${timeZone}`);
  if (query.status) conds.push(eq(incidents.status, query.status));
  if (query.category_id) conds.push(eq(incidents.categoryId, query.category_id));
  if (query.type_id) conds.push(eq(incidents.typeId, query.type_id));
  if (query.classification) conds.push(eq(incidents.classification, query.classification));
  if (query.subject_id) conds.push(eq(incidents.subjectId, query.subject_id));
  if (query.recorded_by) conds.push(eq(incidents.recordedBy, query.recorded_by));
  if (query.group_id) {
    conds.push(inGroups(schoolId, sql`${query.group_id}`, true));
    sparse = true;
  } else if (query.grade_id) {
    conds.push(inGroups(schoolId, groupsOf(schoolId, { gradeId: query.grade_id }), false));
  } else if (query.section_id) {
    conds.push(inGroups(schoolId, groupsOf(schoolId, { sectionId: query.section_id }), false));
  }
  if (query.student_id) {
    // Same reason as the name search: a family filters by their own children only.
    const allowed = scope.kind !== "family" || scope.childIds.includes(query.student_id);
    conds.push(allowed ? incidentIdIn(studentsIncidents(scope, [query.student_id])) : sql`false`);
    sparse = true;
  }
  if (query.q) {
    conds.push(searchCondition(scope, query.q));
    sparse = true;
  }
  return { where: and(...conds)!, sparse };
}

/** A folio when the search is a number; otherwise words of the detail or place, or a student's name. */
function searchCondition(scope: Scope, q: string): SQL {
  if (/^\d{1,9}$/.test(q)) return eq(incidents.folio, Number(q));
  const words = searchWords(q);
  const byStudent = incidentIdIn(
    sql`select ${incidentStudents.incidentId} from ${incidentStudents}
         where ${incidentStudents.schoolId} = ${scope.schoolId}
           and ${incidentStudents.studentId} = any(array(${studentsNamed(scope, q, words)}))`,
  );
  if (words.length === 0) return byStudent;
  // Both arms are index scans (GIN and primary key) that PostgreSQL ORs as bitmaps.
  return or(sql`${searchVector} @@ to_tsquery('simple', ${prefixQuery(words)})`, byStudent)!;
}

/** ORDER BY of a sort, matching the archive's indexes (which are DESC NULLS LAST, so the order says so too). */
export function archiveOrder(sort: ExportQuery["sort"]): SQL {
  const occurredDesc = sql`${incidents.occurredAt} desc nulls last, ${incidents.id} desc nulls last`;
  switch (sort) {
    case "occurred_at":
      return sql`${incidents.occurredAt} asc nulls first, ${incidents.id} asc nulls first`;
    case "-folio":
      return sql`${incidents.folio} desc`;
    case "folio":
      return sql`${incidents.folio} asc`;
    // minor < serious < very-serious: the words sort in order of severity.
    case "classification":
      return sql`${incidents.classification} asc, ${occurredDesc}`;
    case "-classification":
      return sql`${incidents.classification} desc, ${occurredDesc}`;
    default:
      return occurredDesc;
  }
}

/** The same order over the materialised matches of a sparse query (columns of the CTE `m`). */
export function matchesOrder(sort: ExportQuery["sort"]): SQL {
  switch (sort) {
    case "occurred_at":
      return sql`occurred_at, id`;
    case "-folio":
      return sql`folio desc`;
    case "folio":
      return sql`folio`;
    case "classification":
      return sql`classification, occurred_at desc, id desc`;
    case "-classification":
      return sql`classification desc, occurred_at desc, id desc`;
    default:
      return sql`occurred_at desc, id desc`;
  }
}
