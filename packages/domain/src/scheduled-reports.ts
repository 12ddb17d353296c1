// Scheduled reports (issue 31 §3): a report's frequency as a cron in the school's zone, and the period each
// occurrence covers. Pure functions shared by the server (schedules, runs) and the web (the form's summary).
import { addDays, toWallTime, wallToInstant } from "./school-time.ts";

export const REPORT_FORMATS = ["pdf", "xlsx"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** "HH:MM" on the school's clock, 24-hour. */
export const REPORT_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * A monthly report goes on a day every month has: 1–28. "The 31st" would skip half the year, and "the last day"
 * is not a date a person picks from a list.
 */
export const REPORT_MAX_MONTH_DAY = 28;
export const REPORT_MAX_EXTRA_EMAILS = 20;
export const REPORT_NAME_MAX = 120;

export interface ReportTiming {
  frequency: ReportFrequency;
  /** Weekly: 0 Sunday … 6 Saturday (cron's numbering). */
  weekday: number | null;
  /** Monthly: 1–28. */
  day_of_month: number | null;
  /** "HH:MM" on the school's clock. */
  time: string;
}

/** The cron (minute hour day month weekday) the job runner reads in the school's time zone. */
export function reportCron(timing: ReportTiming): string {
  const match = REPORT_TIME_PATTERN.exec(timing.time);
  if (!match) throw new Error(`not a time: ${timing.time}`);
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  if (timing.frequency === "weekly") return `${minute} ${hour} * * ${timing.weekday ?? 1}`;
  if (timing.frequency === "monthly") return `${minute} ${hour} ${timing.day_of_month ?? 1} * *`;
  return `${minute} ${hour} * * *`;
}

/** The `YYYY-MM-DD` day one calendar month before, on the same date (a report day is never past the 28th). */
function monthBefore(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const prev = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(prev.getUTCFullYear(), prev.getUTCMonth() + 1, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${prev.getUTCFullYear()}-${pad(prev.getUTCMonth() + 1)}-${pad(Math.min(d, last))}`;
}

/**
 * What an occurrence covers: from the same wall-clock time one day, one week or one calendar month earlier, up to
 * the occurrence itself (excluded), on the school's clock. Consecutive occurrences tile time with no gap and no
 * overlap, so each incident is in exactly one daily report. "Send now" covers the same length up to now.
 */
export function reportPeriod(frequency: ReportFrequency, occurrence: Date, timeZone: string): { from: Date; to: Date } {
  const wall = toWallTime(occurrence, timeZone);
  const day = wall.slice(0, 10);
  const time = wall.slice(11);
  const fromDay =
    frequency === "daily" ? addDays(day, -1) : frequency === "weekly" ? addDays(day, -7) : monthBefore(day);
  const fallbackDays = frequency === "daily" ? 1 : frequency === "weekly" ? 7 : 30;
  const from =
    wallToInstant(`${fromDay}T${time}`, timeZone) ?? new Date(occurrence.getTime() - fallbackDays * 86_400_000);
  return { from, to: occurrence };
}
