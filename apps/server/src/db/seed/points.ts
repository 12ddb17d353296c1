import { sql } from "drizzle-orm";
import type { Tx } from "../client.ts";

/**
 * Recognition points for a colegio-demo school (issue 13 §3 and §6), in a few set-based statements: positive
 * accompaniment observations over the last ~90 school days (never before the school year) for about half the
 * students — every student of docente@'s group and both of familia@'s children among them, one in five kept from
 * families — plus a few manual awards (a whole-group award by docente@ with one batch id, single awards) and one
 * redemption. The incidents generateIncidents loaded already take their points from the students involved; the
 * ledger reads all of it from the rows themselves. Call it after generateIncidents.
 */
export async function seedRecognitionPoints(tx: Tx, schoolId: string): Promise<void> {
  const found = (await tx.execute(sql`
    select (select time_zone from schools where id = ${schoolId}) as tz,
           (select y.starts_on::text from school_years y where y.school_id = ${schoolId} and y.is_current) as year_start,
           (select u.id from users u join memberships m on m.user_id = u.id and m.school_id = ${schoolId}
             where u.email like 'docente@%' limit 1) as docente,
           (select u.id from users u join memberships m on m.user_id = u.id and m.school_id = ${schoolId}
             where u.email like 'director@%' limit 1) as director,
           (select u.id from users u join memberships m on m.user_id = u.id and m.school_id = ${schoolId}
             where u.email like 'familia@%' limit 1) as familia`)) as unknown as {
    rows: {
      tz: string;
      year_start: string | null;
      docente: number | null;
      director: number | null;
      familia: number | null;
    }[];
  };
  const s = found.rows[0]!;
  if (!s.year_start || !s.docente || !s.director) {
    throw new Error(`seedRecognitionPoints(${schoolId}): needs a current year, docente@ and director@`);
  }

  // The students who get observations: docente@'s groups, familia@'s children and every other one of the rest.
  await tx.execute(sql`
    create temporary table if not exists pts_students (i int, student_id int, head int, featured boolean)
      on commit drop`);
  await tx.execute(sql`truncate pts_students`);
  await tx.execute(sql`
    insert into pts_students
    select (row_number() over (order by sg.student_id))::int, sg.student_id, coalesce(g.head_teacher_id, ${s.director}),
           exists (select 1 from family_links f where f.school_id = sg.school_id and f.student_id = sg.student_id
                     and f.user_id = ${s.familia ?? 0})
      from student_groups sg
      join school_years y on y.school_id = sg.school_id and y.id = sg.school_year_id and y.is_current
      join groups g on g.school_id = sg.school_id and g.id = sg.group_id
      join students st on st.school_id = sg.school_id and st.id = sg.student_id and st.status = 'active'
     where sg.school_id = ${schoolId}
       and (g.head_teacher_id = ${s.docente} or sg.student_id % 2 = 0
            or exists (select 1 from family_links f where f.school_id = sg.school_id and f.student_id = sg.student_id
                         and f.user_id = ${s.familia ?? 0}))`);

  // One to three observations each (four for familia@'s children), of the school's positive types, on school days
  // between today and 90 days back; one in five kept from families (always one of each featured child's).
  await tx.execute(sql`
    insert into accompaniment_observations (school_id, student_id, observation_type_id, text, observed_on, points,
      visible_to_family, recorded_by, created_at)
    select ${schoolId}, st.student_id, t.id, (array[${sql.raw(TEXTS)}])[1 + (st.i + k) % ${TEXT_COUNT}], d.on,
           t.points, not ((st.i + k) % 5 = 0 or (st.featured and k = 2)), st.head,
           (d.on + time '12:30') at time zone ${s.tz}
      from pts_students st
      cross join lateral generate_series(1, case when st.featured then 4 else 1 + st.i % 3 end) as k
      cross join lateral (
        select id, points from observation_types
         where school_id = ${schoolId} and is_active and kind = 'positive' and points > 0
         order by id offset ((st.i * 7 + k * 3) % greatest(1, (select count(*) from observation_types
           where school_id = ${schoolId} and is_active and kind = 'positive' and points > 0))) limit 1) t
      cross join lateral (select greatest(${s.year_start}::date,
        (now() at time zone ${s.tz})::date - ((st.i * 37 + k * 23) % 90)) as raw) d0
      cross join lateral (select d0.raw - case extract(isodow from d0.raw)::int when 6 then 1 when 7 then 2
                                                else 0 end as on) d`);

  // docente@'s whole group at once (one batch), single awards for familia@'s children and one redemption.
  await tx.execute(sql`
    insert into point_awards (school_id, student_id, kind, points, reason, awarded_on, batch_id, group_id, awarded_by,
      created_at)
    select ${schoolId}, sg.student_id, 'award', 2, 'Salón limpio y ordenado toda la semana',
           (now() at time zone ${s.tz})::date - 8, 'demo-' || g.id || '-orden', g.id, ${s.docente},
           now() - interval '8 days'
      from groups g
      join school_years y on y.school_id = g.school_id and y.id = g.school_year_id and y.is_current
      join student_groups sg on sg.school_id = g.school_id and sg.group_id = g.id
      join students st on st.school_id = sg.school_id and st.id = sg.student_id and st.status = 'active'
     where g.school_id = ${schoolId} and g.head_teacher_id = ${s.docente}`);
  await tx.execute(sql`
    insert into point_awards (school_id, student_id, kind, points, reason, awarded_on, group_id, awarded_by,
      created_at)
    select ${schoolId}, st.student_id, a.kind, a.points, a.reason, (now() at time zone ${s.tz})::date - a.days_ago,
           sg.group_id, case when a.by_head then st.head else ${s.director} end, now() - make_interval(days => a.days_ago)
      from pts_students st
      join student_groups sg on sg.school_id = ${schoolId} and sg.student_id = st.student_id
      join school_years y on y.school_id = sg.school_id and y.id = sg.school_year_id and y.is_current
      join (values ('award', 5, 'Primer lugar en la feria de ciencias', 20, false, 0),
                   ('award', 3, 'Apoyo en la campaña de reciclaje', 12, true, 1),
                   ('redemption', -4, 'Canje: elegir la lectura del viernes', 3, true, 0)) a(kind, points, reason,
                     days_ago, by_head, child)
        on a.child = (select count(*) from pts_students o where o.featured and o.student_id < st.student_id)
     where st.featured`);
}

const TEXT_LIST = [
  "Participó con entusiasmo en la clase y animó a su equipo.",
  "Ayudó a un compañero a entender el ejercicio sin darle la respuesta.",
  "Organizó el material del salón sin que se le pidiera.",
  "Ayudó a resolver con respeto un desacuerdo en el recreo.",
  "Entregó un proyecto muy cuidado y lo explicó con claridad.",
  "Dio la bienvenida a un alumno nuevo y lo integró a su equipo.",
];
const TEXTS = TEXT_LIST.map((t) => `'${t.replaceAll("'", "''")}'`).join(", ");
const TEXT_COUNT = TEXT_LIST.length;
