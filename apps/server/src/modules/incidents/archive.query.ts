import type { ExportQuery } from "@convive/domain";
import { type AnyColumn, and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { grades, groups, incidents, students } from "../../db/schema/index.ts";
import { searchableName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { familyReads, familyTextMatch } from "./archive.family-search.ts";
import { inGroupIds, inStudentIds, requireFilterableStudent, type Scope, scopeConditions } from "./scope.ts";

/**
 * The archive's filters within the viewer's scope, all as conditions on the incident's own columns (the students
 * and groups an incident concerns are kept on it as student_ids and group_ids), so one statement pages and one
 * counts, each planned by PostgreSQL from the column statistics.
 */
export interface ArchiveSpec {
  schoolId: string;
  /** The scope and every filter but the dates. */
  where: SQL[];
  /** The date filters as bounds of the incident's time (from included, to excluded), for any column holding it. */
  since?: SQL;
  until?: SQL;
  /** A family's children, whose incidents a family's page walks in order (incident_students_walk_idx). */
  children?: readonly number[];
  /**
   * A family's word search, left out of `where`: finding exactly what they read means reading every incident of
   * theirs the stored text matches (redaction, archive.family-search.ts), which a page found by walking needs only
   * for its candidates. `superset` is the stored-text condition, `exact()` the condition of what they read,
   * `keeps(ids)` those of a page's candidates they read.
   */
  familySearch?: {
    superset: SQL;
    exact: () => Promise<SQL>;
    keeps: (ids: readonly number[]) => Promise<Set<number>>;
  };
}

/** The date filters on a column holding the incident's time. */
export const rangeOn = (spec: ArchiveSpec, column: AnyColumn): SQL[] => [
  ...(spec.since ? [sql`${column} >= ${spec.since}`] : []),
  ...(spec.until ? [sql`${column} < ${spec.until}`] : []),
];

/** Every condition of the spec (a family's word search read exactly). */
export async function specConditions(spec: ArchiveSpec): Promise<SQL> {
  const search = spec.familySearch ? [await spec.familySearch.exact()] : [];
  return and(...rangeOn(spec, incidents.occurredAt), ...spec.where, ...search)!;
}

/**
 * The stored, GIN-indexed words of an incident's detail and place (migration 0006_archive_search): folded (lower
 * case, no accents) and indexed as written, and stemmed in Spanish and English. Kept out of the drizzle schema so
 * no select carries it.
 */
const searchVector = sql.raw(`"incidents"."search_vector"`);

/**
 * Words of a search (letters and digits only, so they are safe in a tsquery).
 */
export const searchWords = (q: string) =>
  q
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);

/**
 * Every word as a prefix, folded as the column folds the text, matched as written or by its Spanish or English
 * stem: "insul patio" finds "Insultó … en el patio", "agresion" finds "agresión", "push" finds "pushing".
 */
function wordsMatch(words: string[]): SQL {
  const each = words.map((w) => {
    const prefix = `${foldWord(w)}:*`;
    return sql`(to_tsquery('simple', ${prefix}) || to_tsquery('spanish', ${prefix}) || to_tsquery('english', ${prefix}))`;
  });
  return sql`${searchVector} @@ (${sql.join(each, sql` && `)})`;
}

/** Lower case without accents, in SQL and in JS (upper-case accented letters listed: lower() may not know them). */
const fold = (text: SQL) => sql`translate(lower(${text}), 'áéíóúüñÁÉÍÓÚÜÑ', 'aeiouunaeiouun')`;
const foldWord = (w: string) => w.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

/**
 * Students whose name holds every word (accents ignored), or whose enrollment is the search. A family searches
 * among their own children only: finding an anonymised classmate by name would undo the anonymising.
 */
async function studentsNamed(db: Tx, scope: Scope, q: string, words: string[]): Promise<number[]> {
  const name = fold(searchableName(students));
  const byName = words.length ? and(...words.map((w) => sql`${name} like ${`%${foldWord(w)}%`}`)) : undefined;
  const byEnrollment = sql`lower(${students.enrollment}) = ${q.toLowerCase()}`;
  const rows = await forSchool(db, scope.schoolId)
    .pick(students, { id: students.id })
    .where(
      scope.kind === "family" ? inArray(students.id, scope.childIds) : undefined,
      byName ? or(byName, byEnrollment) : byEnrollment,
    )
    .limit(500);
  return rows.map((r) => r.id);
}

/** The groups a group, grade or section filter stands for (any school year). */
async function filterGroups(db: Tx, schoolId: string, query: ExportQuery): Promise<number[] | null> {
  if (query.group_id) return [query.group_id];
  if (!query.grade_id && !query.section_id) return null;
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .where(
      ofSchool(
        groups,
        schoolId,
        query.grade_id ? eq(groups.gradeId, query.grade_id) : eq(grades.sectionId, query.section_id!),
      ),
    );
  return rows.map((r) => r.id);
}

/** The filters of an archive or export query within the viewer's scope (a few small look-ups first). */
export async function archiveSpec(db: Tx, scope: Scope, query: ExportQuery, timeZone: string): Promise<ArchiveSpec> {
  const { schoolId } = scope;
  const where: SQL[] = scopeConditions(scope);
  const nothing = () => where.push(sql`false`);

  // Days are the school's: from 00:00 of `from` to 24:00 of `to` on its wall clock.
  const since = query.from ? sql`(${query.from}::date)::timestamp at time zone ${timeZone}` : undefined;
  const until = query.to ? sql`(${query.to}::date + 1)::timestamp at time zone ${timeZone}` : undefined;
  if (query.status) where.push(eq(incidents.status, query.status));
  if (query.category_id) where.push(eq(incidents.categoryId, query.category_id));
  if (query.type_id) where.push(eq(incidents.typeId, query.type_id));
  if (query.classification) where.push(eq(incidents.classification, query.classification));
  if (query.subject_id) where.push(eq(incidents.subjectId, query.subject_id));
  if (query.recorded_by) where.push(eq(incidents.recordedBy, query.recorded_by));
  if (query.not_status) where.push(sql`${incidents.status} <> ${query.not_status}`);
  if (query.place) where.push(sql`btrim(${incidents.place}) = ${query.place}`);
  // Weekday and hour on the school's wall clock (the strategic vision's heatmap cells).
  const local = sql`(${incidents.occurredAt} at time zone ${timeZone})`;
  if (query.weekday) where.push(sql`extract(isodow from ${local}) = ${query.weekday}`);
  if (query.hour !== undefined) where.push(sql`extract(hour from ${local}) = ${query.hour}`);

  const groupIds = await filterGroups(db, schoolId, query);
  if (groupIds !== null) where.push(groupIds.length === 0 ? sql`false` : inGroupIds(groupIds));
  if (query.student_id) {
    // A family filters by their own children only.
    requireFilterableStudent(scope, query.student_id);
    where.push(inStudentIds([query.student_id]));
  }
  if (query.q) {
    if (/^\d{1,9}$/.test(query.q)) where.push(eq(incidents.folio, Number(query.q)));
    else {
      const words = searchWords(query.q);
      const named = await studentsNamed(db, scope, query.q, words);
      const inText = words.length ? wordsMatch(words) : undefined;
      const byName = named.length ? inStudentIds(named) : undefined;
      const match = or(inText, byName);
      if (!match) nothing();
      else if (scope.kind === "family" && inText) {
        const family = scope;
        return {
          schoolId,
          where,
          since,
          until,
          children: family.childIds,
          familySearch: {
            superset: match,
            exact: async () => or(await familyTextMatch(db, family, inText, words), byName)!,
            keeps: (ids) => familyReads(db, family, ids, words, named),
          },
        };
      } else where.push(match);
    }
  }
  const children = scope.kind === "family" ? scope.childIds : undefined;
  return { schoolId, where, since, until, children };
}
