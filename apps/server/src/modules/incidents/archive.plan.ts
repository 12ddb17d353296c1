import { CLASSIFICATIONS, type ExportQuery, INCIDENT_LIMITS } from "@convive/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidents } from "../../db/schema/index.ts";
import { archiveOrder, matchesOrder } from "./archive.order.ts";
import type { ArchiveSpec } from "./archive.query.ts";
import { cheapForm, driverForm, probeForm, setForm, studentsIncidents } from "./scope.ts";

/**
 * A predicate that matches at most this many incidents drives the query: its matches are collected through its
 * own indexes, filtered, and sorted in memory. Larger ones are checked row by row while the index of the page's
 * order is walked (which stops after the page).
 */
export const SPARSE_MAX = 3000;

export interface PageOfIds {
  ids: number[];
  /** Matches counted up to the cap plus one (more than the cap means "capped"). */
  counted: number;
}

/**
 * One page of matching ids and the number of matches up to `countCap` + 1 (0: not counted). Never a COUNT over
 * the whole school:
 * - sparse: the small predicate's matches are materialised once, then sorted for the page and counted;
 * - dense: the page walks an index in its order while a second statement counts — a lower bound that indexes
 *   count alone when no column filter narrows the set, the exact count (students' incidents as a set) otherwise or
 *   when the bound stays under the cap.
 */
export async function pageOfIds(
  db: Tx,
  spec: ArchiveSpec,
  sort: ExportQuery["sort"],
  limit: number,
  offset: number,
  countCap: number = INCIDENT_LIMITS.countCap,
): Promise<PageOfIds> {
  const { driver, known } = await choosePlan(db, spec, countCap);
  if (driver !== null) return sparsePage(db, spec, driver, sort, limit, offset, countCap);

  const { base, preds } = spec;
  const where = and(...base, ...preds.map(probeForm))!;
  const counting = countCap + 1;
  const exact = () => countWhere(db, and(...base, ...preds.map((p) => setForm(spec.schoolId, p)))!, counting);
  if (countCap === 0) return { ids: await idsInOrder(db, where, sort, limit, offset), counted: 0 };
  if (preds.length === 0) {
    const [ids, counted] = await Promise.all([
      idsInOrder(db, where, sort, limit, offset),
      countWhere(db, where, counting),
    ]);
    return { ids, counted };
  }
  // Without column filters a large set usually passes the cap: a lower bound that indexes count alone (the
  // predicate's own group column) settles it. With filters the bound rarely does; count exactly at once.
  const single = preds.length === 1 ? preds[0]! : null;
  const lower =
    known ??
    (!spec.filtered && preds.every((p) => p.cheap)
      ? countWhere(db, and(...base, ...(single?.bound ? [single.bound] : preds.map(cheapForm)))!, counting)
      : null);
  const [ids, bound] = await Promise.all([idsInOrder(db, where, sort, limit, offset), lower ?? exact()]);
  if (lower === null || bound > countCap) return { ids, counted: bound };
  return { ids, counted: await exact() };
}

/**
 * Which predicate drives a sparse query (null: dense), from counts that stop at SPARSE_MAX + 1: first the
 * students' side (index-only), then the cheap side where that can still be small. With a single predicate its
 * cheap side is counted with the other filters and up to the cap, so the number is also the dense plan's bound.
 */
async function choosePlan(db: Tx, spec: ArchiveSpec, countCap: number) {
  const { preds, schoolId } = spec;
  const none = { driver: null, known: null } as { driver: number | null; known: number | null };
  if (preds.length === 0) return none;
  const viaStudents = await Promise.all(
    preds.map((p) => (p.students ? countRows(db, studentsIncidents(schoolId, p.students), SPARSE_MAX + 1) : 0)),
  );
  if (preds.length === 1) {
    const p = preds[0]!;
    if (viaStudents[0]! > SPARSE_MAX) return none;
    if (!p.cheap) return { driver: 0, known: null };
    const known = await countWhere(db, and(...spec.base, p.cheap)!, Math.max(countCap, SPARSE_MAX) + 1);
    return { driver: known + viaStudents[0]! <= SPARSE_MAX ? 0 : null, known };
  }
  // Several: the smallest drives (a rare search word rather than a family's two thousand incidents).
  const sizes = await Promise.all(
    preds.map(async (p, i) => {
      if (viaStudents[i]! > SPARSE_MAX) return Number.POSITIVE_INFINITY;
      if (!p.cheap) return viaStudents[i]!;
      return viaStudents[i]! + (await countWhere(db, and(eq(incidents.schoolId, schoolId), p.cheap)!, SPARSE_MAX + 1));
    }),
  );
  const least = Math.min(...sizes);
  return { driver: least <= SPARSE_MAX ? sizes.indexOf(least) : null, known: null };
}

async function sparsePage(
  db: Tx,
  spec: ArchiveSpec,
  driver: number,
  sort: ExportQuery["sort"],
  limit: number,
  offset: number,
  countCap: number,
): Promise<PageOfIds> {
  const where = and(
    ...spec.base,
    driverForm(spec.schoolId, spec.preds[driver]!),
    ...spec.preds.filter((_, i) => i !== driver).map(probeForm),
  );
  const result = await db.execute(sql`
    with m as materialized (
      select ${incidents.id} as id, ${incidents.occurredAt} as occurred_at, ${incidents.folio} as folio,
             ${incidents.classification} as classification
        from ${incidents} where ${where})
    select array(select id from m order by ${matchesOrder(sort)} limit ${limit} offset ${offset}) as ids,
           (select count(*)::int from (select 1 from m limit ${countCap + 1}) c) as counted`);
  const row = rowsOf<{ ids: number[] | null; counted: number }>(result)[0];
  return { ids: (row?.ids ?? []).map(Number), counted: Number(row?.counted ?? 0) };
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

const countWhere = (db: Tx, where: SQL, max: number) =>
  countRows(db, sql`select 1 from ${incidents} where ${where}`, max);

async function countRows(db: Tx, rows: SQL, max: number) {
  const result = await db.execute(sql`select count(*)::int as n from (${rows} limit ${max}) c`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** drizzle's execute answers `{ rows }` on both drivers. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
