import { and, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import {
  accompanimentObservations,
  incidentStudents,
  incidents,
  incidentTypes,
  observationTypes,
  pointAwards,
  schools,
  users,
} from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { ofSchool, sameSchool } from "../../lib/tenant-db.ts";

/**
 * The ledger's SQL. Points are read where they were recorded — an accompaniment observation's points, an incident's
 * points taken from each student involved in it (never from the affected or witnesses, never from a cancelled
 * incident), a manual award or redemption — so the ledger cannot disagree with its sources. Entries worth zero
 * points (a neutral observation, an incident type without points) are not part of it.
 *
 * One set of numbers for a child (issue 26 §2): every reader's sums count every entry, staff-only ones included —
 * whether an entry is shown to families decides whether its text reaches them, never what it adds (ledger.service).
 */

/** Inclusive bounds on the school's calendar days; null: unbounded. */
export interface DayRange {
  from: string | null;
  to: string | null;
}

export async function schoolTimeZone(tx: Tx, schoolId: string): Promise<string> {
  const [row] = await tx.select({ tz: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  return row?.tz ?? "America/Mexico_City";
}

/** The day an incident counts on: the school's calendar day it happened. */
const incidentDay = (tz: string) => sql<string>`(${incidents.occurredAt} at time zone ${tz})::date`;

/**
 * The same days as instants on incident_students.occurred_at, which its per-student index orders: the school day
 * alone (an expression on the column) made the planner read every incident of the student (120 ms for one with
 * 9 676 incidents). Exact: each day starts at the school's local midnight.
 */
const occurredWithin = (range: DayRange, tz: string): SQL[] => [
  ...(range.from ? [sql`${incidentStudents.occurredAt} >= (${range.from}::date)::timestamp at time zone ${tz}`] : []),
  ...(range.to ? [sql`${incidentStudents.occurredAt} < (${range.to}::date + 1)::timestamp at time zone ${tz}`] : []),
];

const within = (day: SQL | AnyPgColumn, range: DayRange): SQL[] => [
  ...(range.from ? [sql`${day} >= ${range.from}::date`] : []),
  ...(range.to ? [sql`${day} <= ${range.to}::date`] : []),
];

export interface LedgerRow {
  source: "observation" | "incident" | "award" | "redemption";
  id: number;
  points: number;
  on: string;
  name_es: string;
  name_en: string | null;
  folio: number | null;
  by: { id: number; name: string };
  visible_to_family: boolean;
  /** Awards: recorded today on the school's calendar (its author may still take it back). */
  same_day: boolean;
}

/** A student's entries in the range, newest first, each saying whether families are shown it. */
export async function ledgerRows(
  tx: Tx,
  schoolId: string,
  studentId: number,
  range: DayRange,
  options: { tz: string; today: string },
): Promise<LedgerRow[]> {
  const { tz, today } = options;
  const o = accompanimentObservations;
  const observations = await tx
    .select({
      id: o.id,
      points: o.points,
      on: o.observedOn,
      name_es: observationTypes.nameEs,
      name_en: observationTypes.nameEn,
      by_id: o.recordedBy,
      by_name: personName(users),
      visible: o.visibleToFamily,
    })
    .from(o)
    .innerJoin(observationTypes, sameSchool(observationTypes, o, eq(observationTypes.id, o.observationTypeId)))
    .innerJoin(users, eq(users.id, o.recordedBy))
    .where(ofSchool(o, schoolId, eq(o.studentId, studentId), ne(o.points, 0), ...within(o.observedOn, range)));
  const day = incidentDay(tz);
  const x = incidentStudents;
  const taken = await tx
    .select({
      id: incidents.id,
      folio: incidents.folio,
      points: incidents.points,
      on: sql<string>`${day}::text`,
      name_es: incidentTypes.nameEs,
      name_en: incidentTypes.nameEn,
      by_id: incidents.recordedBy,
      by_name: personName(users),
      visible: incidents.visibleToFamily,
    })
    .from(x)
    .innerJoin(incidents, sameSchool(incidents, x, eq(incidents.id, x.incidentId)))
    .innerJoin(incidentTypes, sameSchool(incidentTypes, incidents, eq(incidentTypes.id, incidents.typeId)))
    .innerJoin(users, eq(users.id, incidents.recordedBy))
    .where(ofSchool(x, schoolId, eq(x.studentId, studentId), ...involvedAndCounting(), ...occurredWithin(range, tz)));
  const a = pointAwards;
  const awards = await tx
    .select({
      id: a.id,
      kind: a.kind,
      points: a.points,
      on: a.awardedOn,
      reason: a.reason,
      by_id: a.awardedBy,
      by_name: personName(users),
      same_day: sql<boolean>`(${a.createdAt} at time zone ${tz})::date = ${today}::date`,
    })
    .from(a)
    .innerJoin(users, eq(users.id, a.awardedBy))
    .where(ofSchool(a, schoolId, eq(a.studentId, studentId), ...within(a.awardedOn, range)))
    .orderBy(desc(a.id));

  const rows: LedgerRow[] = [
    ...observations.map((r) => ({
      source: "observation" as const,
      id: r.id,
      points: r.points,
      on: r.on,
      name_es: r.name_es,
      name_en: r.name_en,
      folio: null,
      by: { id: r.by_id, name: r.by_name },
      visible_to_family: r.visible,
      same_day: false,
    })),
    ...taken.map((r) => ({
      source: "incident" as const,
      id: r.id,
      points: -r.points,
      on: r.on,
      name_es: r.name_es,
      name_en: r.name_en,
      folio: r.folio,
      by: { id: r.by_id, name: r.by_name },
      visible_to_family: r.visible,
      same_day: false,
    })),
    ...awards.map((r) => ({
      source: r.kind === "redemption" ? ("redemption" as const) : ("award" as const),
      id: r.id,
      points: r.points,
      on: r.on,
      name_es: r.reason,
      name_en: null,
      folio: null,
      by: { id: r.by_id, name: r.by_name },
      visible_to_family: true,
      same_day: r.same_day,
    })),
  ];
  // Newest day first; within a day, by source and then the newest row.
  return rows.sort((p, q) => q.on.localeCompare(p.on) || p.source.localeCompare(q.source) || q.id - p.id);
}

/** Incidents take points from the students involved in them, unless cancelled. */
function involvedAndCounting(): SQL[] {
  return [eq(incidentStudents.role, "involved"), ne(incidents.status, "cancelled"), ne(incidents.points, 0)];
}

/**
 * Each student's sum of points in each range (one figure per range, in order), summed in the database: three
 * grouped reads whatever the number of students or ranges. Students without entries get zeros. The same for
 * every reader: there is no family variant of a sum.
 */
export async function sumsByRange(
  tx: Tx,
  schoolId: string,
  studentIds: readonly number[],
  ranges: readonly DayRange[],
  options: { tz: string },
): Promise<Map<number, number[]>> {
  const out = new Map(studentIds.map((id) => [id, ranges.map(() => 0)]));
  if (studentIds.length === 0 || ranges.length === 0) return out;
  const { tz } = options;
  // Only rows some range can count are read: between the earliest start and the latest end asked for.
  const outer: DayRange = {
    from: ranges.some((r) => r.from === null) ? null : ranges.map((r) => r.from!).sort()[0]!,
    to: ranges.some((r) => r.to === null)
      ? null
      : ranges
          .map((r) => r.to!)
          .sort()
          .at(-1)!,
  };
  const figures = (points: SQL | AnyPgColumn, day: SQL | AnyPgColumn) =>
    Object.fromEntries(
      ranges.map((r, i) => {
        const bounds = within(day, r);
        const filter = bounds.length === 0 ? sql`` : sql` filter (where ${and(...bounds)})`;
        return [`r${i}`, sql<number>`coalesce(sum(${points})${filter}, 0)::int`];
      }),
    ) as Record<string, SQL<number>>;
  const ids = [...studentIds];

  const o = accompanimentObservations;
  const fromObservations = await tx
    .select({ student: o.studentId, ...figures(o.points, o.observedOn) })
    .from(o)
    .where(ofSchool(o, schoolId, inArray(o.studentId, ids), ...within(o.observedOn, outer)))
    .groupBy(o.studentId);
  const day = incidentDay(tz);
  const x = incidentStudents;
  const fromIncidents = await tx
    .select({ student: x.studentId, ...figures(sql`-${incidents.points}`, day) })
    .from(x)
    .innerJoin(incidents, sameSchool(incidents, x, eq(incidents.id, x.incidentId)))
    .where(ofSchool(x, schoolId, inArray(x.studentId, ids), ...involvedAndCounting(), ...occurredWithin(outer, tz)))
    .groupBy(x.studentId);
  const a = pointAwards;
  const fromAwards = await tx
    .select({ student: a.studentId, ...figures(a.points, a.awardedOn) })
    .from(a)
    .where(ofSchool(a, schoolId, inArray(a.studentId, ids), ...within(a.awardedOn, outer)))
    .groupBy(a.studentId);

  for (const row of [...fromObservations, ...fromIncidents, ...fromAwards] as Record<string, number>[]) {
    const sums = out.get(row.student!)!;
    ranges.forEach((_, i) => {
      sums[i]! += Number(row[`r${i}`] ?? 0);
    });
  }
  return out;
}
