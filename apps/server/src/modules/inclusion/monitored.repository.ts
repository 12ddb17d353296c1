import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { classListOrderSql, likeTerm } from "../../lib/names.ts";

export interface MonitoredRow {
  student_id: number;
  name: string;
  group_name: string | null;
  grade_name: string | null;
  section_name: string | null;
  section_name_en: string | null;
  type_names: string[];
  type_names_en: string[];
  adjustments: number;
  conditioned: boolean;
  next_review_date: string | null;
  review_due: boolean;
  total: number;
}

export interface MonitoredFilter {
  /** Words of the student's name (the three parts joined, as every name search). */
  q: string | null;
  /** This year's group of the student. */
  groupId: number | null;
  /** Only those whose earliest review is today (the school's day) or past. */
  due: boolean;
  /** A reader whose scope is not the whole school: the groups they head or teach, and the records they opened. */
  scope: { groupIds: number[]; userId: number } | null;
  limit: number;
  offset: number;
}

const ids = (list: readonly number[]) => `{${list.join(",")}}`;

/**
 * The school's students under monitoring (an active condition or an open conditioned enrollment), one row each with
 * its figures, its name and this year's group, earliest review first, paged, the total in the same statement: the
 * list is one round trip whatever its filters (the school's day from its time zone, in SQL too). Raw SQL: aggregates
 * joined in full with a window count have no builder form; every table is filtered by the school.
 */
export async function monitoredPage(tx: Tx, schoolId: string, filter: MonitoredFilter): Promise<MonitoredRow[]> {
  const name = sql`concat_ws(' ', s.first_name, s.paternal_surname, s.maternal_surname)`;
  const q = filter.q ? sql`${name} ilike ${likeTerm(filter.q)}` : sql`true`;
  const group = filter.groupId === null ? sql`true` : sql`sg.group_id = ${filter.groupId}`;
  const due = filter.due ? sql`m.next_review_date <= d.today` : sql`true`;
  const scope =
    filter.scope === null
      ? sql`true`
      : sql`(m.student_id in (select x.student_id from student_groups x
               where x.school_id = ${schoolId} and x.group_id = any(${ids(filter.scope.groupIds)}::int[]))
             or ${filter.scope.userId} = any(m.authors))`;
  const result = (await tx.execute(sql`
    with d as (
      select (now() at time zone time_zone)::date as today from schools where id = ${schoolId}
    ), c as (
      select sc.student_id,
             array_agg(ct.name order by ct.name) as type_names,
             array_agg(ct.name_en order by ct.name) as type_names_en,
             array_agg(sc.created_by) as authors,
             min(sc.review_date) as review
      from student_conditions sc
      join condition_types ct on ct.school_id = sc.school_id and ct.id = sc.condition_type_id
      where sc.school_id = ${schoolId} and sc.active
      group by sc.student_id
    ), a as (
      select sc.student_id, count(*)::int as adjustments
      from condition_adjustments ca
      join student_conditions sc on sc.school_id = ca.school_id and sc.id = ca.condition_id
      where ca.school_id = ${schoolId} and ca.active and sc.active
      group by sc.student_id
    ), e as (
      select student_id, min(review_date) as review, array_agg(created_by) as authors
      from conditioned_enrollments
      where school_id = ${schoolId} and outcome is null
      group by student_id
    ), m as (
      select coalesce(c.student_id, e.student_id) as student_id,
             coalesce(c.type_names, '{}') as type_names,
             coalesce(c.type_names_en, '{}') as type_names_en,
             coalesce(a.adjustments, 0) as adjustments,
             e.student_id is not null as conditioned,
             least(c.review, e.review) as next_review_date,
             coalesce(c.authors, '{}') || coalesce(e.authors, '{}') as authors
      from c
      full join e on e.student_id = c.student_id
      left join a on a.student_id = c.student_id
    )
    select m.student_id,
           concat_ws(' ', s.first_name, nullif(s.paternal_surname, ''), nullif(s.maternal_surname, '')) as name,
           g.name as group_name, gr.name as grade_name, se.name as section_name, se.name_en as section_name_en,
           m.type_names, m.type_names_en, m.adjustments, m.conditioned,
           to_char(m.next_review_date, 'YYYY-MM-DD') as next_review_date,
           coalesce(m.next_review_date <= d.today, false) as review_due,
           count(*) over ()::int as total
    from m
    cross join d
    join students s on s.school_id = ${schoolId} and s.id = m.student_id
    left join school_years y on y.school_id = ${schoolId} and y.is_current
    left join student_groups sg on sg.school_id = s.school_id and sg.student_id = s.id and sg.school_year_id = y.id
    left join groups g on g.school_id = sg.school_id and g.id = sg.group_id
    left join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
    left join sections se on se.school_id = gr.school_id and se.id = gr.section_id
    where ${q} and ${group} and ${due} and ${scope}
    order by m.next_review_date asc nulls last, ${classListOrderSql("s")}
    limit ${filter.limit} offset ${filter.offset}`)) as unknown as { rows: MonitoredRow[] };
  return result.rows;
}
