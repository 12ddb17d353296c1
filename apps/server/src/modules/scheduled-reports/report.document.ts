import { formatDateTime, formatDay, type Language } from "@convive/domain";
import type { ReportCell, ReportColumn } from "../../lib/report-types.ts";

/**
 * What a report's file holds, the same for the PDF (drawn in a worker) and the XLSX: the school, the report's
 * name and type, the period, the summary lines and the table — every text already in the reader's language.
 */
export interface ReportDocument {
  lang: Language;
  timeZone: string;
  school: string;
  title: string;
  type: string;
  /** "Del 23 nov 2026, 07:00 al 30 nov 2026, 07:00" or "Al 30 nov 2026, 07:00". */
  period: string;
  generated: string;
  summary: { label: string; value: string | number }[];
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
  truncated: boolean;
}

export const WORDS = {
  period: {
    es: (from: string, to: string) => `Del ${from} al ${to}`,
    en: (from: string, to: string) => `From ${from} to ${to}`,
  },
  snapshot: { es: (at: string) => `Al ${at}`, en: (at: string) => `As of ${at}` },
  generated: { es: (at: string) => `Generado el ${at}`, en: (at: string) => `Generated on ${at}` },
  none: { es: "Nada que reportar en este periodo.", en: "Nothing to report in this period." },
  truncated: {
    es: (n: number) => `Solo se incluyen las primeras ${n} filas.`,
    en: (n: number) => `Only the first ${n} rows are included.`,
  },
  page: { es: "Página", en: "Page" },
  sheet: { es: "Reporte", en: "Report" },
  summarySheet: { es: "Resumen", en: "Summary" },
  confidential: {
    es: "Confidencial: contiene datos personales de estudiantes. No lo reenvíes.",
    en: "Confidential: it holds students' personal data. Do not forward it.",
  },
} as const;

/** A cell as a person reads it on paper: days and instants on the school's clock, in the reader's language. */
export function shownCell(value: ReportCell, column: ReportColumn, doc: Pick<ReportDocument, "lang" | "timeZone">) {
  if (value === null || value === "") return "";
  if (column.kind === "dateTime") return formatDateTime(String(value), { lang: doc.lang, timeZone: doc.timeZone });
  if (column.kind === "day") return formatDay(String(value), { lang: doc.lang });
  return String(value);
}
