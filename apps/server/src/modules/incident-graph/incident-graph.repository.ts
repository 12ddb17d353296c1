import type { Language } from "@convive/domain";
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  grades,
  groups,
  incidentCategories,
  incidentDayCounts,
  incidents,
  periods,
  schools,
  schoolYears,
  sections,
} from "../../db/schema/index.ts";
import { alphabetical } from "../../lib/names.ts";
import { forSchool, inSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { incidentsWhere, type Scope } from "../incidents/index.ts";

/** The school's time zone, today there and its current school year with its periods. */
export async function schoolCalendar(tx: Tx, schoolId: string, language: Language) {
  const [clock] = await tx
    .select({
      timeZone: schools.timeZone,
      today: sql<string>`to_char((now() at time zone ${schools.timeZone})::date, 'YYYY-MM-DD')`,
      yearId: schoolYears.id,
      yearName: schoolYears.name,
      startsOn: schoolYears.startsOn,
      endsOn: schoolYears.endsOn,
    })
    .from(schools)
    .leftJoin(schoolYears, ofSchool(schoolYears, schools.id, eq(schoolYears.isCurrent, true)))
    .where(eq(schools.id, schoolId));
  const year = clock?.yearId
    ? { id: clock.yearId, name: clock.yearName!, starts_on: clock.startsOn!, ends_on: clock.endsOn! }
    : null;
  const terms = year
    ? await forSchool(tx, schoolId)
        .pick(periods, {
          id: periods.id,
          name: language === "en" ? sql<string>`coalesce(${periods.nameEn}, ${periods.name})` : periods.name,
          starts_on: periods.startsOn,
          ends_on: periods.endsOn,
        })
        .where(eq(periods.schoolYearId, year.id))
        .orderBy(asc(periods.startsOn), asc(periods.id))
    : [];
  return { timeZone: clock?.timeZone ?? "America/Mexico_City", today: clock?.today ?? "", year, periods: terms };
}

/** The groups a group, grade or section filter stands for (any school year); null: no such filter. */
export async function filterGroupIds(
  tx: Tx,
  schoolId: string,
  q: { group_id?: number; grade_id?: number; section_id?: number },
): Promise<number[] | null> {
  if (q.group_id) return [q.group_id];
  if (!q.grade_id && !q.section_id) return null;
  const rows = await tx
    .select({ id: groups.id })
    .from(groups)
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .where(
      ofSchool(groups, schoolId, q.grade_id ? eq(groups.gradeId, q.grade_id) : eq(grades.sectionId, q.section_id!)),
    );
  return rows.map((r) => r.id);
}

export const intArray = (ids: readonly number[]) => sql`${`{${ids.map(Number).join(",")}}`}::integer[]`;

export interface SeriesSpec {
  schoolId: string;
  scope: Scope;
  timeZone: string;
  from: string;
  to: string;
  unit: "day" | "week" | "month";
  stack: "classification" | "category" | "group";
  classification?: string;
  categoryId?: number;
  groupIds: number[] | null;
}

/**
 * Incidents per bucket and stack key, and per bucket in all. School-wide viewers read migration 0018's rollups: the
 * school's totals (no group filter), one group's rows (a group filter, or stacked by group), or the rows keyed by
 * the set of groups (a filter naming several groups: an incident concerning two of them counts once). A scope
 * narrower than the school (a teacher's groups and records) counts its incidents on the fly, as the archive finds them.
 */
export async function seriesCounts(tx: Tx, spec: SeriesSpec) {
  const byGroup = spec.stack === "group";
  const groups = spec.groupIds;
  const range = (day: SQL) => sql`${day} >= ${spec.from}::date and ${day} <= ${spec.to}::date`;
  const where = (src: string) => {
    const out: SQL[] = [];
    if (spec.classification) out.push(sql`${sql.raw(src)}.classification = ${spec.classification}`);
    if (spec.categoryId) out.push(sql`${sql.raw(src)}.category_id = ${spec.categoryId}`);
    return out;
  };
  const and_ = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);
  const bucket = (src: string) => sql`to_char(date_trunc(${spec.unit}, ${sql.raw(src)}.day::timestamp), 'YYYY-MM-DD')`;
  const keyOf = (src: string, group: SQL) =>
    spec.stack === "classification"
      ? sql`${sql.raw(src)}.classification`
      : byGroup
        ? sql`${group}::text`
        : sql`${sql.raw(src)}.category_id::text`;
  const run = <T>(query: SQL) =>
    inSchool(tx, spec.schoolId, async (scoped) => ((await scoped.execute(query)) as unknown as { rows: T[] }).rows);
  type Stack = { bucket: string; key: string; n: number };
  type Total = { bucket: string; n: number };

  if (spec.scope.kind === "school" && (groups === null || groups.length === 1)) {
    const totals = sql`select ${bucket("t")} as bucket, sum(t.n)::int as n from incident_day_totals t
       where t.school_id = ${spec.schoolId} and ${range(sql`t.day`)} and ${and_(where("t"))} group by 1`;
    const perGroup = (key: SQL) => sql`
      select ${bucket("g")} as bucket, ${key} as key, sum(g.n)::int as n from incident_day_groups g
       where g.school_id = ${spec.schoolId} and ${range(sql`g.day`)} and ${and_(where("g"))}
         ${groups ? sql`and g.group_id = ${groups[0]}` : sql``}
       group by 1, 2`;
    if (groups) {
      // One group: its rows hold every figure; by group, the one stack is the total.
      const stacks = await run<Stack>(perGroup(keyOf("g", sql`g.group_id`)));
      return { stacks, totals: null };
    }
    if (byGroup) {
      const [stacks, sums] = await Promise.all([run<Stack>(perGroup(sql`g.group_id::text`)), run<Total>(totals)]);
      return { stacks, totals: sums };
    }
    const stacks = await run<Stack>(sql`
      select ${bucket("t")} as bucket, ${keyOf("t", sql`0`)} as key, sum(t.n)::int as n from incident_day_totals t
       where t.school_id = ${spec.schoolId} and ${range(sql`t.day`)} and ${and_(where("t"))} group by 1, 2`);
    return { stacks, totals: null };
  }

  // A teacher's whole series (no filter): their viewer unit of the dashboard's rollup (migrations 0019 and 0022),
  // which counts exactly the incidents of their scope per day, classification, category and group.
  if (spec.scope.kind === "own" && groups === null && !spec.classification && !spec.categoryId) {
    const viewerDays = (dim: string) => sql`select r.day, r.key, r.n from incident_unit_days r
       where r.school_id = ${spec.schoolId} and r.unit = 'viewer' and r.unit_id = ${spec.scope.userId}
         and r.dim = ${dim} and ${range(sql`r.day`)}`;
    const [stacks, totals] = await Promise.all([
      run<Stack>(sql`select ${bucket("r")} as bucket, r.key, sum(r.n)::int as n from (${viewerDays(spec.stack)}) r
                      group by 1, 2 having sum(r.n) <> 0`),
      byGroup
        ? run<Total>(sql`select ${bucket("r")} as bucket, sum(r.n)::int as n from (${viewerDays("status")}) r
                          group by 1 having sum(r.n) <> 0`)
        : Promise.resolve(null),
    ]);
    return { stacks, totals };
  }

  const c = incidentDayCounts;
  const rolled = (extra: SQL) => sql`select ${c.day} as day, ${c.classification} as classification,
        ${c.categoryId} as category_id, ${c.groupIds} as group_ids, ${c.n} as n
      from ${c}
     where ${c.schoolId} = ${spec.schoolId} and ${c.day} >= ${spec.from}::date and ${c.day} <= ${spec.to}::date
       and ${c.n} <> 0 ${extra}`;
  const raw = (extra: SQL) => sql`select (${incidents.occurredAt} at time zone ${spec.timeZone})::date as day,
        ${incidents.classification} as classification, ${incidents.categoryId} as category_id,
        ${incidents.groupIds} as group_ids, 1 as n
      from ${incidents}
     where ${incidents.schoolId} = ${spec.schoolId} and ${incidents.status} <> 'cancelled'
       and ${incidents.occurredAt} >= (${spec.from}::date)::timestamp at time zone ${spec.timeZone}
       and ${incidents.occurredAt} < (${spec.to}::date + 1)::timestamp at time zone ${spec.timeZone} and ${extra}`;
  // A teacher's scope (modules/incidents scopeConditions): the incidents of their groups, from the rollup keyed by
  // the groups, and those they recorded outside them, counted on the fly (an index range on their records).
  const source =
    spec.scope.kind === "school"
      ? rolled(sql``)
      : spec.scope.kind === "own" && spec.scope.groupIds.length > 0
        ? sql`${rolled(sql`and ${c.groupIds} && ${intArray(spec.scope.groupIds)}`)}
            union all
            ${raw(sql`${incidents.recordedBy} = ${spec.scope.userId}
                      and not (${incidents.groupIds} && ${intArray(spec.scope.groupIds)})`)}`
        : raw(incidentsWhere(spec.scope));
  const filtered = and_([...where("src"), ...(groups ? [sql`src.group_ids && ${intArray(groups)}`] : [])]);
  const groupWhere = byGroup && groups ? sql` and g.id = any(${intArray(groups)})` : sql``;
  const [stacks, totals] = await Promise.all([
    run<Stack>(sql`
      select ${bucket("src")} as bucket, ${keyOf("src", sql`g.id`)} as key, sum(src.n)::int as n
        from (${source}) src ${byGroup ? sql`cross join lateral unnest(src.group_ids) as g(id)` : sql``}
       where ${filtered}${groupWhere}
       group by 1, 2`),
    byGroup
      ? run<Total>(sql`
          select ${bucket("src")} as bucket, sum(src.n)::int as n from (${source}) src where ${filtered} group by 1`)
      : Promise.resolve(null),
  ]);
  return { stacks, totals };
}

