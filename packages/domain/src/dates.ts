import { toWallTime } from "./school-time.ts";

/**
 * The one way Convive shows dates and times, on every screen, notification, PDF and e-mail (issue 12 §5): the
 * reader's language and the school's clock — "25 nov 2026, 10:00" / "Nov 25, 2026, 10:00 AM"; a date alone
 * "25 nov 2026" / "Nov 25, 2026". Spanish reads the 24-hour clock, English AM/PM.
 *
 * The text is put together here rather than by Intl's dateStyle, whose output moves with each engine's CLDR data:
 * "sep" or "sept", "a.m." in Mexican Spanish, a narrow no-break space before "AM" in newer ICU. The server (Node)
 * and the browser (any engine) must write the very same text, so only the calendar and clock of an instant in the
 * school's zone come from Intl (toWallTime); the words come from the tables below and every space is a plain one.
 */

/** Where and in which language an instant is shown. */
export interface ShownIn {
  lang: string;
  timeZone: string;
}

/** An instant: a Date or an ISO text with its zone ("2026-11-25T16:00:00Z"). */
export type Instant = string | Date;

const MONTHS = {
  es: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"],
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
} as const;

const WEEKDAYS = {
  es: ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"],
  en: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
} as const;

type Lang = keyof typeof MONTHS;
const langOf = (lang: string): Lang => (lang === "en" ? "en" : "es");

const CALENDAR = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/;

/** Year, month (1–12), day and, when given, hour and minute of a `YYYY-MM-DD[THH:mm]` text. */
function read(text: string) {
  const m = CALENDAR.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map((v) => (v === undefined ? undefined : Number(v)));
  if (!year || !month || !day || month > 12) return null;
  return { year, month, day, hour, minute };
}

function dayText(year: number, month: number, day: number, lang: Lang): string {
  const name = MONTHS[lang][month - 1];
  return lang === "en" ? `${name} ${day}, ${year}` : `${day} ${name} ${year}`;
}

function clockText(hour: number, minute: number, lang: Lang): string {
  const mm = String(minute).padStart(2, "0");
  if (lang === "es") return `${hour}:${mm}`;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${mm} ${hour < 12 ? "AM" : "PM"}`;
}

/** The school's wall clock at an instant, or null for a text that is no instant. */
function wallOf(instant: Instant, timeZone: string) {
  const at = typeof instant === "string" ? new Date(instant) : instant;
  return Number.isNaN(at.getTime()) ? null : read(toWallTime(at, timeZone));
}

const raw = (instant: Instant) => (typeof instant === "string" ? instant : "");

/** "25 nov 2026, 10:00" / "Nov 25, 2026, 10:00 AM": an instant on the school's clock, in the reader's language. */
export function formatDateTime(instant: Instant, { lang, timeZone }: ShownIn): string {
  const w = wallOf(instant, timeZone);
  if (!w) return raw(instant);
  const l = langOf(lang);
  return `${dayText(w.year, w.month, w.day, l)}, ${clockText(w.hour ?? 0, w.minute ?? 0, l)}`;
}

/** "25 nov 2026" / "Nov 25, 2026": the date of an instant on the school's calendar. */
export function formatDate(instant: Instant, { lang, timeZone }: ShownIn): string {
  const w = wallOf(instant, timeZone);
  return w ? dayText(w.year, w.month, w.day, langOf(lang)) : raw(instant);
}

/** "10:00" / "10:00 AM": the time of an instant on the school's clock. */
export function formatTime(instant: Instant, { lang, timeZone }: ShownIn): string {
  const w = wallOf(instant, timeZone);
  return w ? clockText(w.hour ?? 0, w.minute ?? 0, langOf(lang)) : raw(instant);
}

/**
 * A day without time (a birthday, a period's start, a formative action's date), `YYYY-MM-DD`: "25 nov 2026" /
 * "Nov 25, 2026", or "mié, 25 nov 2026" / "Wed, Nov 25, 2026" with its weekday. A day carries no zone, so no zone
 * can move it to another date. Text that is no day comes back as it is.
 */
export function formatDay(day: string, { lang, weekday = false }: { lang: string; weekday?: boolean }): string {
  const d = read(day);
  if (!d) return day;
  const l = langOf(lang);
  const text = dayText(d.year, d.month, d.day, l);
  if (!weekday) return text;
  return `${WEEKDAYS[l][new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay()]}, ${text}`;
}

/** Two days as a span: "1 ago 2026 – 15 jul 2027" / "Aug 1, 2026 – Jul 15, 2027"; one day when both are the same. */
export function formatDayRange(from: string, to: string, { lang }: { lang: string }): string {
  const start = formatDay(from, { lang });
  return from.slice(0, 10) === to.slice(0, 10) ? start : `${start} – ${formatDay(to, { lang })}`;
}
