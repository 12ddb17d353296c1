import { formatNumber } from "@convive/domain/core";
import { MB } from "../../lib/evidence.ts";

/** "240 KB", "1.4 MB" in the screen's language (as the incident's evidence and the messages show sizes). */
export function fileSize(bytes: number, lang: string): string {
  const format = (n: number) => formatNumber(n, lang);
  return bytes >= MB
    ? `${format(Math.round((bytes / MB) * 10) / 10)} MB`
    : `${format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** A staff member as the responsible picker lists them. */
export const personName = (p: { first_name: string; paternal_surname: string; maternal_surname: string }) =>
  [p.first_name, p.paternal_surname, p.maternal_surname].filter(Boolean).join(" ");