/** Category names (reader's language) and group labels for the series' keys. */
export async function stackLabels(
  tx: Tx,
  schoolId: string,
  stack: "category" | "group",
  ids: number[],
  language: Language,
) {
  if (ids.length === 0) return [];
  if (stack === "category") {
    return forSchool(tx, schoolId)
      .pick(incidentCategories, {
        id: incidentCategories.id,
        label:
          language === "en"
            ? sql<string>`coalesce(${incidentCategories.nameEn}, ${incidentCategories.nameEs})`
            : incidentCategories.nameEs,
        order: incidentCategories.order,
      })
      .where(inArray(incidentCategories.id, ids))
      .orderBy(asc(incidentCategories.order), asc(alphabetical(incidentCategories.nameEs)));
  }
  return tx
    .select({ id: groups.id, label: groupLabelIn(language), order: sql<number>`0` })
    .from(groups)
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(ofSchool(groups, schoolId, inArray(groups.id, ids)))
    .orderBy(asc(sections.order), asc(grades.order), asc(groups.name));
}

const groupLabelIn = (language: Language) =>
  sql<string>`concat_ws(' ', ${grades.name}, ${groups.name}, ${language === "en" ? sql`coalesce(${sections.nameEn}, ${sections.name})` : sections.name})`;

/** Names of some students and the label of their group in the current school year (null when none). */
export async function studentNames(tx: Tx, schoolId: string, ids: number[], language: Language) {
  if (ids.length === 0) return [];
  const section = language === "en" ? sql`coalesce(se.name_en, se.name)` : sql`se.name`;
  // Raw aliases: drizzle leaves columns of a one-table select unqualified, which the correlated subquery needs.
  const query = sql`
    select st.id, concat_ws(' ', st.first_name, nullif(st.paternal_surname, ''), nullif(st.maternal_surname, '')) as name,
           (select concat_ws(' ', gr.name, g.name, ${section})
              from student_groups sg
              join school_years y on y.school_id = sg.school_id and y.id = sg.school_year_id and y.is_current
              join groups g on g.school_id = sg.school_id and g.id = sg.group_id
              join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
              join sections se on se.school_id = gr.school_id and se.id = gr.section_id
             where sg.school_id = st.school_id and sg.student_id = st.id
             limit 1) as group_label
      from students st
     where st.school_id = ${schoolId} and st.id = any(${intArray(ids)})`;
  return inSchool(tx, schoolId, async (scoped) =>
    (
      (await scoped.execute(query)) as unknown as { rows: { id: number; name: string; group_label: string | null }[] }
    ).rows.map((r) => ({ id: Number(r.id), name: r.name, groupLabel: r.group_label })),
  );
}
