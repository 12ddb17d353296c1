import { sql } from "drizzle-orm";
import type { Tx } from "../client.ts";

export interface GenerateObservationsOptions {
  count: number;
  /** Spread over the last `days` days (default 120), kept inside the current school year unless beforeSchoolYear. */
  days?: number;
  seed?: number;
  beforeSchoolYear?: boolean;
}

/**
 * Fills a school with `count` accompaniment observations in a few set-based statements (like generateIncidents):
 * students of the current year at random, mostly positive (about 85 in 100 of a positive type, the rest neutral,
 * when the school has both kinds), the type's points, on school days of the last `days` days, recorded mostly by
 * the student's head teacher, nine in ten shown to families. Needs active observation types, students and staff.
 */
export async function generateObservations(
  tx: Tx,
  schoolId: string,
  options: GenerateObservationsOptions,
): Promise<number> {
  const { count } = options;
  const seed = options.seed ?? 1;
  if (count <= 0) return 0;
  const sizes = (await tx.execute(sql`
    select (select count(*) from student_groups sg
              join school_years y on y.school_id = sg.school_id and y.id = sg.school_year_id and y.is_current
             where sg.school_id = ${schoolId})::int as students,
           (select time_zone from schools where id = ${schoolId}) as tz,
           (select (now() at time zone s.time_zone)::date - y.starts_on from school_years y join schools s
              on s.id = y.school_id where y.school_id = ${schoolId} and y.is_current)::int as year_days`)) as unknown as {
    rows: { students: number; tz: string; year_days: number | null }[];
  };
  const types = (await tx.execute(sql`
    select id, points, kind from observation_types where school_id = ${schoolId} and is_active order by id`)) as unknown as {
    rows: { id: number; points: number; kind: string }[];
  };
  const s = sizes.rows[0]!;
  const positive = types.rows.filter((t) => t.kind === "positive");
  const other = types.rows.filter((t) => t.kind !== "positive");
  if (!s.students || types.rows.length === 0) {
    throw new Error(`generateObservations(${schoolId}): needs a current year with students and observation types`);
  }
  const wanted = options.days ?? 120;
  const days = Math.max(1, options.beforeSchoolYear ? wanted : Math.min(wanted, (s.year_days ?? 0) - 1));
  // Positive about 85 times in 100 when the school has both kinds; otherwise whichever kind it has.
  const share = positive.length === 0 ? 0 : other.length === 0 ? 100 : 85;
  const pool = (list: typeof positive, texts: readonly string[]) => ({
    ids: `array[${(list.length ? list : types.rows).map((t) => Number(t.id)).join(",")}]::int[]`,
    points: `array[${(list.length ? list : types.rows).map((t) => Number(t.points)).join(",")}]::int[]`,
    texts: `array[${texts.map((t) => `'${t.replaceAll("'", "''")}'`).join(", ")}]`,
  });
  const good = pool(positive, POSITIVE_TEXTS);
  const plain = pool(other, NEUTRAL_TEXTS);

  await tx.execute(sql`
    insert into accompaniment_observations (school_id, student_id, observation_type_id, text, observed_on, points,
      visible_to_family, recorded_by, created_at)
    select ${schoolId}, st.student_id,
           case when r.roll < ${share} then (${sql.raw(good.ids)})[1 + r.pick % cardinality(${sql.raw(good.ids)})]
                else (${sql.raw(plain.ids)})[1 + r.pick % cardinality(${sql.raw(plain.ids)})] end,
           case when r.roll < ${share} then (${sql.raw(good.texts)})[1 + r.pick % cardinality(${sql.raw(good.texts)})]
                else (${sql.raw(plain.texts)})[1 + r.pick % cardinality(${sql.raw(plain.texts)})] end,
           day.on,
           case when r.roll < ${share} then (${sql.raw(good.points)})[1 + r.pick % cardinality(${sql.raw(good.points)})]
                else (${sql.raw(plain.points)})[1 + r.pick % cardinality(${sql.raw(plain.points)})] end,
           r.roll % 10 <> 9, recorder.user_id, (day.on + time '13:00') at time zone ${s.tz}
      from (select n,
                   ((n::bigint * 7919 + ${seed} * 104729) % ${s.students})::int as student_i,
                   ((n::bigint * 2654435761 + ${seed}) % ${days})::int as day_offset,
                   ((n::bigint * 97 + ${seed} * 31) % 100)::int as roll,
                   ((n::bigint * 131 + ${seed}) % 1000003)::int as pick
              from generate_series(1, ${count}) as n) r
      join (select sg.student_id, g.head_teacher_id, (row_number() over (order by sg.student_id))::int - 1 as i
              from student_groups sg
              join school_years y on y.school_id = sg.school_id and y.id = sg.school_year_id and y.is_current
              join groups g on g.school_id = sg.school_id and g.id = sg.group_id
             where sg.school_id = ${schoolId}) st on st.i = r.student_i
      -- School days only: a weekend moves to the Friday before.
      cross join lateral (select (now() at time zone ${s.tz})::date - r.day_offset as raw) d0
      cross join lateral (select d0.raw - case extract(isodow from d0.raw)::int when 6 then 1 when 7 then 2
                                                else 0 end as on) day
      cross join lateral (
        select coalesce(case when r.roll % 5 < 4 then st.head_teacher_id end,
                        (select m.user_id from memberships m join profiles p on p.school_id = m.school_id
                            and p.id = m.profile_id
                          where m.school_id = ${schoolId} and m.is_active
                            and coalesce(p.template_key, '') in ('director', 'coordinador', 'docente', 'orientador')
                          order by m.user_id offset (r.pick % 4) limit 1),
                        st.head_teacher_id) as user_id) recorder
     where recorder.user_id is not null`);
  return count;
}

const POSITIVE_TEXTS = [
  "Participó con entusiasmo y ayudó a organizar el trabajo en equipo.",
  "Apoyó a un compañero que tenía dificultades con la tarea.",
  "Mostró una actitud respetuosa y colaborativa durante toda la semana.",
  "Cumplió con sus compromisos y entregó sus trabajos a tiempo.",
  "Se ofreció a ayudar en la organización del salón.",
];
const NEUTRAL_TEXTS = [
  "Se dio seguimiento a los acuerdos tomados con la familia.",
  "Se conversó con el estudiante sobre su organización en clase.",
];
