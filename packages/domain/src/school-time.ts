import { numberLocale } from "./locale.ts";

/**
 * Dates and times on the school's clock (schools.time_zone), whatever zone the reader's device is set to: an
 * incident at 8:10 in Mexico City reads 8:10 everywhere, and "today" is the school's today. A "wall time" is what
 * a form shows and a datetime-local input holds: `YYYY-MM-DDTHH:mm` on the school's clock. A "day" is a
 * `YYYY-MM-DD` school day and carries no zone. Pure functions on Intl, so server, web and tests share them.
 */

/** The school's zone when none is known yet (the design's default, and the fallback for an unknown zone). */
export const DEFAULT_TIME_ZONE = "America/Mexico_City";

/**
 * Mexican Spanish (the market the design names) and US English, for numbers ("1,234") and the date pickers; dates
 * and times shown as text come from dates.ts, the one formatter.
 */
export const dateLocale = numberLocale;

const pad = (n: number) => String(n).padStart(2, "0");

// Intl formatters are costly to build and the same few are asked for on every row of a list.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // A zone this browser does not know (an older tz database): show the default zone rather than nothing.
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: DEFAULT_TIME_ZONE });
    }
    formatters.set(key, f);
  }
  return f;
}

const PARTS: Intl.DateTimeFormatOptions = {
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
};

/** The calendar and clock an instant shows in a zone, as numbers. */
function partsIn(instant: Date, timeZone: string) {
  const out: Record<string, number> = {};
  for (const p of formatter("en-US", timeZone, PARTS).formatToParts(instant)) {
    if (p.type !== "literal") out[p.type] = Number(p.value);
  }
  // Some engines still write midnight as 24 with h23.
  out.hour = (out.hour ?? 0) % 24;
  return out as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
}

/** How far the zone is ahead of UTC at an instant, in milliseconds (−6 h for Mexico City). */
function offsetMs(instant: Date, timeZone: string) {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** An instant as the wall time the school's clock showed: "2026-03-14T10:25". */
export function toWallTime(instant: string | Date, timeZone: string): string {
  const p = partsIn(typeof instant === "string" ? new Date(instant) : instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The school's clock now, to the minute: "2026-03-14T10:25". */
export const wallNow = (timeZone: string, now: Date = new Date()) => toWallTime(now, timeZone);

/** Today on the school's calendar: "2026-03-14" (23:30 on 24 Nov in Mexico City is still the 24th there). */
export const todayIn = (timeZone: string, now: Date = new Date()) => toWallTime(now, timeZone).slice(0, 10);

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Whether a text is a wall time `YYYY-MM-DDTHH:mm`. */
export const isWallTime = (value: string) => WALL.test(value);

/**
 * The instant a wall time of the school's clock stands for, or null when the text is not one. The offset is read
 * again at the first guess, so a time near a daylight-saving change lands on the right side; a time the change
 * skips moves forward, as a wall clock does.
 */
export function wallToInstant(wall: string, timeZone: string): Date | null {
  const m = WALL.exec(wall);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(asUtc)) return null;
  const first = asUtc - offsetMs(new Date(asUtc), timeZone);
  return new Date(asUtc - offsetMs(new Date(first), timeZone));
}

/** True when the wall time is after now (the current minute itself is not the future). */
export function isFutureWall(wall: string, timeZone: string, now: Date = new Date()): boolean {
  const instant = wallToInstant(wall, timeZone);
  return instant !== null && instant.getTime() > now.getTime();
}

/** The `YYYY-MM-DD` day `days` after the one given (calendar arithmetic, no zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.slice(0, 10).split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Whether the device's own zone differs from the school's (then a form says whose clock it shows). */
export const deviceZoneDiffers = (timeZone: string) => Intl.DateTimeFormat().resolvedOptions().timeZone !== timeZone;
