import { formatNumber } from "@convive/domain/core";
import { MB } from "../../lib/evidence.ts";

/** "1.4 MB", "320 KB". */
export function fileSize(bytes: number, lang: string): string {
  const format = (n: number) => formatNumber(n, lang);
  return bytes >= MB ? `${format(bytes / MB)} MB` : `${format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** One key per chosen file (the same file picked twice is kept once). */
export const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;
