import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

export interface MonitoredRow {
  student_id: number;
  type_names: string[];
  type_names_en: string[];
  adjustments: number;
  conditioned: boolean;
  next_review_date: string | null;
  total: number;
}

/**
 * The school's students under monitoring (an active condition or an open conditioned enrollment), one row each with
 * its figures, earliest review first, paged, and the total in the same statement. Raw SQL: a union of two
 * aggregates with a window count has no builder form; every table is filtered by the school.
 */
export async function monitoredPage(
  tx: Tx,
  schoolId: string,
  filter: { only: number[] | null; dueBy: string | null; limit: number; offset: number },
): Promise<MonitoredRow[]> {
  const only = filter.only === null ? sql`true` : sql`m.student_id = any(${`{${filter.only.join(",")}}`}::int[])`;
  const due = filter.dueBy === null ? sql`true` : sql`m.next_review_date <= ${filter.dueBy}::date`;
  const result = (await tx.execute(sql`
    with c as (
      select sc.student_id,
             array_agg(ct.name order by ct.name) as type_names,
             array_agg(ct.name_en order by ct.name) as type_names_en,
             sum(jsonb_array_length(sc.adjustments))::int as adjustments,
             min(sc.review_date) as review
      from student_conditions sc
      join condition_types ct on ct.school_id = sc.school_id and ct.id = sc.condition_type_id
      where sc.school_id = ${schoolId} and sc.active
      group by sc.student_id
    ), e as (
      select student_id, min(review_date) as review
      from conditioned_enrollments
      where school_id = ${schoolId} and outcome is null
      group by student_id
    ), m as (
      select coalesce(c.student_id, e.student_id) as student_id,
             coalesce(c.type_names, '{}') as type_names,
             coalesce(c.type_names_en, '{}') as type_names_en,
             coalesce(c.adjustments, 0) as adjustments,
             e.student_id is not null as conditioned,
             least(c.review, e.review) as next_review_date
      from c full join e on e.student_id = c.student_id
    )
    select m.student_id, m.type_names, m.type_names_en, m.adjustments, m.conditioned,
           to_char(m.next_review_date, 'YYYY-MM-DD') as next_review_date,
           count(*) over ()::int as total
    from m
    join students s on s.school_id = ${schoolId} and s.id = m.student_id
    where ${only} and ${due}
    order by m.next_review_date asc nulls last, s.first_name, s.paternal_surname, s.id
    limit ${filter.limit} offset ${filter.offset}`)) as unknown as { rows: MonitoredRow[] };
  return result.rows;
}
