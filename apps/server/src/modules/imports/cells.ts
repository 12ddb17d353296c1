import { type Language, OPTION_LABELS } from "@convive/domain";
import { z } from "zod";

/** Lower case, no accents, single spaces, no required-marker asterisk: how headers and option words compare. */
export const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\*/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

type OptionKey = keyof typeof OPTION_LABELS;

/** A value of a fixed list, typed as its key or its label in either language ("Madre", "mother"). */
export function parseOption<K extends OptionKey>(value: string, keys: readonly K[]): K | null {
  const folded = fold(value);
  return (
    keys.find((k) => folded === k || folded === fold(OPTION_LABELS[k].es) || folded === fold(OPTION_LABELS[k].en)) ??
    null
  );
}

/** The labels of a list, for the "Use: …" part of a message. */
export const optionLabels = (keys: readonly OptionKey[]) => ({
  es: keys.map((k) => OPTION_LABELS[k].es).join(", "),
  en: keys.map((k) => OPTION_LABELS[k].en).join(", "),
});

const YES = new Set(["si", "yes", "true", "1", "x", "verdadero"]);
const NO = new Set(["no", "false", "0", "falso"]);
export const BOOLEAN_LABELS = { es: "Sí, No", en: "Yes, No" } as const;

/** Sí/No in either language (empty is No); null when it is neither. */
export function parseBoolean(value: string): boolean | null {
  const folded = fold(value);
  if (folded === "" || NO.has(folded)) return false;
  return YES.has(folded) ? true : null;
}

const isRealDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
};
const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

/**
 * A day as YYYY-MM-DD from what spreadsheets hold: ISO text, or DD/MM/YYYY (the Mexican order; never
 * MM/DD). Excel date cells arrive already as ISO (see sheets.ts). Null when it is not a real day.
 */
export function parseDay(value: string): string | null {
  const isoMatch = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (isoMatch) {
    const [y, m, d] = isoMatch.slice(1).map(Number) as [number, number, number];
    return isRealDay(y, m, d) ? iso(y, m, d) : null;
  }
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (dmy) {
    const [d, m, y] = dmy.slice(1).map(Number) as [number, number, number];
    return isRealDay(y, m, d) ? iso(y, m, d) : null;
  }
  return null;
}

const Email = z.email();
/** The same e-mail rule as the forms. */
export const isEmail = (value: string) => value.length <= 254 && Email.safeParse(value).success;

/** Renders a yes/no for the template's example row. */
export const yesNo = (lang: Language, value: boolean) => (value ? (lang === "es" ? "Sí" : "Yes") : "No");
