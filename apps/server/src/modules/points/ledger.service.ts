import {
  balanceStartsOn,
  type GroupPoints,
  type PointBalances,
  type PointsReset,
  type PointsWindow,
  perm,
  type StudentPoints,
  todayIn,
} from "@convive/domain";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { ratingSetup } from "../grade-config/index.ts";
import { currentYear, findYear } from "../school-years/index.ts";
import { type DayRange, ledgerRows, schoolTimeZone, sumsByRange } from "./ledger.repository.ts";
import { findGroup, findPeriod, findStudents, groupStudents, periodOn } from "./points.repository.ts";
import { managesPoints, type PointsScope, type Reader, requireStudent, scopeOf } from "./points.scope.ts";

/**
 * Reading points: a student's ledger with its balances, a group's balances for its teacher, and the sums per
 * period the scorecard prints. Every figure is a sum over the ledger's sources in a range of school days — the
 * same for every reader (see README: a family's list hides the text of staff-only entries, never their points).
 */

/** The school's clock and the dates the balances are counted over (a period asked for, or today's). */
interface Window {
  shown: PointsWindow;
  tz: string;
  /** Period, school year, running balance. */
  ranges: [DayRange | null, DayRange | null, DayRange];
}

async function windowOf(tx: Tx, schoolId: string, periodId: number | undefined): Promise<Window> {
  const tz = await schoolTimeZone(tx, schoolId);
  const today = todayIn(tz);
  // Sequential reads: they share the transaction's connection.
  const setup = await ratingSetup(tx, schoolId);
  const current = await currentYear(tx, schoolId);
  const reset: PointsReset = setup.settings.points_reset;
  const asked = periodId === undefined ? undefined : await findPeriod(tx, schoolId, periodId);
  if (periodId !== undefined && !asked) throw new AppError("NOT_FOUND");
  const year = asked ? await findYear(tx, schoolId, asked.schoolYearId) : current;
  const todays = current ? await periodOn(tx, schoolId, current.id, today) : undefined;
  const period = asked ?? (year && todays?.schoolYearId === year.id ? todays : undefined);
  // The running balance is today's: it starts where the school's reset starts the current year or period.
  const startsOn = current ? balanceStartsOn(reset, current, todays ?? null) : null;
  return {
    tz,
    shown: {
      reset,
      year: year ? { id: year.id, name: year.name, starts_on: year.startsOn, ends_on: year.endsOn } : null,
      period: period
        ? {
            id: period.id,
            name: period.name,
            name_en: period.nameEn,
            starts_on: period.startsOn,
            ends_on: period.endsOn,
          }
        : null,
      balance_starts_on: startsOn,
      today,
    },
    ranges: [
      period ? { from: period.startsOn, to: period.endsOn } : null,
      year ? { from: year.startsOn, to: year.endsOn } : null,
      { from: startsOn, to: today },
    ],
  };
}

/** The three figures of each student: period, school year, running balance. */
async function balancesOf(
  tx: Tx,
  schoolId: string,
  studentIds: number[],
  window: Window,
): Promise<Map<number, PointBalances>> {
  const [period, year, balance] = window.ranges;
  const asked = [period, year, balance].filter((r): r is DayRange => r !== null);
  const sums = await sumsByRange(tx, schoolId, studentIds, asked, { tz: window.tz });
  return new Map(
    studentIds.map((id) => {
      const figures = [...sums.get(id)!];
      return [
        id,
        {
          period: period ? figures.shift()! : null,
          year: year ? figures.shift()! : null,
          balance: figures.shift()!,
        },
      ];
    }),
  );
}

/** Each student's running balance today (since the school's reset), over every source: what a redemption spends. */
export async function runningBalances(tx: Tx, schoolId: string, studentIds: number[]): Promise<Map<number, number>> {
  const window = await windowOf(tx, schoolId, undefined);
  const sums = await sumsByRange(tx, schoolId, studentIds, [window.ranges[2]], { tz: window.tz });
  return new Map(studentIds.map((id) => [id, sums.get(id)![0]!]));
}

/** A student's balances and the ledger of the school year shown, newest first. */
export async function studentPoints(
  tx: Tx,
  reader: Reader,
  studentId: number,
  periodId?: number,
  known?: PointsScope,
): Promise<StudentPoints> {
  const { schoolId } = reader.tenant;
  const scope = known ?? (await scopeOf(tx, reader));
  await requireStudent(tx, schoolId, scope, studentId);
  const familyOnly = scope.kind === "family";
  const window = await windowOf(tx, schoolId, periodId);
  const [student] = await findStudents(tx, schoolId, [studentId]);
  const balances = await balancesOf(tx, schoolId, [studentId], window);
  const all = await ledgerRows(tx, schoolId, studentId, window.ranges[1] ?? { from: null, to: null }, {
    tz: window.tz,
    today: window.shown.today,
  });
  // A family reads the entries shown to families; the others stay in its sums and are named only as a count.
  const rows = familyOnly ? all.filter((r) => r.visible_to_family) : all;
  const kept = familyOnly ? all.filter((r) => !r.visible_to_family) : [];
  const manager = managesPoints(reader, scope);
  // Whoever may give points to the student (in scope, scorings.create) may take back their own the same day.
  const mayTakeBack = !familyOnly && reader.tenant.grants.has(perm("scorings", "create"));
  return {
    student: { id: student!.id, name: student!.name },
    window: window.shown,
    balances: balances.get(studentId)!,
    internal: { count: kept.length, points: kept.reduce((sum, r) => sum + r.points, 0) },
    can_award: mayTakeBack,
    entries: rows.map(({ name_es, name_en, same_day, ...row }) => ({
      ...row,
      reason: { name_es, name_en },
      can_delete:
        (row.source === "award" || row.source === "redemption") &&
        (manager || (mayTakeBack && row.by.id === reader.userId && same_day)),
    })),
  };
}

/** The group's students with their balances, by name: the teacher's view (no ranking by points anywhere). */
export async function groupPoints(tx: Tx, reader: Reader, groupId: number, periodId?: number): Promise<GroupPoints> {
  const { schoolId, grants } = reader.tenant;
  const scope = await scopeOf(tx, reader);
  if (scope.kind === "family" || (scope.kind === "own" && !scope.groupIds.includes(groupId))) {
    throw new AppError("NOT_FOUND");
  }
  const group = await findGroup(tx, schoolId, groupId, reader.language);
  if (!group) throw new AppError("NOT_FOUND");
  const window = await windowOf(tx, schoolId, periodId);
  const students = await groupStudents(tx, schoolId, groupId);
  const balances = await balancesOf(
    tx,
    schoolId,
    students.map((s) => s.id),
    window,
  );
  return {
    group: { id: group.id, name: group.name },
    window: window.shown,
    students: students.map((s) => ({ ...s, ...balances.get(s.id)! })),
    can_award: grants.has(perm("scorings", "create")),
  };
}

/**
 * The student's points dated inside each period (its start and end days included), by period id: what the
 * scorecard prints per period, the same whoever prints it.
 */
export async function pointsByPeriod(
  tx: Tx,
  schoolId: string,
  studentId: number,
  periods: { id: number; startsOn: string; endsOn: string }[],
): Promise<Map<number, number>> {
  const tz = await schoolTimeZone(tx, schoolId);
  const ranges = periods.map((p) => ({ from: p.startsOn, to: p.endsOn }));
  const sums = await sumsByRange(tx, schoolId, [studentId], ranges, { tz });
  const figures = sums.get(studentId)!;
  return new Map(periods.map((p, i) => [p.id, figures[i]!]));
}
