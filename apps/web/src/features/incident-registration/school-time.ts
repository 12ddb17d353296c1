/**
 * Dates and times in the school's time zone (RegistrationOptions.time_zone), whatever zone the phone is set to.
 * A "wall" time is what the form shows and the native inputs hold: `YYYY-MM-DDTHH:mm` on the school's clock.
 */

const pad = (n: number) => String(n).padStart(2, "0");

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(date: Date, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, format);
  }
  const out: Record<string, number> = {};
  for (const p of format.formatToParts(date)) if (p.type !== "literal") out[p.type] = Number(p.value);
  return out as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
}

/** The zone's offset from UTC at an instant, in milliseconds (−6 h for Mexico City). */
function offsetMs(date: Date, timeZone: string) {
  const p = partsIn(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** The school's clock now, to the minute: "2026-03-14T10:25". */
export function wallNow(timeZone: string, now: Date = new Date()): string {
  const p = partsIn(now, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour % 24)}:${pad(p.minute)}`;
}

/** Today on the school's calendar: "2026-03-14". */
export const dayIn = (timeZone: string, now: Date = new Date()) => wallNow(timeZone, now).slice(0, 10);

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
export const isWallTime = (value: string) => WALL.test(value);

/**
 * The instant a wall time of the school's clock stands for, or null when the text is not one. Around a change
 * of daylight-saving time the offset is read again at the first guess, so the answer lands on the right side.
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

/** The `YYYY-MM-DD` day `days` after the one given (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Whether the device's own zone differs from the school's (then the form says whose clock it shows). */
export const deviceZoneDiffers = (timeZone: string) => Intl.DateTimeFormat().resolvedOptions().timeZone !== timeZone;
