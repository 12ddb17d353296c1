import { sql } from "drizzle-orm";
import type { Tx } from "../client.ts";

/**
 * The demo's announcement (issue 27 §4): the head teacher of 3° A Primaria (docente@) asks its families to confirm
 * the parents' meeting; half of them have read and confirmed, as the app records it (recipients written when sent,
 * one row per family member and group), so the sender's figures and the reminder have something to show.
 */
export async function seedAnnouncements(tx: Tx, schoolId: string) {
  await tx.execute(sql`
    with target as (
      select g.id, g.head_teacher_id
        from groups g
        join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
        join sections s on s.school_id = gr.school_id and s.id = gr.section_id
        join school_years y on y.school_id = g.school_id and y.id = g.school_year_id and y.is_current
       where g.school_id = ${schoolId} and gr.name = '3°' and g.name = 'A' and s.name = 'Primaria'
       limit 1),
    sent as (
      insert into announcements (school_id, author_id, audience_kind, audience_id, title, body, needs_confirmation,
                                 created_at)
      select ${schoolId}, t.head_teacher_id, 'group', t.id, 'Junta de padres de 3° A',
             'Les esperamos el jueves a las 18:00 en el salón de 3° A para revisar el avance del bimestre y los acuerdos de convivencia del grupo. Por favor confirmen su asistencia.',
             true, now() - interval '2 days'
        from target t
      returning id, audience_id),
    families as (
      select distinct fl.user_id
        from sent
        join student_groups sg on sg.school_id = ${schoolId} and sg.group_id = sent.audience_id
        join school_years y on y.school_id = sg.school_id and y.id = sg.school_year_id and y.is_current
        join family_links fl on fl.school_id = sg.school_id and fl.student_id = sg.student_id
        join memberships m on m.school_id = fl.school_id and m.user_id = fl.user_id and m.is_active),
    numbered as (select user_id, row_number() over (order by user_id) as n, count(*) over () as total from families)
    insert into announcement_recipients (school_id, announcement_id, user_id, group_id, read_at, confirmed_at, mailed_at)
    select ${schoolId}, sent.id, f.user_id, sent.audience_id,
           case when f.n <= f.total / 2 then now() - interval '1 day' end,
           case when f.n <= f.total / 2 then now() - interval '1 day' end,
           now() - interval '2 days'
      from numbered f cross join sent`);
}
