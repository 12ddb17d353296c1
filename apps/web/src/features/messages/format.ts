import { ERRORS, formatNumber } from "@convive/domain/core";
import type { TFunction } from "i18next";
import { MB } from "../../lib/evidence.ts";

/** "240 KB", "1.4 MB" in the screen's language (as the incident's evidence shows sizes). */
export function fileSize(bytes: number, lang: string): string {
  const format = (n: number) => formatNumber(n, lang);
  return bytes >= MB
    ? `${format(Math.round((bytes / MB) * 10) / 10)} MB`
    : `${format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/**
 * Why the reader may not write in a conversation: the server gives an error code (`cannot_write_reason`:
 * MESSAGE_STARTERS_ONLY, MESSAGE_NO_FAMILY…), written here from the one catalogue of error texts
 * (packages/domain messages/errors.json) in the screen's language; an unknown code reads as a general reason.
 */
export function cannotWriteText(t: TFunction, code: string | null, lang: string): string {
  const known = code ? (ERRORS as Record<string, { es: string; en: string } | undefined>)[code] : undefined;
  return known ? known[lang === "en" ? "en" : "es"] : t("messages:cannotWrite");
}
