import { sql } from "drizzle-orm";
import type { Tx } from "../client.ts";

/**
 * Ratings of the demo (issue 13 §2 and §6): Bimestre 1 rated for every group by its head teacher — mostly passing,
 * a few low — and published to the families; a few comments (staff-only and for the family); Bimestre 2 partly
 * rated for docente@'s group, so the grid opens half done. Set-based inserts: one statement per part, whatever the
 * school's size. Values come from a hash of the student, measure and period ids: the same on every load of the demo.
 */
// r: 0–99 per student and measure; conduct on the 5–10 scale, habits on the E/B/R/A levels.
const value = sql.raw(`case when kind = 'numeric' then (case
      when r < 3 then '5.5' when r < 8 then '6' when r < 18 then '7' when r < 30 then '7.5' when r < 45 then '8'
      when r < 62 then '8.5' when r < 78 then '9' when r < 90 then '9.5' else '10' end)
    else (case when r < 5 then 'A' when r < 25 then 'R' when r < 65 then 'B' else 'E' end) end`);

export async function seedRatings(tx: Tx, input: { schoolId: string; directorId: number; docenteGroupId: number }) {
  const { schoolId, directorId, docenteGroupId } = input;
  const cells = (periodOrder: number) => sql`
    select sg.school_id, sg.student_id, p.id as period_id, m.id as measure_id, sg.group_id,
           sc.current_version_id as scale_version_id, m."order" as measure_order, sc.kind, p.ends_on,
           coalesce(g.head_teacher_id, ${directorId}) as rated_by,
           abs(hashtext(sg.student_id::text || ':' || m.id::text || ':' || p.id::text)) % 100 as r
      from student_groups sg
      join students s on s.school_id = sg.school_id and s.id = sg.student_id and s.status = 'active'
      join groups g on g.school_id = sg.school_id and g.id = sg.group_id
      join periods p on p.school_id = sg.school_id and p.school_year_id = sg.school_year_id and p."order" = ${periodOrder}
      join rating_measures m on m.school_id = sg.school_id and m.is_active
      join rating_scales sc on sc.school_id = m.school_id and sc.id = m.scale_id
     where sg.school_id = ${schoolId}`;

  // Bimestre 1: every group, given in its last week.
  await tx.execute(sql`
    insert into ratings (school_id, student_id, period_id, measure_id, group_id, scale_version_id, value, rated_by, rated_at)
    select school_id, student_id, period_id, measure_id, group_id, scale_version_id, ${value}, rated_by,
           ((ends_on - (r % 6)) + time '13:00' + (r || ' minutes')::interval) at time zone 'America/Mexico_City'
      from (${cells(1)}) c`);
  await tx.execute(sql`
    insert into rating_period_states (school_id, period_id, published_at, published_by)
    select school_id, id, ((ends_on + 9) + time '10:00') at time zone 'America/Mexico_City', ${directorId}
      from periods where school_id = ${schoolId} and "order" = 1`);
  // Published for every group (issue 26 §1: publications are per group), the families told then.
  await tx.execute(sql`
    insert into rating_group_publications (school_id, period_id, group_id, published_at, published_by, notify_at, notified_at)
    select st.school_id, st.period_id, g.id, st.published_at, st.published_by, st.published_at, st.published_at
      from rating_period_states st
      join periods p on p.school_id = st.school_id and p.id = st.period_id
      join groups g on g.school_id = p.school_id and g.school_year_id = p.school_year_id
     where st.school_id = ${schoolId} and st.published_at is not null`);

  // Bimestre 2: docente@'s group half rated (conduct, punctuality, uniform for about two students in three).
  await tx.execute(sql`
    insert into ratings (school_id, student_id, period_id, measure_id, group_id, scale_version_id, value, rated_by, rated_at)
    select school_id, student_id, period_id, measure_id, group_id, scale_version_id, ${value}, rated_by,
           now() - ((r % 4) || ' days')::interval - (r || ' minutes')::interval
      from (${cells(2)}) c
     where group_id = ${docenteGroupId} and measure_order <= 2 and student_id % 3 <> 0`);

  // Comments of Bimestre 1: the featured children's for their family, and a staff-only note.
  await tx.execute(sql`
    insert into rating_comments (school_id, student_id, period_id, text, visible_to_family, written_by, written_at)
    select s.school_id, s.id, p.id, t.text, t.visible, coalesce(g.head_teacher_id, ${directorId}),
           ((p.ends_on - 1) + time '17:00') at time zone 'America/Mexico_City'
      from (values
        ('Sofía', 'Sofía mantuvo una conducta ejemplar y apoya a sus compañeros en los trabajos en equipo.', true),
        ('Diego', 'Diego mejoró su participación; le pedimos reforzar en casa la entrega puntual de tareas.', true)
      ) as t(first_name, text, visible)
      join students s on s.school_id = ${schoolId} and s.first_name = t.first_name
        and s.paternal_surname = 'Ramírez' and s.maternal_surname = 'Torres'
      join student_groups sg on sg.school_id = s.school_id and sg.student_id = s.id
      join groups g on g.school_id = sg.school_id and g.id = sg.group_id
      join periods p on p.school_id = s.school_id and p.school_year_id = sg.school_year_id and p."order" = 1`);
  await tx.execute(sql`
    insert into rating_comments (school_id, student_id, period_id, text, visible_to_family, written_by, written_at)
    select sg.school_id, sg.student_id, p.id,
           'Llega tarde con frecuencia; revisar con orientación antes de hablar con la familia.', false,
           coalesce(g.head_teacher_id, ${directorId}), ((p.ends_on - 2) + time '12:00') at time zone 'America/Mexico_City'
      from student_groups sg
      join groups g on g.school_id = sg.school_id and g.id = sg.group_id
      join periods p on p.school_id = sg.school_id and p.school_year_id = sg.school_year_id and p."order" = 1
      join students s on s.school_id = sg.school_id and s.id = sg.student_id and s.first_name <> 'Sofía'
     where sg.school_id = ${schoolId} and sg.group_id = ${docenteGroupId}
     order by sg.student_id limit 1`);
}

