/**
 * Dates and times of the details view, always in the school's time zone (an incident at 8:10 in Mexico City
 * reads 8:10 wherever the reader is) and in the UI language. Pure functions, so they are tested without a DOM.
 */

const locale = (lang: string) => (lang === "en" ? "en-US" : "es-MX");

/** "21 nov 2026, 10:15" in the school's zone. */
export function formatDateTime(iso: string, timeZone: string, lang: string): string {
  return new Intl.DateTimeFormat(locale(lang), {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
}

/** A school day (YYYY-MM-DD) as "lun, 21 nov 2026"; days carry no zone, so they are read as UTC. */
export function formatDay(day: string, lang: string, withWeekday = true): string {
  return new Intl.DateTimeFormat(locale(lang), {
    timeZone: "UTC",
    weekday: withWeekday ? "short" : undefined,
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(new Date(`${day}T12:00:00Z`));
}

/** The wall-clock parts of an instant in a zone. */
function partsIn(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return {
    day: `${get("year")}-${get("month")}-${get("day")}`,
    time: `${get("hour")}:${get("minute")}`,
    seconds: get("second"),
  };
}

/** Today's date (YYYY-MM-DD) at the school. */
export const todayIn = (timeZone: string, now: Date = new Date()) => partsIn(now, timeZone).day;

/** An instant as the day and HH:mm a form shows for it at the school. */
export function toWallTime(iso: string, timeZone: string): { day: string; time: string } {
  const { day, time } = partsIn(new Date(iso), timeZone);
  return { day, time };
}

/** How far a zone is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsIn(new Date(ms), timeZone);
  const wall = Date.parse(`${p.day}T${p.time}:${p.seconds}Z`);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant (ISO, UTC) of a day and HH:mm on the school's clock. Two passes settle the offset on days the clock
 * changes; a time that does not exist (skipped by a change) moves forward like a wall clock does.
 */
export function fromWallTime(day: string, time: string, timeZone: string): string {
  const wall = Date.parse(`${day}T${time}:00Z`);
  let guess = wall - offsetAt(wall, timeZone);
  guess = wall - offsetAt(guess, timeZone);
  return new Date(guess).toISOString();
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "hace 3 horas" / "in 2 days"; under a minute reads "ahora" / "now". */
export function relativeTime(iso: string, lang: string, now: number = Date.now()): string {
  const diff = Date.parse(iso) - now;
  const format = new Intl.RelativeTimeFormat(locale(lang), { numeric: "auto" });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return format.format(Math.trunc(diff / ms), unit);
  }
  return format.format(0, "second");
}

/** "240 KB", "1.2 MB". */
export function formatBytes(size: number, lang: string): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(locale(lang), { maximumFractionDigits: digits }).format(value);
  if (size < 1024) return `${number(size, 0)} B`;
  if (size < 1024 * 1024) return `${number(size / 1024, 0)} KB`;
  return `${number(size / (1024 * 1024), 1)} MB`;
}

/** Initials for an avatar without a photo: "Ana López Ruiz" → "AL". */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
}
