import { sql } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { DETAILS_BY_TYPE, GENERAL_DETAILS } from "./incident-details.ts";
import { generateObservations } from "./observations.ts";

export { type GenerateObservationsOptions, generateObservations } from "./observations.ts";

/**
 * Fills a school with `count` incidents in a few set-based statements (no row-by-row round trips), so the same
 * code loads ~150 believable incidents into the demo school and 200 000 into the benchmark's school.
 *
 * It needs the school's current year with groups and students, active incident types and staff; each incident
 * gets one student (a third get a second one, affected or witness, from anywhere in the school), a recorder (mostly
 * the group's head teacher), the subject the recorder teaches there when there is one, a date on a school day
 * between 7:30 and 14:30 in the last `days` days, a status that depends on its age, its `created` (and
 * `closed`/`cancelled`) timeline entries and, for one in three, a formative action.
 *
 * Co-occurrence as schools see it (issue 14): `recurringPairs` pairs of classmates (default 2) keep appearing
 * together — one incident in 12 is about one of them, the first student involved and the second affected (three
 * times in four) or involved too, mostly of a peer-conflict type (teasing, verbal or physical aggression) — while
 * the other second students fall at random. `observations` adds that many accompaniment observations
 * (generateObservations: mostly positive) over the same days.
 */
export interface GenerateIncidentsOptions {
  count: number;
  days?: number;
  seed?: number;
  beforeSchoolYear?: boolean;
  /** Pairs of classmates who keep appearing together (default 2; 0: every second student at random). */
  recurringPairs?: number;
  /** Accompaniment observations to add as well (default 0), see generateObservations. */
  observations?: number;
}

