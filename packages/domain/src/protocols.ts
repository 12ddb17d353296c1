import { addDays, toWallTime, wallToInstant } from "./school-time.ts";

/**
 * Protocols (issue 30 §2): ordered steps an incident type's incidents must follow, e.g. the school's *protocolo de
 * actuación ante el acoso escolar*. Each step has a deadline counted from the moment the protocol starts (the
 * incident's registration) on the school's clock.
 */

/** How a step's deadline is counted: the end of the same school day, N hours later, or N school days later. */
export const DEADLINE_KINDS = ["same_day", "hours", "school_days"] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export interface DeadlineRule {
  kind: DeadlineKind;
  /** Hours or school days; ignored for same_day. */
  amount: number;
}

export const PROTOCOL_LIMITS = {
  maxSteps: 20,
  maxHours: 24 * 30,
  maxSchoolDays: 60,
  noteMax: 2000,
  reasonMax: 1000,
  maxEvidence: 10,
} as const;

export const PROTOCOL_STEP_STATUSES = ["pending", "done", "waived"] as const;
export type ProtocolStepStatus = (typeof PROTOCOL_STEP_STATUSES)[number];

/** Saturday and Sunday are not school days. */
export function isSchoolDay(day: string): boolean {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The last instant of a day on the school's clock (23:59:59.999 there): a step due "that day" is due by then. */
export function endOfSchoolDay(day: string, timeZone: string): Date {
  const nextMidnight = wallToInstant(`${addDays(day, 1)}T00:00`, timeZone)!;
  return new Date(nextMidnight.getTime() - 1);
}

/**
 * When a step is due, for a protocol started at `start`: `same_day` — the end of that day on the school's clock;
 * `hours` — N hours after the start; `school_days` — the end of the Nth school day after the start's day (Saturdays
 * and Sundays are skipped; a start on a weekend counts from the next Monday).
 */
export function stepDeadline(start: Date, rule: DeadlineRule, timeZone: string): Date {
  if (rule.kind === "hours") return new Date(start.getTime() + rule.amount * 3_600_000);
  let day = toWallTime(start, timeZone).slice(0, 10);
  if (rule.kind === "school_days") {
    let left = Math.max(0, Math.floor(rule.amount));
    while (left > 0) {
      day = addDays(day, 1);
      if (isSchoolDay(day)) left -= 1;
    }
  }
  return endOfSchoolDay(day, timeZone);
}

/** A pending step past its deadline is overdue; a done or waived one never is. */
export const isStepOverdue = (step: { status: ProtocolStepStatus; due_at: string }, now: Date = new Date()) =>
  step.status === "pending" && new Date(step.due_at).getTime() < now.getTime();
