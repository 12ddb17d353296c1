import type { Language } from "@convive/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Slice } from "./range.ts";

/**
 * The dashboard's SQL. Every count is the archive's own conditions (archive.query.ts) over the incident's columns:
 * the viewer's scope (`scopeSql`, incidentsWhere of the incidents module, which names the school), days on the
 * school's clock (from 00:00 of `from` to 24:00 of `to`), the groups a section/grade/group filter stands for through
 * incidents.group_ids, and the cancelled ones left out (the archive's not_status=cancelled). Raw SQL for the
 * aggregates; each statement names the school.
 */

type Row = Record<string, unknown>;
export const rowsOf = async (tx: Tx, query: SQL) => ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;
export const intArray = (ids: readonly number[]) => `{${ids.map(Number).join(",")}}`;

export interface Days {
  from: string;
  to: string;
}

/** The conditions on `incidents` of a slice between two days (both included). */
export function incidentConditions(slice: Slice, scopeSql: SQL, days: Days, extra: SQL[] = []): SQL {
  const tz = slice.timeZone;
  const parts: SQL[] = [
    scopeSql,
    sql`incidents.occurred_at >= (${days.from}::date)::timestamp at time zone ${tz}`,
    sql`incidents.occurred_at < (${days.to}::date + 1)::timestamp at time zone ${tz}`,
  ];
  if (slice.groupIds) parts.push(sql`incidents.group_ids && ${intArray(slice.groupIds)}::integer[]`);
  return sql.join([...parts, ...extra], sql` and `);
}

const notCancelled = sql`incidents.status <> 'cancelled'`;
const nameIn = (language: Language, table: string) =>
  sql.raw(language === "en" ? `coalesce(${table}.name_en, ${table}.name_es)` : `${table}.name_es`);
export const sectionIn = (language: Language) =>
  sql.raw(language === "en" ? "coalesce(sc.name_en, sc.name)" : "sc.name");

/**
 * The figures that come either from the incidents themselves (`countedFigures`) or from a rollup unit
 * (rollup.repository.ts `rolledFigures`): the same answers, tested equal.
 */
export interface Figures {
  periodCounts(days: Days, language: Language): Promise<Counted[]>;
  classificationCounts(days: Days): Promise<Map<string, number>>;
  openAges(days: Days): Promise<{ "0-7": number; "8-30": number; "31+": number }>;
  overdueActions(): Promise<number>;
  earlyWarning(days: Days, min: number, language: Language): Promise<CountedStudent[]>;
  agedOpenCount(until: string): Promise<number>;
}

/** The figures counted from the incidents of the viewer's scope (`scopeSql`). */
export const countedFigures = (tx: Tx, slice: Slice, scopeSql: SQL): Figures => ({
  periodCounts: (days, language) => periodCounts(tx, slice, scopeSql, days, language),
  classificationCounts: (days) => classificationCounts(tx, slice, scopeSql, days),
  openAges: (days) => openAges(tx, slice, scopeSql, days),
  overdueActions: () => overdueActions(tx, slice, scopeSql),
  earlyWarning: (days, min, language) => earlyWarning(tx, slice, scopeSql, days, min, language),
  agedOpenCount: (until) => agedOpenCount(tx, slice, scopeSql, until),
});

export interface CountedStudent {
  id: number;
  name: string;
  group: string | null;
  n: number;
}

export interface Counted {
  dim: string;
  key: string;
  label: string;
  n: number;
}

/**
 * The period's incidents once (a materialised set of the few columns the figures read), counted whole and by
 * classification, category, type, recorder, place, weekday × hour, group and grade — with each key's label.
 */
export async function periodCounts(
  tx: Tx,
  slice: Slice,
  scopeSql: SQL,
  days: Days,
  language: Language,
): Promise<Counted[]> {
  const tz = slice.timeZone;
  const counted = sql`with base as materialized (
      select incidents.id, incidents.classification, incidents.category_id, incidents.type_id,
             incidents.recorded_by, nullif(btrim(incidents.place), '') as place, incidents.group_ids,
             extract(isodow from incidents.occurred_at at time zone ${tz})::int as dow,
             extract(hour from incidents.occurred_at at time zone ${tz})::int as hr
        from incidents where ${incidentConditions(slice, scopeSql, days, [notCancelled])}
    ), gmap as materialized (
      select id, grade_id from groups where school_id = ${slice.schoolId}
    )
    select 'all' as dim, '' as key, count(*)::int as n from base
    union all select 'classification', classification, count(*)::int from base group by classification
    union all select 'category', category_id::text, count(*)::int from base group by category_id
    union all select 'type', type_id::text, count(*)::int from base group by type_id
    union all select 'recorder', recorded_by::text, count(*)::int from base group by recorded_by
    union all select 'place', place, count(*)::int from base where place is not null group by place
    union all select 'slot', dow || ':' || hr, count(*)::int from base group by dow, hr
    union all select 'group', g::text, count(*)::int from base, unnest(base.group_ids) g group by g
    union all select 'grade', x.grade_id::text, count(*)::int
      from (select distinct base.id, gmap.grade_id from base, unnest(base.group_ids) u(g)
              join gmap on gmap.id = u.g) x
     group by x.grade_id`;
  return labelled(tx, slice.schoolId, counted, language);
}

