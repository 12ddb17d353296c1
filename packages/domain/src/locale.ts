/**
 * Numbers and the order of names, one rule for every screen, PDF and e-mail (issue 26 §6). Spanish here is Mexican
 * Spanish: the decimal separator is the point and thousands take a comma in both languages ("8.5", "1.3:1",
 * "1,234"), as the grades have always been written — `"es"` alone would give "8,5" and "1234,5". Pure Intl, so the
 * server's PDFs and the web format alike.
 */
/**
 * The Intl locale of numbers (and dates: school-time's dateLocale is this one) for a reader's language: "es-MX" or
 * "en-US". Defined here, importing nothing, so the sign-in bundle that carries this file pulls in no other rules.
 */
export const numberLocale = (lang: string) => (lang === "en" ? "en-US" : "es-MX");

// Intl formatters are costly to build and the same few are asked for on every row of a table.
const numberFormats = new Map<string, Intl.NumberFormat>();

/** "1,234", "8.5", "0.3": at most `digits` decimals (1 unless told), none when the number is whole. */
export function formatNumber(value: number, lang: string, digits = 1): string {
  const key = `${numberLocale(lang)}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale(lang), { maximumFractionDigits: digits, minimumFractionDigits: 0 });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** A share (0–1) as a percentage: 0.254 → "25.4%" (`digits` decimals at most, 1 unless told). */
export const formatPercent = (share: number, lang: string, digits = 1) => `${formatNumber(share * 100, lang, digits)}%`;

/** A ratio of something to one: 1.333 → "1.3:1". */
export const formatRatio = (value: number, lang: string) => `${formatNumber(value, lang, 1)}:1`;

const collators = new Map<string, Intl.Collator>();

/**
 * The reader's alphabetical order ("Álvarez", "Ramírez", "Ramos"; "3° B" before "10° A"), case and accents
 * ignored as a dictionary does — never the code points' order, which puts every accented name last.
 */
export function textCollator(lang: string): Intl.Collator {
  const locale = numberLocale(lang);
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { numeric: true, sensitivity: "base" });
    collators.set(locale, collator);
  }
  return collator;
}

/** `list.sort(byText(lang))` for strings, or `byText(lang, (x) => x.name)` for rows. */
export function byText<T = string>(lang: string, key?: (item: T) => string): (a: T, b: T) => number {
  const collator = textCollator(lang);
  const text = key ?? ((item: T) => String(item));
  return (a, b) => collator.compare(text(a), text(b));
}
