import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidentConditions } from "./dashboard.repository.ts";
import type { Slice } from "./range.ts";

export interface GuidelineOutcome {
  guideline: string;
  classification: string;
  cases: number;
  recurred: number;
  withoutCases: number;
  withoutRecurred: number;
}

/**
 * Issue 14 §3. A case is a student involved in an incident of the range (scope, filter, not cancelled) — one
 * (incident, student) pair. "Recurred" is a new incident of that student as involved (not cancelled) within
 * `windowDays` after the start: for a student whose formative action with the guideline was completed (every
 * occurrence done, not waived), after the day it was completed; for the comparison — students involved in an
 * incident of the same classification without any action with that guideline — after the incident itself. Only
 * starts at least `windowDays` ago count, so every window is whole. Guidelines are compared by their text.
 */
export async function guidelineOutcomes(
  tx: Tx,
  slice: Slice,
  scopeSql: SQL,
  days: { from: string; to: string },
  windowDays: number,
): Promise<GuidelineOutcome[]> {
  const s = slice.schoolId;
  const window = sql`make_interval(days => ${windowDays})`;
  const cutoff = sql`(now() - ${window})`;
  const recurredAfter = (student: SQL, start: SQL, incident: SQL) => sql`exists (
    select 1 from incident_students y
      join incidents j on j.school_id = y.school_id and j.id = y.incident_id
     where y.school_id = ${s} and y.student_id = ${student} and y.role = 'involved'
       and y.occurred_at > ${start} and y.occurred_at <= ${start} + ${window}
       and j.id <> ${incident} and j.status <> 'cancelled')`;
  const result = (await tx.execute(sql`
    with pairs as materialized (
      select incidents.id as incident_id, x.student_id, incidents.classification, incidents.occurred_at
        from incidents
        join incident_students x on x.school_id = incidents.school_id and x.incident_id = incidents.id
                                and x.role = 'involved'
       where ${incidentConditions(slice, scopeSql, days, [
         sql`incidents.status <> 'cancelled'`,
         sql`incidents.occurred_at <= ${cutoff}`,
       ])}
    ), acted as materialized (
      select btrim(fa.guideline) as guideline, p.classification, p.incident_id, p.student_id, p.occurred_at,
             bool_and(fa.waived_at is null and fa.next_due_on is null) as completed,
             max(c.done) as completed_at
        from pairs p
        join formative_actions fa on fa.school_id = ${s} and fa.incident_id = p.incident_id
                                 and fa.student_id = p.student_id
        left join lateral (select max(fc.completed_at) as done from formative_action_completions fc
                            where fc.school_id = fa.school_id and fc.action_id = fa.id) c on true
       group by 1, 2, 3, 4, 5
    ), cases as (
      select a.guideline, a.classification,
             count(*)::int as cases,
             count(*) filter (where ${recurredAfter(sql`a.student_id`, sql`a.completed_at`, sql`a.incident_id`)})::int
               as recurred
        from acted a
       where a.completed and a.completed_at is not null and a.completed_at <= ${cutoff}
       group by 1, 2
    ), flagged as materialized (
      select p.classification, p.incident_id, p.student_id,
             ${recurredAfter(sql`p.student_id`, sql`p.occurred_at`, sql`p.incident_id`)} as recurred
        from pairs p
       where p.classification in (select classification from cases)
    ), totals as (
      select classification, count(*)::int as n, count(*) filter (where recurred)::int as r
        from flagged group by classification
    ), with_guideline as (
      select a.guideline, a.classification, count(*)::int as n, count(*) filter (where f.recurred)::int as r
        from acted a join flagged f on f.incident_id = a.incident_id and f.student_id = a.student_id
       group by 1, 2
    )
    select c.guideline, c.classification, c.cases, c.recurred,
           t.n - coalesce(w.n, 0) as without_cases, t.r - coalesce(w.r, 0) as without_recurred
      from cases c
      join totals t on t.classification = c.classification
      left join with_guideline w on w.guideline = c.guideline and w.classification = c.classification
     order by c.cases desc, c.guideline, c.classification`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => ({
    guideline: String(r.guideline),
    classification: String(r.classification),
    cases: Number(r.cases),
    recurred: Number(r.recurred),
    withoutCases: Number(r.without_cases),
    withoutRecurred: Number(r.without_recurred),
  }));
}