/**
 * Counts (`counted`: dim, key, n) with each key's label in the language: categories, types, recorders, groups and
 * grades by name; places and slots as they are.
 */
export async function labelled(tx: Tx, schoolId: string, counted: SQL, language: Language): Promise<Counted[]> {
  const s = schoolId;
  const rows = await rowsOf(
    tx,
    sql`with counted as (${counted})
    select c.dim, c.key, c.n,
           case c.dim
             when 'category' then (select ${nameIn(language, "ic")} from incident_categories ic
                                    where ic.school_id = ${s} and ic.id = c.key::int)
             when 'type' then (select ${nameIn(language, "it")} from incident_types it
                                where it.school_id = ${s} and it.id = c.key::int)
             when 'recorder' then (select trim(concat_ws(' ', u.first_name, u.paternal_surname)) from users u
                                    where u.id = c.key::int)
             when 'group' then (select concat_ws(' ', ${sectionIn(language)}, gr.name, g.name) from groups g
                                  join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
                                  join sections sc on sc.school_id = gr.school_id and sc.id = gr.section_id
                                 where g.school_id = ${s} and g.id = c.key::int)
             when 'grade' then (select concat_ws(' ', ${sectionIn(language)}, gr.name) from grades gr
                                  join sections sc on sc.school_id = gr.school_id and sc.id = gr.section_id
                                 where gr.school_id = ${s} and gr.id = c.key::int)
             else c.key
           end as label
      from counted c`,
  );
  return rows.map((r) => ({ dim: String(r.dim), key: String(r.key), label: String(r.label ?? r.key), n: Number(r.n) }));
}

/** The incidents of a range, whole and by classification (what the previous period is compared on). */
export async function classificationCounts(tx: Tx, slice: Slice, scopeSql: SQL, days: Days) {
  const rows = await rowsOf(
    tx,
    sql`select incidents.classification as key, count(*)::int as n from incidents
         where ${incidentConditions(slice, scopeSql, days, [notCancelled])} group by incidents.classification`,
  );
  return new Map(rows.map((r) => [String(r.key), Number(r.n)]));
}

/**
 * The open incidents of the year by age on the school's calendar: 0–7 days, 8–30 and more than 30 (as of today).
 */
export async function openAges(tx: Tx, slice: Slice, scopeSql: SQL, days: Days) {
  const weekAgo = sql`(${slice.today}::date - 7)`;
  const monthAgo = sql`(${slice.today}::date - 30)`;
  const [row] = await rowsOf(
    tx,
    sql`select count(*) filter (where d >= ${weekAgo})::int as a,
               count(*) filter (where d < ${weekAgo} and d >= ${monthAgo})::int as b,
               count(*) filter (where d < ${monthAgo})::int as c
          from (select (incidents.occurred_at at time zone ${slice.timeZone})::date as d from incidents
                 where ${incidentConditions(slice, scopeSql, days, [sql`incidents.status = 'open'`])}) x`,
  );
  return { "0-7": Number(row?.a ?? 0), "8-30": Number(row?.b ?? 0), "31+": Number(row?.c ?? 0) };
}

/** The range's closed incidents and the median time from happening to closing, in days. */
export async function timeToClose(tx: Tx, slice: Slice, scopeSql: SQL, days: Days) {
  const [row] = await rowsOf(
    tx,
    sql`select count(*)::int as n,
               percentile_cont(0.5) within group
                 (order by extract(epoch from incidents.closed_at - incidents.occurred_at)) / 86400 as median
          from incidents
         where ${incidentConditions(slice, scopeSql, days, [sql`incidents.status = 'closed'`])}`,
  );
  return { closed: Number(row?.n ?? 0), medianDays: row?.median == null ? null : Number(row.median) };
}

/** Formative actions past their due day and not waived, of the scope's incidents that are not cancelled. */
export async function overdueActions(tx: Tx, slice: Slice, scopeSql: SQL) {
  const groups = slice.groupIds ? sql`and incidents.group_ids && ${intArray(slice.groupIds)}::integer[]` : sql``;
  const [row] = await rowsOf(
    tx,
    // A lateral probe of the incident by its key per overdue action: the planner would otherwise hash-join a scan
    // of every incident of the school.
    sql`select count(*)::int as n from formative_actions fa
          cross join lateral (select 1 from incidents
                               where incidents.school_id = fa.school_id and incidents.id = fa.incident_id
                                 and ${notCancelled} and ${scopeSql} ${groups} limit 1) i
         where fa.school_id = ${slice.schoolId} and fa.waived_at is null and fa.next_due_on < ${slice.today}::date`,
  );
  return Number(row?.n ?? 0);
}