export async function generateIncidents(tx: Tx, schoolId: string, options: GenerateIncidentsOptions): Promise<number> {
  const { count } = options;
  const seed = options.seed ?? 1;
  if (options.observations && options.observations > 0) {
    await generateObservations(tx, schoolId, {
      count: options.observations,
      days: options.days,
      seed,
      beforeSchoolYear: options.beforeSchoolYear,
    });
  }
  if (count <= 0) return 0;

  // Working tables for this statement batch: the candidates every incident picks from by index.
  await tx.execute(sql`
    create temporary table if not exists gen_students (i int, student_id int, group_id int, head int) on commit drop`);
  await tx.execute(sql`
    create temporary table if not exists gen_types (i int, type_id int, category_id int, classification text,
      points int, notify boolean, details text[], peer boolean) on commit drop`);
  await tx.execute(sql`create temporary table if not exists gen_staff (i int, user_id int) on commit drop`);
  await tx.execute(sql`truncate gen_students, gen_types, gen_staff`);

  await tx.execute(sql`
    insert into gen_students
    select (row_number() over (order by sg.student_id))::int - 1, sg.student_id, sg.group_id, g.head_teacher_id
      from student_groups sg
      join school_years y on y.school_id = sg.school_id and y.id = sg.school_year_id and y.is_current
      join groups g on g.school_id = sg.school_id and g.id = sg.group_id
      join students s on s.school_id = sg.school_id and s.id = sg.student_id and s.status = 'active'
     where sg.school_id = ${schoolId}`);
  await tx.execute(sql`
    insert into gen_types
    select (row_number() over (order by id))::int - 1, id, category_id, classification, default_points, notify_family,
           coalesce(d.details, array[${sql.raw(GENERAL)}]), name_es in (${sql.raw(PEER)})
      from incident_types left join (values ${sql.raw(BY_TYPE)}) d(name, details) on d.name = incident_types.name_es
     where school_id = ${schoolId} and is_active`);
  await tx.execute(sql`
    insert into gen_staff
    select (row_number() over (order by m.user_id))::int - 1, m.user_id
      from memberships m join profiles p on p.school_id = m.school_id and p.id = m.profile_id
     where m.school_id = ${schoolId} and m.is_active and coalesce(p.template_key, '') in ('director', 'coordinador',
       'docente', 'orientador')`);

  const sizes = (await tx.execute(sql`
    select (select count(*) from gen_students)::int as students, (select count(*) from gen_types)::int as types,
           (select count(*) from gen_staff)::int as staff,
           (select id from school_years where school_id = ${schoolId} and is_current) as year_id,
           (select time_zone from schools where id = ${schoolId}) as tz,
           (select coalesce(max(last_folio), 0) from incident_counters where school_id = ${schoolId})::int as folio,
           (select (now() at time zone s.time_zone)::date - y.starts_on from school_years y join schools s
              on s.id = y.school_id where y.school_id = ${schoolId} and y.is_current)::int as year_days`)) as unknown as {
    rows: {
      students: number;
      types: number;
      staff: number;
      year_id: number | null;
      tz: string;
      folio: number;
      year_days: number | null;
    }[];
  };
  const s = sizes.rows[0]!;
  if (!s.students || !s.types || !s.staff || !s.year_id) {
    throw new Error(`generateIncidents(${schoolId}): needs a current year with students, active types and staff`);
  }
  // Registration refuses dates before the current year; generated data keeps to that (with two days to spare for
  // the move of weekends to Fridays) unless asked otherwise (the
  // benchmark spreads 200 000 incidents over a longer span so date filters are selective).
  const wanted = options.days ?? 120;
  const days = Math.max(1, options.beforeSchoolYear ? wanted : Math.min(wanted, (s.year_days ?? 0) - 1));

  // Pseudo-random but repeatable picks: multiplicative hashes of the row number and the seed.
  await tx.execute(sql`
    create temporary table if not exists gen_rows (n int, student_i int, second_i int, type_i int, staff_i int,
      day_offset int, minute int, roll int, pair_j int) on commit drop`);
  await tx.execute(sql`truncate gen_rows`);
  await tx.execute(sql`
    insert into gen_rows
    select n,
           ((n::bigint * 7919 + ${seed} * 104729) % ${s.students})::int,
           case when n % 3 = 0 then ((n::bigint * 15485863 + ${seed}) % ${s.students})::int end,
           ((n::bigint * 31 + ${seed} * 17) % ${s.types})::int,
           ((n::bigint * 131 + ${seed}) % ${s.staff})::int,
           ((n::bigint * 2654435761) % ${days})::int,
           ((n::bigint * 37) % 420)::int,
           ((n::bigint * 97 + ${seed}) % 100)::int,
           case when n % 12 = 5 then ((n::bigint * 40503 + ${seed}) % 1000003)::int end
      from generate_series(1, ${count}) as n`);
  await recurringPairs(tx, options.recurringPairs ?? 2);
  // School days only: a weekend moves to the Friday before. Then folios follow time, as registration hands them
  // out: the rows are renumbered oldest first.
  await tx.execute(sql`
    update gen_rows set day_offset = day_offset + case extract(isodow from
      (now() at time zone ${s.tz})::date - day_offset)::int when 6 then 1 when 7 then 2 else 0 end`);
  await tx.execute(sql`
    update gen_rows set n = o.k
      from (select n as old, row_number() over (order by day_offset desc, minute, n)::int as k from gen_rows) o
     where gen_rows.n = o.old`);

  await tx.execute(sql`
    insert into incidents (school_id, folio, school_year_id, period_id, category_id, type_id, classification, points,
      detail, place, occurred_at, group_id, subject_id, visible_to_family, status, recorded_by, created_at, updated_at,
      closed_at, closed_by, closing_note, cancelled_at, cancelled_by, cancel_reason)
    select ${schoolId}, ${s.folio} + r.n, ${s.year_id}, p.id, t.category_id, t.type_id, t.classification, t.points,
           t.details[1 + r.n % cardinality(t.details)],
           (array[${sql.raw(PLACES)}])[1 + r.n % ${PLACE_COUNT}],
           occurred.at, st.group_id, ta.subject_id, t.notify,
           case when r.day_offset > 14 and r.roll < 75 then 'closed'
                when r.roll >= 95 then 'cancelled' else 'open' end,
           recorder.user_id, occurred.at, occurred.at,
           case when r.day_offset > 14 and r.roll < 75 then occurred.at + interval '3 days' end,
           case when r.day_offset > 14 and r.roll < 75 then recorder.user_id end,
           case when r.day_offset > 14 and r.roll < 75 then 'Se cumplieron los acuerdos con la familia.' end,
           case when not (r.day_offset > 14 and r.roll < 75) and r.roll >= 95 then occurred.at + interval '1 hour' end,
           case when not (r.day_offset > 14 and r.roll < 75) and r.roll >= 95 then recorder.user_id end,
           case when not (r.day_offset > 14 and r.roll < 75) and r.roll >= 95 then 'Registro duplicado.' end
      from gen_rows r
      join gen_students st on st.i = r.student_i
      join gen_types t on t.i = r.type_i
      join gen_staff sf on sf.i = r.staff_i
      cross join lateral (select case when r.roll < 60 and st.head is not null then st.head else sf.user_id end
                            as user_id) recorder
      cross join lateral (
        -- The row's day at 7:30 + minute, school-local time; never later than a few minutes ago (today's rows).
        select least(((date_trunc('day', now() at time zone ${s.tz}) - make_interval(days => r.day_offset)
                 + make_interval(mins => 450 + r.minute)) at time zone ${s.tz}), now() - interval '5 minutes') as at
      ) occurred
      left join lateral (select id from periods where school_id = ${schoolId} and school_year_id = ${s.year_id}
                           and (occurred.at at time zone ${s.tz})::date between starts_on and ends_on limit 1) p on true
      left join lateral (select subject_id from teaching_assignments where school_id = ${schoolId}
                           and group_id = st.group_id and user_id = recorder.user_id limit 1) ta on true`);

  await tx.execute(sql`
    insert into incident_counters (school_id, last_folio) values (${schoolId}, ${s.folio + count})
    on conflict (school_id) do update set last_folio = excluded.last_folio`);

  // The generated rows are exactly the folios above the previous maximum.
  await tx.execute(sql`
    insert into incident_students (school_id, incident_id, student_id, role, group_id)
    select ${schoolId}, i.id, st.student_id, 'involved', st.group_id
      from incidents i join gen_rows r on i.folio = ${s.folio} + r.n join gen_students st on st.i = r.student_i
     where i.school_id = ${schoolId} and i.folio > ${s.folio}
    union all
    select ${schoolId}, i.id, st.student_id,
           case when r.pair_j is not null then case when r.roll < 75 then 'affected' else 'involved' end
                when r.n % 2 = 0 then 'affected' else 'witness' end,
           st.group_id
      from incidents i join gen_rows r on i.folio = ${s.folio} + r.n join gen_students st on st.i = r.second_i
     where i.school_id = ${schoolId} and i.folio > ${s.folio} and r.second_i is not null and r.second_i <> r.student_i`);

  await tx.execute(sql`
    update incidents i set group_ids = g.ids, student_ids = g.students
      from (select x.incident_id, array_agg(distinct x.group_id order by x.group_id) as ids,
                   array_agg(x.student_id order by x.student_id) as students
              from incident_students x join incidents n on n.school_id = x.school_id and n.id = x.incident_id
             where x.school_id = ${schoolId} and n.folio > ${s.folio} and x.group_id is not null
             group by x.incident_id) g
     where i.school_id = ${schoolId} and i.id = g.incident_id`);

  await tx.execute(sql`
    insert into incident_timeline (school_id, incident_id, event, user_id, details, at)
    select school_id, id, 'created', recorded_by, jsonb_build_object('folio', folio), created_at
      from incidents where school_id = ${schoolId} and folio > ${s.folio}
    union all
    select school_id, id, 'closed', closed_by, jsonb_build_object('closing_note', closing_note, 'waived_actions', 0),
           closed_at
      from incidents where school_id = ${schoolId} and folio > ${s.folio} and status = 'closed'
    union all
    select school_id, id, 'cancelled', cancelled_by, jsonb_build_object('reason', cancel_reason), cancelled_at
      from incidents where school_id = ${schoolId} and folio > ${s.folio} and status = 'cancelled'`);

  // One incident in three gets a formative action for its first student, responsible: the recorder. Done when the
  // incident is closed; for open ones due a week after the incident (so older open ones show as overdue).
  await tx.execute(sql`
    insert into formative_actions (school_id, incident_id, student_id, guideline, responsible_id, starts_on, repeat,
      next_due_on, created_by, created_at)
    select i.school_id, i.id, s.student_id,
           coalesce(t.guidelines ->> 0, 'Diálogo reflexivo con el estudiante'), i.recorded_by,
           ((i.occurred_at at time zone ${s.tz})::date + 7), 'none',
           case when i.status = 'open' then (i.occurred_at at time zone ${s.tz})::date + 7 end,
           i.recorded_by, i.created_at
      from incidents i
      join incident_types t on t.school_id = i.school_id and t.id = i.type_id
      join lateral (select student_id from incident_students x where x.school_id = i.school_id
                      and x.incident_id = i.id and x.role = 'involved' limit 1) s on true
     where i.school_id = ${schoolId} and i.folio > ${s.folio} and i.folio % 3 = 0 and i.status <> 'cancelled'`);
  await tx.execute(sql`
    insert into formative_action_completions (school_id, action_id, occurrence_on, completed_by, completed_at)
    select a.school_id, a.id, a.starts_on, a.responsible_id, i.closed_at
      from formative_actions a join incidents i on i.school_id = a.school_id and i.id = a.incident_id
     where a.school_id = ${schoolId} and i.folio > ${s.folio} and i.status = 'closed'`);
  return count;
}

