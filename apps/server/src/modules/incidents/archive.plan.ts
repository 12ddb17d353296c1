import { CLASSIFICATIONS, type ExportQuery, INCIDENT_LIMITS } from "@convive/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidentStudents, incidents } from "../../db/schema/index.ts";
import { ofSchool } from "../../lib/tenant-db.ts";
import { archiveOrder, matchesOrder } from "./archive.order.ts";
import { type ArchiveSpec, rangeOn, specConditions } from "./archive.query.ts";

export interface PageOfIds {
  ids: number[];
  /**
   * Matches counted up to the cap plus one (more than the cap means "capped"), or null when the page was found
   * without counting and the count was left for later (count "later").
   */
  counted: number | null;
}

/**
 * "now": the page and its count; "later": the page, with its count only when finding the page gave it for free
 * (GET /api/incidents/count gives it otherwise); "none": the page alone, however large (the export).
 */
export type CountMode = "now" | "later" | "none";

/**
 * Rows of the school the first attempt examines, newest first (or in the page's order): enough to fill a page
 * when one incident in 150 matches, and at about 2 µs a row at most some 8 ms when it does not.
 */
export const WALK_WINDOW = 4_000;

/**
 * One page of matching ids, and the number of matches up to `INCIDENT_LIMITS.countCap` + 1 — never a COUNT over
 * the whole school. Every filter is a condition on the incident's own columns. Three plans, cheapest first:
 *
 * 1. A bounded walk: the newest WALK_WINDOW incidents of the school (in the page's order, within the date range)
 *    are read along the index of that order and the filters checked on each; when they hold the page, it is
 *    answered. Dense filters — a word half the incidents use, a teacher's groups — end here in a few ms; counting
 *    their matches first (bitmaps of hundreds of thousands of entries) took up to 170 ms at a million incidents.
 *    A family's walk is over their children's incidents (incident_students in the archive's order), not the
 *    school's: one incident in a hundred is theirs, and reading all of them to sort them was their slowest page.
 * 2. The sparse set: the matches (up to the cap plus one) collected through the indexes of the filters, counted
 *    and sorted in memory in one statement — the page and the exact count together.
 * 3. A large set that is old (a date range a year back, the oldest first): the index of the page's order, walked
 *    by PostgreSQL. Left to itself the planner walks that index for rare combinations too (it cannot know that a
 *    family's children and a grade's groups seldom meet) and reads the whole school to find nothing: plan 2 has
 *    shown by then that the set is large.
 */
export async function pageOfIds(
  db: Tx,
  spec: ArchiveSpec,
  sort: ExportQuery["sort"],
  limit: number,
  offset: number,
  count: CountMode = "now",
): Promise<PageOfIds> {
  if (count === "none") {
    return { ids: await idsInOrder(db, await specConditions(spec), sort, limit, offset), counted: null };
  }
  const cap = INCIDENT_LIMITS.countCap;
  const walked = await walk(db, spec, sort, limit + offset);
  if (walked) {
    const ids = walked.slice(offset);
    return { ids, counted: count === "now" ? await countWhere(db, await specConditions(spec), cap + 1) : null };
  }
  const where = await specConditions(spec);
  const sparse = await sortedMatches(db, where, sort, limit, offset, cap + 1);
  if (sparse.counted <= cap) return sparse;
  return { ids: await idsInOrder(db, where, sort, limit, offset), counted: sparse.counted };
}

/**
 * Plan 1, the family's or the school's walk. A family's word search walks on the stored text (a superset of what
 * they read) for a few more candidates than the page needs, and keeps those they read: redaction rarely takes a
 * match away, and when it takes too many the page is found by plan 2 or 3 with the exact condition.
 */
async function walk(db: Tx, spec: ArchiveSpec, sort: ExportQuery["sort"], needed: number) {
  const search = spec.familySearch;
  const where = search ? [...spec.where, search.superset] : spec.where;
  const slack = search ? SEARCH_SLACK : 0;
  const found = spec.children
    ? await familyWalk(db, spec, where, spec.children, sort, needed + slack)
    : await boundedWalk(db, spec, where, sort, needed + slack);
  if (!found || !search) return found;
  const kept = await search.keeps(found);
  const ids = found.filter((id) => kept.has(id));
  return ids.length >= needed ? ids.slice(0, needed) : null;
}

/** Candidates beyond the page a family's word search walks for, in case redaction takes some away. */
const SEARCH_SLACK = 10;

/** Sorts a bounded walk serves: those of one index (by classification takes three walks: plan 2, then 3). */
const walkable = (sort: ExportQuery["sort"]) => sort !== "classification" && sort !== "-classification";
const byDate = (sort: ExportQuery["sort"]) => sort === "-occurred_at" || sort === "occurred_at";

/**
 * Plan 1: the first `needed` matches among the first WALK_WINDOW incidents of the school in the page's order, or
 * null when the window holds fewer. The window is a subquery with its own LIMIT, which PostgreSQL neither
 * reorders nor pushes the filters into: it walks the order's index (the outer ORDER BY is the subquery's, so
 * no sort) and stops at the `needed`-th match. The date range bounds the walk when the order is by date;
 * otherwise it is one more filter (a range of dates walked by folio would skip rows without counting them).
 */
