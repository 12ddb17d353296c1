import type { Language } from "@convive/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Scope } from "../incidents/index.ts";
import { type Counted, type Days, type Figures, labelled, rowsOf, studentsCounted } from "./dashboard.repository.ts";
import type { Slice } from "./range.ts";

/**
 * The dashboard's figures from the rollups (migrations 0019, 0021, 0022: incident_unit_days and action_due_days,
 * kept by the database in the incidents' and actions' own transactions): the same answers as dashboard.repository.ts's
 * queries over the incidents, read from one unit's rows of a range of days instead — a few hundred rows a day
 * whatever the school's size.
 * test/api/strategic-vision-rollup.test.ts proves both equal.
 */

export interface Unit {
  unit: "school" | "section" | "grade" | "group" | "viewer";
  id: number;
}

/** The unit a school-wide viewer's slice stands for: the school, or the section, grade or group it is narrowed to. */
export function unitOf(slice: Slice): Unit {
  if (slice.level === "group") return { unit: "group", id: Number(slice.filter.group_id) };
  if (slice.level === "grade") return { unit: "grade", id: Number(slice.filter.grade_id) };
  if (slice.level === "section") return { unit: "section", id: Number(slice.filter.section_id) };
  return { unit: "school", id: 0 };
}

/**
 * The unit that counts exactly a scope's incidents of a slice, or null when none does (then the incidents are
 * counted themselves). The school's scope: the slice's unit. A teacher's (`own`: recorded by them or concerning a
 * group they head or teach): their viewer unit (migration 0022) without a filter; with one whose groups are all
 * theirs, the filter's unit, since every incident concerning those groups is in their scope.
 */
export function unitFor(slice: Slice, scope: Exclude<Scope, { kind: "family" }>): Unit | null {
  if (scope.kind === "school") return unitOf(slice);
  if (slice.groupIds === null) return { unit: "viewer", id: scope.userId };
  const mine = new Set(scope.groupIds);
  return slice.groupIds.length > 0 && slice.groupIds.every((g) => mine.has(g)) ? unitOf(slice) : null;
}

/** The slice's unit rows of some dimensions between two days (both included). */
function unitRows(slice: Slice, u: Unit, dims: readonly string[], days: { from?: string; to: string }): SQL {
  const { unit, id } = u;
  return sql`select r.dim, r.day, r.key, r.n from incident_unit_days r
    where r.school_id = ${slice.schoolId} and r.unit = ${unit} and r.unit_id = ${id}
      and r.dim = any(${`{${dims.join(",")}}`}::text[])
      ${days.from ? sql`and r.day >= ${days.from}::date` : sql``} and r.day <= ${days.to}::date`;
}

/** The figures of a unit's rows (dashboard.repository.ts `countedFigures` counts the same from the incidents). */
export const rolledFigures = (tx: Tx, slice: Slice, u: Unit): Figures => ({
  periodCounts: (days, language) => periodCounts(tx, slice, u, days, language),
  classificationCounts: (days) => classificationCounts(tx, slice, u, days),
  openAges: (days) => openAges(tx, slice, u, days),
  overdueActions: () => overdueActions(tx, slice, u),
  earlyWarning: (days, min, language) => earlyWarning(tx, slice, u, days, min, language),
  agedOpenCount: (until) => agedOpenCount(tx, slice, u, until),
});

/** A query of aggregates without GROUP BY: always exactly one row. */
const aggregateRow = async (tx: Tx, query: SQL) => (await rowsOf(tx, query)) as [Record<string, unknown>];

const BREAKDOWNS = ["classification", "category", "type", "recorder", "place", "group", "grade"] as const;

/** dashboard.repository `periodCounts` from the rollup: whole, by each breakdown and by weekday × hour. */
export async function periodCounts(tx: Tx, slice: Slice, u: Unit, days: Days, language: Language): Promise<Counted[]> {
  const counted = sql`with r as materialized (${unitRows(slice, u, ["status", ...BREAKDOWNS, "hour"], days)})
    select 'all' as dim, '' as key, coalesce(sum(n), 0)::int as n from r where dim = 'status'
    union all select dim, key, sum(n)::int from r
       where dim <> 'status' and dim <> 'hour' group by dim, key having sum(n) > 0
    union all select 'slot', extract(isodow from day)::int || ':' || key, sum(n)::int from r
       where dim = 'hour' group by 2 having sum(n) > 0`;
  return labelled(tx, slice.schoolId, counted, language);
}

/** The incidents of a range by classification (what the previous period is compared on). */
export async function classificationCounts(tx: Tx, slice: Slice, u: Unit, days: Days) {
  const rows = await rowsOf(
    tx,
    sql`select key, sum(n)::int as n from (${unitRows(slice, u, ["classification"], days)}) r
         group by key having sum(n) > 0`,
  );
  return new Map(rows.map((r) => [String(r.key), Number(r.n)]));
}

/** The open incidents of the year by age on the school's calendar: 0–7 days, 8–30 and more than 30. */
export async function openAges(tx: Tx, slice: Slice, u: Unit, days: Days) {
  const weekAgo = sql`(${slice.today}::date - 7)`;
  const monthAgo = sql`(${slice.today}::date - 30)`;
  const [row] = await aggregateRow(
    tx,
    sql`select coalesce(sum(n) filter (where day >= ${weekAgo}), 0)::int as a,
               coalesce(sum(n) filter (where day < ${weekAgo} and day >= ${monthAgo}), 0)::int as b,
               coalesce(sum(n) filter (where day < ${monthAgo}), 0)::int as c
          from (${unitRows(slice, u, ["status"], days)}) r where key = 'open'`,
  );
  return { "0-7": Number(row.a), "8-30": Number(row.b), "31+": Number(row.c) };
}

/** How many open incidents happened on or before `until` (any year). */
export async function agedOpenCount(tx: Tx, slice: Slice, u: Unit, until: string) {
  const [row] = await aggregateRow(
    tx,
    sql`select coalesce(sum(n), 0)::int as n from (${unitRows(slice, u, ["status"], { to: until })}) r
         where key = 'open'`,
  );
  return Number(row.n);
}

/** Students with at least `min` incidents between two days, most first. */
export async function earlyWarning(tx: Tx, slice: Slice, u: Unit, days: Days, min: number, language: Language) {
  const counted = sql`select key::int as sid, sum(n)::int as n from (${unitRows(slice, u, ["student"], days)}) r
                       group by key having sum(n) >= ${min}`;
  return studentsCounted(tx, slice, counted, language);
}

/** Formative actions overdue today (migration 0021's action_due_days: the due days before today). */
export async function overdueActions(tx: Tx, slice: Slice, u: Unit) {
  const { unit, id } = u;
  const [row] = await aggregateRow(
    tx,
    sql`select coalesce(sum(n), 0)::int as n from action_due_days
         where school_id = ${slice.schoolId} and unit = ${unit} and unit_id = ${id} and day < ${slice.today}::date`,
  );
  return Number(row.n);
}
