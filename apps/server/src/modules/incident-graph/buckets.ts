import { addDays } from "@convive/domain";

const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Whole days from one YYYY-MM-DD to another (0 for the same day). */
export const daysBetween = (from: string, to: string) => Math.round((utc(to) - utc(from)) / 86_400_000);

/** The first day of the day, ISO week (Monday) or month holding `day`, as PostgreSQL's date_trunc gives it. */
export function bucketStart(day: string, unit: "day" | "week" | "month"): string {
  if (unit === "day") return day;
  if (unit === "month") return `${day.slice(0, 8)}01`;
  const weekday = new Date(utc(day)).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

function nextStart(start: string, unit: "day" | "week" | "month"): string {
  if (unit === "day") return addDays(start, 1);
  if (unit === "week") return addDays(start, 7);
  const [y, m] = start.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/**
 * Every bucket from `from` to `to` (both included), empty ones too: `key` is the bucket's own first day (what the
 * SQL groups by), `start`/`end` its days within the range (the first and last bucket may be partial).
 */
export function bucketsOf(from: string, to: string, unit: "day" | "week" | "month") {
  const out: { key: string; start: string; end: string }[] = [];
  for (let key = bucketStart(from, unit); key <= to; key = nextStart(key, unit)) {
    const last = addDays(nextStart(key, unit), -1);
    out.push({ key, start: key < from ? from : key, end: last > to ? to : last });
  }
  return out;
}

/**
 * The whole months inside `from`…`to` as [start, end) (end: the first day after them), or null when there is none:
 * the map reads those months' rows of its rollups and the single days at the range's ends.
 */
export function wholeMonths(from: string, to: string): { start: string; end: string } | null {
  const start = from.endsWith("-01") ? from : nextStart(bucketStart(from, "month"), "month");
  const end = bucketStart(addDays(to, 1), "month");
  return start < end ? { start, end } : null;
}
