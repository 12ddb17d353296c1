import { MESSAGE_MAX_ATTACHMENTS } from "@convive/domain";
import { formatNumber } from "@convive/domain/core";
import { evidenceType, MB } from "../../lib/evidence.ts";

/**
 * An announcement's files, checked in the browser before they are sent (the server checks again, from the bytes):
 * the types every upload of the app takes, the school's max_file_size_in_mb and MESSAGE_MAX_ATTACHMENTS.
 */
export type AttachmentProblem =
  | { key: "wrongType" }
  | { key: "tooLarge"; size: number }
  | { key: "tooMany"; max: number };

/** Why a file cannot go with the announcement, or null; `already` counts the files chosen before it. */
export function attachmentProblem(
  file: { name: string; type: string; size: number },
  maxMb: number,
  already: number,
): AttachmentProblem | null {
  if (already >= MESSAGE_MAX_ATTACHMENTS) return { key: "tooMany", max: MESSAGE_MAX_ATTACHMENTS };
  if (!evidenceType(file)) return { key: "wrongType" };
  if (file.size > maxMb * MB) return { key: "tooLarge", size: maxMb };
  return null;
}

/** "240 KB", "1.4 MB" in the screen's language (the same as the incident evidence shows). */
export function fileSize(bytes: number, lang: string): string {
  const format = (n: number) => formatNumber(n, lang);
  return bytes >= MB ? `${format(bytes / MB)} MB` : `${format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}
