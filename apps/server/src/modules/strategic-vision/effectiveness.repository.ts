import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidentConditions } from "./dashboard.repository.ts";
import type { Slice } from "./range.ts";
import { unitOf } from "./rollup.repository.ts";

export interface GuidelineOutcome {
  guideline: string;
  classification: string;
  cases: number;
  recurred: number;
  withoutCases: number;
  withoutRecurred: number;
}

/** Who reads: the whole school (the rollup), or a narrower scope as conditions on the incident's columns. */
export interface Reach {
  scopeSql: SQL;
  wholeSchool: boolean;
}

/** The window the database's tables are kept for (migration 0020): the domain's EFFECTIVENESS_WINDOW_DAYS. */
const KEPT_WINDOW_DAYS = 30;

/**
 * Issue 14 §3. A case is a student involved in an incident of the range (scope, filter, not cancelled) — one
 * (incident, student) pair. "Recurred" is a new incident of that student as involved (not cancelled) within
 * `windowDays` after the start: for a student whose formative action with the guideline was completed (every
 * occurrence done, not waived), after the day it was completed; for the comparison — students involved in an
 * incident of the same classification without any action with that guideline — after the incident itself. Only
 * starts at least `windowDays` ago count, so every window is whole. Guidelines are compared by their text.
 *
 * Read from migration 0020's tables, where the database keeps each case's and each action's facts (recurrence
 * included) as the writes happen: the whole school from the rollup per unit (school, section, grade, group) and
 * day, up to the day before the cutoff's day, plus that day's cases and the completions of that day read exactly
 * from the per-case tables (so "30 days ago" stays to the minute); a narrower scope (a Docente's) from the per-case
 * tables, with the archive's own conditions — their rows carry the incident's columns under the same names.
 * test/api/effectiveness-rollup.test.ts holds the direct query over the incidents this must equal.
 */
export async function guidelineOutcomes(
  tx: Tx,
  slice: Slice,
  reach: Reach,
  days: { from: string; to: string },
  windowDays: number,
): Promise<GuidelineOutcome[]> {
  if (windowDays !== KEPT_WINDOW_DAYS) throw new Error(`effectiveness is kept for ${KEPT_WINDOW_DAYS} days`);
  const window = sql`make_interval(days => ${windowDays})`;
  const cutoff = sql`(now() - ${window})`;
  const cutoffDay = sql`((now() - ${window}) at time zone ${slice.timeZone})::date`;
  // The per-case tables aliased as `incidents`: the scope, days and group filter apply as the archive's do.
  const rowsOf = (extra: SQL[]) => incidentConditions(slice, reach.scopeSql, days, extra);
  const completedBy = sql`incidents.done_day <> 'infinity' and incidents.completed_at <= ${cutoff}`;

  let pairs: SQL;
  let acts: SQL;
  if (reach.wholeSchool) {
    const unit = unitOf(slice).id;
    const rolled = (table: string) => sql`${sql.raw(table)}.school_id = ${slice.schoolId}
      and ${sql.raw(table)}.level = ${slice.level} and ${sql.raw(table)}.unit_id = ${unit}
      and ${sql.raw(table)}.day >= ${days.from}::date and ${sql.raw(table)}.day <= ${days.to}::date
      and ${sql.raw(table)}.day < ${cutoffDay}`;
    pairs = sql`
      select p.classification, sum(p.n)::int as n, sum(p.r)::int as r
        from effectiveness_day_pairs p where ${rolled("p")} group by 1
      union all
      select incidents.classification, count(*)::int, (count(*) filter (where incidents.recurred))::int
        from (select * from effectiveness_cases c where c.school_id = ${slice.schoolId} and c.day = ${cutoffDay}
              offset 0) incidents
       where ${rowsOf([sql`incidents.occurred_at <= ${cutoff}`])}
       group by 1`;
    // The cutoff's day exactly: its cases (with any completion up to the cutoff), and completions on that day of
    // earlier cases (already counted as acted by the rollup). A day's rows are few: read by day first (`offset 0`
    // keeps the planner from also walking the all-time group index for a grade or section).
    acts = sql`
      select a.guideline, a.classification, sum(a.n)::int as n, sum(a.r)::int as r,
             coalesce(sum(a.n) filter (where a.done_day < ${cutoffDay}), 0)::int as k,
             coalesce(sum(a.rc) filter (where a.done_day < ${cutoffDay}), 0)::int as kr
        from effectiveness_day_actions a where ${rolled("a")} group by 1, 2
      union all
      select incidents.guideline, incidents.classification,
             (count(*) filter (where incidents.day = ${cutoffDay}))::int,
             (count(*) filter (where incidents.day = ${cutoffDay} and incidents.recurred))::int,
             (count(*) filter (where ${completedBy}))::int,
             (count(*) filter (where ${completedBy} and incidents.recurred_after))::int
        from (select * from effectiveness_actions a where a.school_id = ${slice.schoolId}
                 and (a.day = ${cutoffDay} or a.done_day = ${cutoffDay}) offset 0) incidents
       where ${rowsOf([sql`incidents.occurred_at <= ${cutoff}`])}
       group by 1, 2`;
  } else {
    pairs = sql`
      select incidents.classification, count(*)::int as n, (count(*) filter (where incidents.recurred))::int as r
        from effectiveness_cases incidents where ${rowsOf([sql`incidents.occurred_at <= ${cutoff}`])} group by 1`;
    acts = sql`
      select incidents.guideline, incidents.classification, count(*)::int as n,
             (count(*) filter (where incidents.recurred))::int as r,
             (count(*) filter (where ${completedBy}))::int as k,
             (count(*) filter (where ${completedBy} and incidents.recurred_after))::int as kr
        from effectiveness_actions incidents where ${rowsOf([sql`incidents.occurred_at <= ${cutoff}`])}
       group by 1, 2`;
  }

  // Cases of a guideline: completed ones (k, kr recurred after completion); the comparison: every case of the
  // classification less those with an action of the guideline (n, r: recurred after the incident).
  const result = (await tx.execute(sql`
    with pairs as (${pairs}), acts as (${acts}),
    totals as (select classification, sum(n)::int as n, sum(r)::int as r from pairs group by 1),
    acted as (
      select guideline, classification, sum(n)::int as n, sum(r)::int as r, sum(k)::int as k, sum(kr)::int as kr
        from acts group by 1, 2
    )
    select a.guideline, a.classification, a.k as cases, a.kr as recurred,
           t.n - a.n as without_cases, t.r - a.r as without_recurred
      from acted a join totals t on t.classification = a.classification
     where a.k > 0
     order by a.k desc, a.guideline, a.classification`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => ({
    guideline: String(r.guideline),
    classification: String(r.classification),
    cases: Number(r.cases),
    recurred: Number(r.recurred),
    withoutCases: Number(r.without_cases),
    withoutRecurred: Number(r.without_recurred),
  }));
}
