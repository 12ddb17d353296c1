import { CLASSIFICATIONS, type ExportQuery, INCIDENT_LIMITS } from "@convive/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidents } from "../../db/schema/index.ts";
import { archiveOrder, matchesOrder } from "./archive.order.ts";
import type { ArchiveSpec } from "./archive.query.ts";

export interface PageOfIds {
  ids: number[];
  /** Matches counted up to the cap plus one (more than the cap means "capped"; 0 when not counted). */
  counted: number;
}

/**
 * One page of matching ids and the number of matches up to `countCap` + 1 — never a COUNT over the whole school.
 * Every filter is a condition on the incident's own columns. The count comes first (PostgreSQL serves it with
 * bitmaps of the indexes) and decides the page's plan: a set within the cap is collected and sorted in memory;
 * a larger one is dense enough that walking the index of the page's order finds the page at once. Left to itself
 * the planner walks that index for rare combinations too (it cannot know that a family's children and a grade's
 * groups seldom meet) and reads the whole school to find nothing.
 */
export async function pageOfIds(
  db: Tx,
  spec: ArchiveSpec,
  sort: ExportQuery["sort"],
  limit: number,
  offset: number,
  countCap: number = INCIDENT_LIMITS.countCap,
): Promise<PageOfIds> {
  const where = and(...spec.where)!;
  if (countCap === 0) return { ids: await idsInOrder(db, where, sort, limit, offset), counted: 0 };
  const counted = await countWhere(db, where, countCap + 1);
  if (counted > countCap) return { ids: await idsInOrder(db, where, sort, limit, offset), counted };
  const result = await db.execute(sql`
    with m as materialized (
      select ${incidents.id} as id, ${incidents.occurredAt} as occurred_at, ${incidents.folio} as folio,
             ${incidents.classification} as classification
        from ${incidents} where ${where})
    select id from m order by ${matchesOrder(sort)} limit ${limit} offset ${offset}`);
  return { ids: rowsOf<{ id: number }>(result).map((r) => Number(r.id)), counted };
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