/** Students with at least `min` incidents between two days, most first (their group in the chosen year). */
export async function earlyWarning(tx: Tx, slice: Slice, scopeSql: SQL, days: Days, min: number, language: Language) {
  const counted = sql`select sid, count(*)::int as n from incidents, unnest(incidents.student_ids) sid
                       where ${incidentConditions(slice, scopeSql, days, [notCancelled])}
                       group by sid having count(*) >= ${min}`;
  return studentsCounted(tx, slice, counted, language);
}

/** Students of `counted` (sid, n), most first then by name, at most 50, with their group in the chosen year. */
export async function studentsCounted(
  tx: Tx,
  slice: Slice,
  counted: SQL,
  language: Language,
): Promise<CountedStudent[]> {
  const s = slice.schoolId;
  const rows = await rowsOf(
    tx,
    sql`select st.id, concat_ws(' ', st.first_name, nullif(st.paternal_surname, ''),
                                nullif(st.maternal_surname, '')) as name, x.n,
               (select concat_ws(' ', ${sectionIn(language)}, gr.name, g.name) from student_groups sg
                  join groups g on g.school_id = sg.school_id and g.id = sg.group_id
                  join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
                  join sections sc on sc.school_id = gr.school_id and sc.id = gr.section_id
                 where sg.school_id = ${s} and sg.student_id = st.id and sg.school_year_id = ${slice.year.id}
                 limit 1) as group_label
          from (${counted}) x
          join students st on st.school_id = ${s} and st.id = x.sid
         order by x.n desc, st.first_name collate "und-x-icu", st.paternal_surname collate "und-x-icu",
                  st.maternal_surname collate "und-x-icu" limit 50`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    group: r.group_label == null ? null : String(r.group_label),
    n: Number(r.n),
  }));
}

/**
 * Accompaniment observations of a range (observed_on) in the viewer's observation scope, all and positive; with a
 * section/grade/group filter, those of students enrolled in its groups.
 */
export async function observationCounts(tx: Tx, slice: Slice, observationsSql: SQL, days: Days) {
  const groups = slice.groupIds
    ? sql`and accompaniment_observations.student_id in (select sg.student_id from student_groups sg
           where sg.school_id = ${slice.schoolId} and sg.group_id = any(${intArray(slice.groupIds)}::integer[]))`
    : sql``;
  const [row] = await rowsOf(
    tx,
    sql`select count(*)::int as total, count(*) filter (where ot.kind = 'positive')::int as positive
          from accompaniment_observations
          join observation_types ot on ot.school_id = accompaniment_observations.school_id
                                   and ot.id = accompaniment_observations.observation_type_id
         where ${observationsSql} and accompaniment_observations.observed_on between ${days.from}::date and ${days.to}::date
           ${groups}`,
  );
  return { total: Number(row?.total ?? 0), positive: Number(row?.positive ?? 0) };
}

const agedWhere = (slice: Slice, scopeSql: SQL, until: string) => {
  const groups = slice.groupIds ? sql`and incidents.group_ids && ${intArray(slice.groupIds)}::integer[]` : sql``;
  return sql`${scopeSql} and incidents.status = 'open'
    and incidents.occurred_at < (${until}::date + 1)::timestamp at time zone ${slice.timeZone} ${groups}`;
};

/** How many open incidents happened on or before `until`. */
export async function agedOpenCount(tx: Tx, slice: Slice, scopeSql: SQL, until: string) {
  const [row] = await rowsOf(
    tx,
    sql`select count(*)::int as n from incidents where ${agedWhere(slice, scopeSql, until)}`,
  );
  return Number(row?.n ?? 0);
}

/** The 50 oldest open incidents that happened on or before `until`, with when they were escalated. */
export async function agedOpenList(tx: Tx, slice: Slice, scopeSql: SQL, until: string, language: Language) {
  const s = slice.schoolId;
  const rows = await rowsOf(
    tx,
    sql`select incidents.id, incidents.folio, incidents.occurred_at,
               (${slice.today}::date - (incidents.occurred_at at time zone ${slice.timeZone})::date) as age,
               (select ${nameIn(language, "it")} from incident_types it
                 where it.school_id = ${s} and it.id = incidents.type_id) as type,
               (select trim(concat_ws(' ', u.first_name, u.paternal_surname)) from users u
                 where u.id = incidents.recorded_by) as recorder,
               e.escalated_at
          from incidents
          left join incident_escalations e on e.school_id = incidents.school_id and e.incident_id = incidents.id
         where ${agedWhere(slice, scopeSql, until)}
         -- nulls first (occurred_at is never null): the order the status index walked backwards gives.
         order by incidents.occurred_at nulls first limit 50`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    folio: Number(r.folio),
    type: String(r.type ?? ""),
    occurredAt: new Date(r.occurred_at as string | Date),
    ageDays: Number(r.age),
    recorder: String(r.recorder ?? ""),
    escalatedAt: r.escalated_at ? new Date(r.escalated_at as string | Date) : null,
  }));
}