async function boundedWalk(db: Tx, spec: ArchiveSpec, where: SQL[], sort: ExportQuery["sort"], needed: number) {
  if (!walkable(sort) || needed >= WALK_WINDOW) return null;
  const range = rangeOn(spec, incidents.occurredAt);
  const windowWhere = and(ofSchool(incidents, spec.schoolId), ...(byDate(sort) ? range : []));
  const filters = and(...where, ...(byDate(sort) ? [] : range));
  const order = archiveOrder(sort);
  // The subquery takes the table's name, so the filters (written against "incidents") read the window's rows.
  const result = await db.execute(sql`
    select ${incidents.id} as id
      from (select * from ${incidents} where ${windowWhere} order by ${order} limit ${WALK_WINDOW}) as ${incidents}
     where ${filters}
     order by ${order}
     limit ${needed}`);
  const ids = rowsOf<{ id: number }>(result).map((r) => Number(r.id));
  return ids.length === needed ? ids : null;
}

/**
 * Plan 1 for a family: the first `needed` matches among the WALK_WINDOW newest (or oldest) incident rows of their
 * children, or null when those hold fewer. Each child's rows come in order from incident_students_walk_idx
 * (within the date range), merged, and joined to their incidents for the filters in that order, so the walk stops
 * at the page. An incident of two of the children comes twice: `needed` for each child is fetched and the
 * repeats dropped.
 */
async function familyWalk(
  db: Tx,
  spec: ArchiveSpec,
  where: SQL[],
  children: readonly number[],
  sort: ExportQuery["sort"],
  needed: number,
) {
  if (!byDate(sort) || needed >= WALK_WINDOW || children.length === 0) return null;
  const s = incidentStudents;
  const direction = sort === "occurred_at" ? sql`asc nulls first` : sql`desc nulls last`;
  const arms = children.map(
    (child) => sql`(select ${s.incidentId} as incident_id, ${s.occurredAt} as occurred_at from ${s}
       where ${and(ofSchool(s, spec.schoolId), eq(s.studentId, child), ...rangeOn(spec, s.occurredAt))}
       order by ${s.occurredAt} ${direction}, ${s.incidentId} ${direction} limit ${WALK_WINDOW})`,
  );
  const result = await db.execute(sql`
    select w.incident_id as id
      from (select incident_id, occurred_at from (${sql.join(arms, sql` union all `)}) u
             order by occurred_at ${direction}, incident_id ${direction} limit ${WALK_WINDOW}) w
      join ${incidents} on ${incidents.schoolId} = ${spec.schoolId} and ${incidents.id} = w.incident_id
     where ${and(...where)}
     order by w.occurred_at ${direction}, w.incident_id ${direction}
     limit ${needed * children.length}`);
  const ids = [...new Set(rowsOf<{ id: number }>(result).map((r) => Number(r.id)))].slice(0, needed);
  return ids.length === needed ? ids : null;
}

/**
 * Plan 2: all matches up to `max`, collected through the filters' indexes, counted, and the page sorted from them
 * in memory. One statement; always one row, so the count comes back when the page is past the end.
 */
async function sortedMatches(
  db: Tx,
  where: SQL,
  sort: ExportQuery["sort"],
  limit: number,
  offset: number,
  max: number,
) {
  const result = await db.execute(sql`
    with m as materialized (
      select ${incidents.id} as id, ${incidents.occurredAt} as occurred_at, ${incidents.folio} as folio,
             ${incidents.classification} as classification
        from ${incidents} where ${where} limit ${max})
    select (select count(*) from m)::int as n,
           (select coalesce(array_agg(id), '{}') from
             (select id from m order by ${matchesOrder(sort)} limit ${limit} offset ${offset}) p) as ids`);
  const row = rowsOf<{ n: number; ids: (number | string)[] }>(result)[0];
  return { ids: (row?.ids ?? []).map(Number), counted: Number(row?.n ?? 0) };
}

/**
 * Matching ids in the archive's order, walking the index of that order. By classification, one walk per
 * classification (incidents_classification_idx, newest first within each) concatenated: the three values are
 * known, and no single index serves "most severe first, then newest" in one pass.
 */
export async function idsInOrder(db: Tx, where: SQL, sort: ExportQuery["sort"], limit: number, offset = 0) {
  if (sort === "classification" || sort === "-classification") {
    const values = sort === "classification" ? CLASSIFICATIONS : [...CLASSIFICATIONS].reverse();
    const arms = values.map(
      (value, k) => sql`(select ${incidents.id} as id, ${k}::int as k, ${incidents.occurredAt} as occurred_at
                           from ${incidents} where ${and(where, eq(incidents.classification, value))}
                          order by ${archiveOrder("-occurred_at")} limit ${limit + offset})`,
    );
    const result = await db.execute(sql`
      select id from (${sql.join(arms, sql` union all `)}) u
       order by k, occurred_at desc, id desc limit ${limit} offset ${offset}`);
    return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
  }
  const rows = await db
    .select({ id: incidents.id })
    .from(incidents)
    .where(where)
    .orderBy(archiveOrder(sort))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

/** The matches of a spec, counted up to the cap plus one (GET /api/incidents/count). */
export const countMatches = async (db: Tx, spec: ArchiveSpec) =>
  countWhere(db, await specConditions(spec), INCIDENT_LIMITS.countCap + 1);

const countWhere = async (db: Tx, where: SQL, max: number) => {
  const result = await db.execute(
    sql`select count(*)::int as n from (select 1 from ${incidents} where ${where} limit ${max}) c`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
};

/** drizzle's execute answers `{ rows }` on both drivers. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
