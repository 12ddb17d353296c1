import { byText, formatDayRange } from "@convive/domain/core";

/** "Ana Sofía Castillo Juárez". */
export const fullName = (p: { first_name: string; paternal_surname: string; maternal_surname?: string | null }) =>
  [p.first_name, p.paternal_surname, p.maternal_surname ?? ""].filter((s) => s.trim() !== "").join(" ");

/** A `YYYY-MM-DD` day as a local date (never shifted by the time zone). */
export const dayOf = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** "24 ago 2026 – 9 jul 2027" / "Aug 24, 2026 – Jul 9, 2027": the one way days are shown (issue 12 §5). */
export const formatRange = (from: string, to: string, lang: string) => formatDayRange(from, to, { lang });

/** Sorts by a label the way a Spanish or English reader expects ("1°" before "10°", accents ignored). */
export const byLabel = (lang: string) => byText(lang);

/** The `YYYY-MM-DD` day after the one given. */
export const nextDay = (iso: string) => {
  const d = dayOf(iso);
  d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