/**
 * Picks `wanted` pairs of classmates (the 2nd and 3rd student of groups spread over the school) and makes the rows
 * marked for a pair (gen_rows.pair_j, one in 12) about one of them: first student involved, second affected or
 * involved, a peer-conflict type when the school has one. Without pairs the marked rows stay as they were drawn.
 */
async function recurringPairs(tx: Tx, wanted: number) {
  await tx.execute(sql`create temporary table if not exists gen_pairs (j int, a_i int, b_i int) on commit drop`);
  await tx.execute(sql`truncate gen_pairs`);
  if (wanted <= 0) {
    await tx.execute(sql`update gen_rows set pair_j = null`);
    return;
  }
  await tx.execute(sql`
    insert into gen_pairs
    select (row_number() over (order by k))::int - 1, a_i, b_i
      from (select g.*, row_number() over (order by g.group_id) - 1 as k, count(*) over () as groups
              from (select group_id, min(i) filter (where rk = 2) as a_i, min(i) filter (where rk = 3) as b_i
                      from (select i, group_id, row_number() over (partition by group_id order by i) as rk
                              from gen_students) x
                     group by group_id) g
             where g.a_i is not null and g.b_i is not null) c
     where k % greatest(1, groups / ${wanted}) = 0
     order by k limit ${wanted}`);
  await tx.execute(sql`
    update gen_rows r set student_i = p.a_i, second_i = p.b_i, pair_j = p.j
      from gen_pairs p, (select count(*)::int as n from gen_pairs) c
     where r.pair_j is not null and c.n > 0 and p.j = r.pair_j % c.n`);
  await tx.execute(sql`update gen_rows set pair_j = null where pair_j is not null and second_i is null`);
  await tx.execute(sql`
    update gen_rows r set type_i = t.i
      from (select i, (row_number() over (order by i))::int - 1 as k, count(*) over ()::int as n
              from gen_types where peer) t
     where r.pair_j is not null and t.k = (r.roll + r.n) % t.n`);
}

const quote = (values: readonly string[]) => values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");

const PLACE_TEXTS = [
  "Salón de clases",
  "Patio",
  "Cooperativa",
  "Baños",
  "Pasillo",
  "Canchas",
  "Entrada",
  "Laboratorio",
];
// The detail follows the type (seed/incident-details.ts): a starter type's own texts, else the general ones.
const GENERAL = quote(GENERAL_DETAILS);
const BY_TYPE = Object.entries(DETAILS_BY_TYPE)
  .map(([name, texts]) => `(${quote([name])}, array[${quote(texts)}])`)
  .join(", ");
/** Starter types (modules/incident-config) of conflicts between students: what a recurring pair's incidents are. */
const PEER_CONFLICT_TYPES = [
  "Burlas o apodos ofensivos",
  "Agresión verbal entre estudiantes",
  "Agresión física",
  "Acoso escolar (hostigamiento reiterado)",
];
const PLACES = quote(PLACE_TEXTS);
const PEER = quote(PEER_CONFLICT_TYPES);
const PLACE_COUNT = PLACE_TEXTS.length;
