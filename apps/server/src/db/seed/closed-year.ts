import { englishPeriodName } from "@convive/domain";
import { sql } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { groups, periods, schoolYears } from "../schema/index.ts";
import { GENERAL_DETAILS } from "./incident-details.ts";
import { seedClosedYearRatings } from "./ratings.ts";

/** The demo's closed school year (issue 31 §4): before the current 2026-2027. */
export const CLOSED_YEAR = { name: "2025-2026", startsOn: "2025-08-25", endsOn: "2026-07-10" } as const;
const CLOSED_PERIODS = [
  { name: "Bimestre 1", startsOn: "2025-08-25", endsOn: "2025-10-26" },
  { name: "Bimestre 2", startsOn: "2025-10-27", endsOn: "2026-01-04" },
  { name: "Bimestre 3", startsOn: "2026-01-05", endsOn: "2026-03-08" },
  { name: "Bimestre 4", startsOn: "2026-03-09", endsOn: "2026-05-10" },
  { name: "Bimestre 5", startsOn: "2026-05-11", endsOn: "2026-07-10" },
];
/** Incidents of the closed year: a few, all closed, one a month from September to June. */
export const CLOSED_YEAR_INCIDENTS = 10;

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Loads a demo school's closed 2025-2026 year, so cycle-details, re-enrollment and year-over-year figures have
 * history: each group of the current year above the school's first grade was, last year, the group of the grade
 * before with the same name (2° A Primaria ← 1° A; 1° A Secundaria ← 6° A Primaria), with the same students and the
 * same head teacher; the first grade's students were new this year. Its five bimesters rated and published, and a few closed incidents
 * (none about the groups docente@ heads or teaches, nor familia@'s children, whose screens the demo describes). The
 * year is closed (read-only); the current year stays current.
 */
export async function seedClosedYear(tx: Tx, schoolId: string, keepOut: readonly number[] = []) {
  const [year] = await tx
    .insert(schoolYears)
    .values({ schoolId, ...CLOSED_YEAR, isCurrent: false, closedAt: new Date("2026-07-17T18:00:00Z") })
    .returning({ id: schoolYears.id });
  const yearId = year!.id;
  await tx.insert(periods).values(
    CLOSED_PERIODS.map((p, i) => ({
      schoolId,
      schoolYearId: yearId,
      order: i + 1,
      nameEn: englishPeriodName(p.name),
      ...p,
    })),
  );

  // The school's grades in order (sections, then grades): last year's grade of a group is the one before its own.
  const current = rows<{ id: number; name: string; grade_id: number; head_teacher_id: number | null }>(
    await tx.execute(sql`
      select g.id, g.name, g.grade_id, g.head_teacher_id
        from groups g join school_years y on y.school_id = g.school_id and y.id = g.school_year_id and y.is_current
       where g.school_id = ${schoolId} order by g.id`),
  );
  const gradeOrder = rows<{ id: number }>(
    await tx.execute(sql`
      select gr.id from grades gr join sections se on se.school_id = gr.school_id and se.id = gr.section_id
       where gr.school_id = ${schoolId} order by se."order", se.id, gr."order", gr.id`),
  ).map((g) => g.id);
  const previous = new Map(gradeOrder.map((id, i) => [id, gradeOrder[i - 1]]));
  const mapped = current.filter((g) => previous.get(g.grade_id) !== undefined);
  if (mapped.length === 0) return { yearId, groups: 0 };
  const old = await tx
    .insert(groups)
    .values(
      mapped.map((g) => ({
        schoolId,
        schoolYearId: yearId,
        gradeId: previous.get(g.grade_id)!,
        name: g.name,
        headTeacherId: g.head_teacher_id,
      })),
    )
    .returning({ id: groups.id });
  const pairs = mapped.map((g, i) => `(${g.id}, ${old[i]!.id})`).join(", ");
  // Raw SQL: one statement for every student, mapped group by group from a VALUES list of ids.
  await tx.execute(sql`
    insert into student_groups (school_id, student_id, school_year_id, group_id)
    select sg.school_id, sg.student_id, ${yearId}, m.old_id
      from student_groups sg
      join (values ${sql.raw(pairs)}) m(current_id, old_id) on m.current_id = sg.group_id
     where sg.school_id = ${schoolId}`);

  await closedYearIncidents(tx, schoolId, yearId, keepOut);
  await seedClosedYearRatings(tx, schoolId, yearId);
  return { yearId, groups: old.length };
}

/** A few closed incidents of the closed year, each about one student of its groups, with their timeline. */
async function closedYearIncidents(tx: Tx, schoolId: string, yearId: number, keepOut: readonly number[]) {
  const excluded = keepOut.length > 0 ? sql.raw(`'{${keepOut.join(",")}}'`) : sql.raw("'{}'");
  const [base] = rows<{ folio: number; tz: string }>(
    await tx.execute(sql`
      select (select coalesce(max(last_folio), 0) from incident_counters where school_id = ${schoolId})::int as folio,
             (select time_zone from schools where id = ${schoolId}) as tz`),
  );
  const details = GENERAL_DETAILS.map((d) => `'${d.replaceAll("'", "''")}'`).join(", ");
  // Raw SQL: picks spread over the year's students and the school's types by row number, as the incident generator.
  await tx.execute(sql`
    with st as (
      select sg.student_id, sg.group_id, g.head_teacher_id, row_number() over (order by sg.student_id) as k,
             count(*) over () as n
        from student_groups sg join groups g on g.school_id = sg.school_id and g.id = sg.group_id
       where sg.school_id = ${schoolId} and sg.school_year_id = ${yearId}
         and not (sg.student_id = any(${excluded}::int[]))
    ), ty as (
      select id, category_id, classification, default_points, notify_family,
             row_number() over (order by id) as k, count(*) over () as n
        from incident_types where school_id = ${schoolId} and is_active and classification <> 'serious'
    ), picks as (
      select i, ((timestamp '2025-09-10 10:00' + make_interval(months => i - 1, days => (i * 3) % 20))
                  at time zone ${base!.tz}) as at
        from generate_series(1, ${CLOSED_YEAR_INCIDENTS}) as i
    )
    insert into incidents (school_id, folio, school_year_id, period_id, category_id, type_id, classification, points,
      detail, place, occurred_at, group_id, group_ids, student_ids, visible_to_family, status, recorded_by, created_at,
      updated_at, closed_at, closed_by, closing_note)
    select ${schoolId}, ${base!.folio} + p.i, ${yearId},
           (select id from periods where school_id = ${schoolId} and school_year_id = ${yearId}
              and (p.at at time zone ${base!.tz})::date between starts_on and ends_on limit 1),
           t.category_id, t.id, t.classification, t.default_points,
           (array[${sql.raw(details)}])[1 + p.i % ${GENERAL_DETAILS.length}], 'Patio', p.at, s.group_id,
           array[s.group_id], array[s.student_id], t.notify_family, 'closed', s.head_teacher_id,
           p.at, p.at + interval '3 days', p.at + interval '3 days', s.head_teacher_id,
           'Se cumplieron los acuerdos con la familia.'
      from picks p
      join lateral (select * from st where st.k = 1 + ((p.i * 37) % st.n)) s on true
      join lateral (select * from ty where ty.k = 1 + (p.i % ty.n)) t on true
     where s.head_teacher_id is not null`);
  await tx.execute(sql`
    insert into incident_counters (school_id, last_folio)
    values (${schoolId}, (select coalesce(max(folio), 0) from incidents where school_id = ${schoolId}))
    on conflict (school_id) do update set last_folio = greatest(incident_counters.last_folio, excluded.last_folio)`);
  await tx.execute(sql`
    insert into incident_students (school_id, incident_id, student_id, role, group_id)
    select school_id, id, student_ids[1], 'involved', group_id
      from incidents where school_id = ${schoolId} and school_year_id = ${yearId}`);
  await tx.execute(sql`
    insert into incident_timeline (school_id, incident_id, event, user_id, details, at)
    select school_id, id, 'created', recorded_by, jsonb_build_object('folio', folio), created_at
      from incidents where school_id = ${schoolId} and school_year_id = ${yearId}
    union all
    select school_id, id, 'closed', closed_by, jsonb_build_object('closing_note', closing_note, 'waived_actions', 0),
           closed_at
      from incidents where school_id = ${schoolId} and school_year_id = ${yearId}`);
}
