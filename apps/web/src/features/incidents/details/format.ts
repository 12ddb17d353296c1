import { OPTION_LABELS } from "@convive/domain";
import { formatNumber, dateLocale as locale } from "@convive/domain/core";

/**
 * Relative times, sizes and initials of the details view, in the UI language (dates and times on the school's
 * clock come from @convive/domain's school-time). Pure functions, so they are tested without a DOM.
 */

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
  const number = (value: number, digits: number) => formatNumber(value, lang, digits);
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

/** "Madre" / "Mother": a family member's relationship to the student (an unknown value as stored). */
export const relationshipLabel = (value: string, lang: string) =>
  (OPTION_LABELS as Record<string, { es: string; en: string } | undefined>)[value]?.[lang === "en" ? "en" : "es"] ??
  value;
