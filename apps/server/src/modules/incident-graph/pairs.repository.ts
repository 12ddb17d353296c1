import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidentPairDays, incidentPairs, incidentStudentDays } from "../../db/schema/index.ts";
import { inSchool } from "../../lib/tenant-db.ts";
import { wholeMonths } from "./buckets.ts";
import { intArray } from "./incident-graph.repository.ts";

export interface PairsSpec {
  schoolId: string;
  /** Bounds of the school days, as instants. */
  timeZone: string;
  from: string;
  to: string;
  classification?: string;
  /** Pairs with at least one student in these groups (at the time). */
  groupIds: number[] | null;
  /** A teacher's scope: both students in these groups (at the time). Null: the whole school. */
  ownGroupIds: number[] | null;
  minCount: number;
  limit: number;
}

interface PairRow {
  a: number;
  b: number;
  n: number;
  score: number;
  ia: number;
  ii: number;
}

const SCORE = (classification: SQL) =>
  sql`case ${classification} when 'serious' then 2 when 'very-serious' then 3 else 1 end`;

/**
 * The strongest pairs of the period (score, then count; `limit` of them) and, for the students in them, how many of
 * the period's incidents each shares with someone. The whole school's map (no group filter, any classification)
 * sums migration 0024's rollups; narrowed to groups, or a teacher's map, a student's count depends on who the
 * other student is, so it reads migration 0018's incident_pairs of the period (fewer rows: those of the groups).
 */
export async function strongestPairs(tx: Tx, spec: PairsSpec) {
  const query = spec.groupIds === null && spec.ownGroupIds === null ? fromDays(spec) : fromPairs(spec);
  const [row] = await inSchool(
    tx,
    spec.schoolId,
    async (scoped) => ((await scoped.execute(query)) as unknown as { rows: { edges: unknown; nodes: unknown }[] }).rows,
  );
  const parse = <T>(v: unknown) => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));
  return { edges: parse<PairRow[]>(row?.edges), shared: parse<{ id: number; n: number }[]>(row?.nodes) };
}

/** Both reads end alike: the edges `e` in order and the counts `s` of their students, as two JSON arrays. */
const answer = sql`
    select coalesce((select json_agg(e order by e.score desc, e.n desc, e.a, e.b) from e), '[]') as edges,
           coalesce((select json_agg(s) from s), '[]') as nodes`;

/**
 * The whole school's map from incident_pair_days and incident_student_days: the month rows of the range's whole
 * months and the day rows of the days outside them (school days; a year: about 14 months' rows per pair).
 */
function fromDays(spec: PairsSpec) {
  const months = wholeMonths(spec.from, spec.to);
  const rowsOf = (t: typeof incidentPairDays | typeof incidentStudentDays, columns: SQL) => {
    const where = (grain: "day" | "month", range: SQL) =>
      sql.join(
        [
          sql`${t.schoolId} = ${spec.schoolId} and ${t.grain} = ${grain}`,
          range,
          ...(spec.classification ? [sql`${t.classification} = ${spec.classification}`] : []),
        ],
        sql` and `,
      );
    const days = sql`${t.day} >= ${spec.from}::date and ${t.day} <= ${spec.to}::date`;
    if (!months) return sql`select ${columns} from ${t} where ${where("day", days)}`;
    return sql`
      select ${columns} from ${t}
       where ${where("month", sql`${t.day} >= ${months.start}::date and ${t.day} < ${months.end}::date`)}
      union all
      select ${columns} from ${t}
       where ${where("day", sql`${days} and (${t.day} < ${months.start}::date or ${t.day} >= ${months.end}::date)`)}`;
  };
  const p = incidentPairDays;
  const d = incidentStudentDays;
  const pairRows = rowsOf(
    p,
    sql`${p.studentA} as a, ${p.studentB} as b, ${p.n} as n, ${p.n} * ${SCORE(sql`${p.classification}`)} as score,
        ${p.ia} as ia, ${p.ii} as ii`,
  );
  return sql`
    with e as (
      select a, b, sum(n)::int as n, sum(score)::int as score, sum(ia)::int as ia, sum(ii)::int as ii
        from (${pairRows}) r
       group by a, b having sum(n) >= ${spec.minCount}
       order by score desc, n desc, a, b limit ${spec.limit + 1}
    ), s as (
      select r.id, sum(r.n)::int as n from (${rowsOf(d, sql`${d.studentId} as id, ${d.n} as n`)}) r
       where r.id in (select a from e union select b from e)
       group by r.id
    ) ${answer}`;
}

/** A map narrowed to groups or to a teacher's groups: the period's incident_pairs rows (instants), aggregated. */
function fromPairs(spec: PairsSpec) {
  const p = incidentPairs;
  const where: SQL[] = [
    sql`${p.schoolId} = ${spec.schoolId}`,
    sql`${p.occurredAt} >= (${spec.from}::date)::timestamp at time zone ${spec.timeZone}`,
    sql`${p.occurredAt} < (${spec.to}::date + 1)::timestamp at time zone ${spec.timeZone}`,
  ];
  if (spec.classification) where.push(sql`${p.classification} = ${spec.classification}`);
  if (spec.groupIds) {
    where.push(sql`(${p.groupA} = any(${intArray(spec.groupIds)}) or ${p.groupB} = any(${intArray(spec.groupIds)}))`);
  }
  if (spec.ownGroupIds) {
    where.push(
      sql`${p.groupA} = any(${intArray(spec.ownGroupIds)}) and ${p.groupB} = any(${intArray(spec.ownGroupIds)})`,
    );
  }
  return sql`
    with p as materialized (
      select ${p.incidentId} as incident_id, ${p.studentA} as a, ${p.studentB} as b, ${p.kind} as kind,
             ${p.classification} as classification
        from ${p} where ${sql.join(where, sql` and `)}
    ), e as (
      select a, b, count(*)::int as n, sum(${SCORE(sql`classification`)})::int as score,
             (count(*) filter (where kind = 'involved-affected'))::int as ia,
             (count(*) filter (where kind = 'involved-involved'))::int as ii
        from p group by a, b having count(*) >= ${spec.minCount}
       order by score desc, n desc, a, b limit ${spec.limit + 1}
    ), s as (
      select x.s as id, count(distinct x.incident_id)::int as n
        from (select a as s, incident_id from p union all select b, incident_id from p) x
       where x.s in (select a from e union select b from e)
       group by x.s
    ) ${answer}`;
}
