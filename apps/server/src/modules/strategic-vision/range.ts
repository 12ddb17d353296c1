import type { StrategicVisionQuery } from "@convive/domain";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { ArchiveParams } from "./links.ts";

/** What the dashboard's filters stand for, read once per request (a few small look-ups). */
export interface Slice {
  schoolId: string;
  timeZone: string;
  /** Today on the school's calendar. */
  today: string;
  year: { id: number; name: string; from: string; to: string };
  period: { id: number; name: string } | null;
  /** The days the figures cover: the period's, or the whole year's without one. */
  from: string;
  to: string;
  /** The period before (in this year or the year before), to compare with. */
  previous: { name: string; from: string; to: string } | null;
  /** The groups a section, grade or group filter stands for (any year, as the archive reads them); null: all. */
  groupIds: number[] | null;
  /** The filter as the archive's URL parameters. */
  filter: Pick<ArchiveParams, "section_id" | "grade_id" | "group_id">;
  /** Which of section/grade/group narrows the figures (the breakdowns coarser than it are left out). */
  level: "school" | "section" | "grade" | "group";
}

type Row = Record<string, unknown>;

/** The year id of a school that has none yet: no row has it, so every figure of that "year" is empty. */
export const NO_YEAR = 0;
const rows = async (tx: Tx, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * The year (default: the current one, else the latest), the period (default: the one holding today, else the
 * last one started, else none: the whole year) and the one before it. Ids of another school, or none at all, are
 * 404 (a school with no year at all gets the calendar year, NO_YEAR); a period of another year is 422 on period_id. Raw SQL: every statement names the school.
 */
export async function resolveSlice(tx: Tx, schoolId: string, query: StrategicVisionQuery): Promise<Slice> {
  const [clock] = await rows(
    tx,
    sql`select time_zone as tz, to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as today
          from schools where id = ${schoolId}`,
  );
  if (!clock) throw new AppError("NOT_FOUND");
  const timeZone = String(clock.tz);
  const today = String(clock.today);

  const years = await rows(
    tx,
    sql`select id, name, to_char(starts_on, 'YYYY-MM-DD') as "from", to_char(ends_on, 'YYYY-MM-DD') as "to",
               is_current
          from school_years where school_id = ${schoolId} order by starts_on desc`,
  );
  // A new school has no year yet (issue 26 §4): its dashboard is empty, not missing. The figures then cover this
  // calendar year, and `range.school_year` answers null so the screen shows where set-up starts.
  const yearRow =
    query.school_year_id || years.length > 0
      ? query.school_year_id
        ? years.find((y) => y.id === query.school_year_id)
        : (years.find((y) => y.is_current) ?? years[0])
      : { id: NO_YEAR, name: "", from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  if (!yearRow) throw new AppError("NOT_FOUND");
  const year = {
    id: Number(yearRow.id),
    name: String(yearRow.name),
    from: String(yearRow.from),
    to: String(yearRow.to),
  };

  // Every period of the school in time order: the one before the chosen may be the last of the year before.
  const periods = await rows(
    tx,
    sql`select id, name, school_year_id, to_char(starts_on, 'YYYY-MM-DD') as "from",
               to_char(ends_on, 'YYYY-MM-DD') as "to"
          from periods where school_id = ${schoolId} order by starts_on, "order", id`,
  );
  let period: Row | undefined;
  if (query.period_id) {
    period = periods.find((p) => p.id === query.period_id);
    if (!period) throw new AppError("NOT_FOUND");
    if (period.school_year_id !== year.id) throw new AppError("VALIDATION", { period_id: "PERIOD_OUTSIDE_YEAR" });
  } else if (!query.whole_year) {
    const ofYear = periods.filter((p) => p.school_year_id === year.id);
    period =
      ofYear.find((p) => String(p.from) <= today && today <= String(p.to)) ??
      [...ofYear].reverse().find((p) => String(p.from) <= today) ??
      undefined;
  }
  // Compared with the period before, or with the year before when the whole year is shown.
  const index = period ? periods.indexOf(period) : -1;
  const before = period ? (index > 0 ? periods[index - 1] : undefined) : years[years.indexOf(yearRow) + 1];

  const { groupIds, filter, level } = await groupFilter(tx, schoolId, query);
  return {
    schoolId,
    timeZone,
    today,
    year,
    period: period ? { id: Number(period.id), name: String(period.name) } : null,
    from: period ? String(period.from) : year.from,
    to: period ? String(period.to) : year.to,
    previous: before ? { name: String(before.name), from: String(before.from), to: String(before.to) } : null,
    groupIds,
    filter,
    level,
  };
}

/** The most specific of group, grade and section, as the archive applies it (its groups in any year). */
async function groupFilter(tx: Tx, schoolId: string, query: StrategicVisionQuery) {
  if (query.group_id) {
    const found = await rows(tx, sql`select id from groups where school_id = ${schoolId} and id = ${query.group_id}`);
    if (found.length === 0) throw new AppError("NOT_FOUND");
    return { groupIds: [query.group_id], filter: { group_id: query.group_id }, level: "group" as const };
  }
  if (query.grade_id) {
    const grade = await rows(tx, sql`select id from grades where school_id = ${schoolId} and id = ${query.grade_id}`);
    if (grade.length === 0) throw new AppError("NOT_FOUND");
    const ids = await rows(
      tx,
      sql`select id from groups where school_id = ${schoolId} and grade_id = ${query.grade_id} order by id`,
    );
    return { groupIds: ids.map((r) => Number(r.id)), filter: { grade_id: query.grade_id }, level: "grade" as const };
  }
  if (query.section_id) {
    const section = await rows(
      tx,
      sql`select id from sections where school_id = ${schoolId} and id = ${query.section_id}`,
    );
    if (section.length === 0) throw new AppError("NOT_FOUND");
    const ids = await rows(
      tx,
      sql`select g.id from groups g join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
           where g.school_id = ${schoolId} and gr.section_id = ${query.section_id} order by g.id`,
    );
    return {
      groupIds: ids.map((r) => Number(r.id)),
      filter: { section_id: query.section_id },
      level: "section" as const,
    };
  }
  return { groupIds: null, filter: {}, level: "school" as const };
}

/** A day plus or minus whole days (YYYY-MM-DD, calendar arithmetic in UTC so no time zone shifts it). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const minDay = (a: string, b: string) => (a < b ? a : b);
export const maxDay = (a: string, b: string) => (a > b ? a : b);

/** Monday to Friday between two days, both included (the school days; holidays are not known). */
export function weekdaysBetween(from: string, to: string): number {
  if (to < from) return 0;
  let count = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}