/**
 * The closed year's ratings (issue 31 §4): its five bimesters rated for every group by its head teacher (or a
 * Director), each given in its period's last week and published to the families nine days after it ended, as they
 * were then (already told: nobody is notified now). No comments.
 */
export async function seedClosedYearRatings(tx: Tx, schoolId: string, yearId: number) {
  await tx.execute(sql`
    insert into ratings (school_id, student_id, period_id, measure_id, group_id, scale_version_id, value, rated_by, rated_at)
    select school_id, student_id, period_id, measure_id, group_id, scale_version_id, ${value}, rated_by,
           ((ends_on - (r % 6)) + time '13:00' + (r || ' minutes')::interval) at time zone 'America/Mexico_City'
      from (
        select sg.school_id, sg.student_id, p.id as period_id, m.id as measure_id, sg.group_id,
               sc.current_version_id as scale_version_id, sc.kind, p.ends_on,
               coalesce(g.head_teacher_id, (select min(mb.user_id) from memberships mb
                  join profiles pr on pr.school_id = mb.school_id and pr.id = mb.profile_id
                 where mb.school_id = sg.school_id and pr.template_key = 'director')) as rated_by,
               abs(hashtext(sg.student_id::text || ':' || m.id::text || ':' || p.id::text)) % 100 as r
          from student_groups sg
          join groups g on g.school_id = sg.school_id and g.id = sg.group_id
          join periods p on p.school_id = sg.school_id and p.school_year_id = sg.school_year_id
          join rating_measures m on m.school_id = sg.school_id and m.is_active
          join rating_scales sc on sc.school_id = m.school_id and sc.id = m.scale_id
         where sg.school_id = ${schoolId} and sg.school_year_id = ${yearId}) c
     where rated_by is not null`);
  await tx.execute(sql`
    insert into rating_period_states (school_id, period_id, published_at, published_by)
    select p.school_id, p.id, ((p.ends_on + 9) + time '10:00') at time zone 'America/Mexico_City',
           (select min(r.rated_by) from ratings r where r.school_id = p.school_id and r.period_id = p.id)
      from periods p where p.school_id = ${schoolId} and p.school_year_id = ${yearId}`);
  await tx.execute(sql`
    insert into rating_group_publications (school_id, period_id, group_id, published_at, published_by, notify_at, notified_at)
    select st.school_id, st.period_id, g.id, st.published_at, st.published_by, st.published_at, st.published_at
      from rating_period_states st
      join periods p on p.school_id = st.school_id and p.id = st.period_id and p.school_year_id = ${yearId}
      join groups g on g.school_id = p.school_id and g.school_year_id = p.school_year_id
     where st.school_id = ${schoolId}`);
}
