import { EVIDENCE_TYPES, INCIDENT_LIMITS } from "@convive/domain/core";

/**
 * Evidence checked in the browser before it is sent (the server checks again, from the bytes): the evidence types,
 * the school's max_file_size_in_mb and the number of files. Registration and the incident's details share it.
 */

export const MB = 1024 * 1024;
type EvidenceType = (typeof EVIDENCE_TYPES)[number];
const ACCEPTED = new Set<string>(EVIDENCE_TYPES);

/** Names some browsers give the same formats. */
const ALIASES: Record<string, EvidenceType> = {
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "audio/mp3": "audio/mpeg",
  "audio/x-m4a": "audio/mp4",
  "audio/m4a": "audio/mp4",
};

/** By extension, for files a phone hands over without a type. */
const BY_EXTENSION: Record<string, EvidenceType> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  pdf: "application/pdf",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  mp4: "video/mp4",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** The accept attribute of the file picker: the evidence types and their extensions. */
export const EVIDENCE_ACCEPT = [...EVIDENCE_TYPES, ...Object.keys(BY_EXTENSION).map((e) => `.${e}`)].join(",");

/** The evidence type of a file, or null when the school does not take it. */
export function evidenceType(file: { name: string; type: string }): EvidenceType | null {
  const type = file.type.toLowerCase();
  if (ACCEPTED.has(type)) return type as EvidenceType;
  if (ALIASES[type]) return ALIASES[type];
  if (type === "" || type === "application/octet-stream") {
    const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
    return (extension && BY_EXTENSION[extension]) || null;
  }
  return null;
}

export type EvidenceProblem =
  | { key: "wrongType" }
  | { key: "tooLarge"; size: number }
  | { key: "tooMany"; max: number };

/**
 * Why a file cannot be attached, or null: the incident's files so far (`already`: those on it and those chosen
 * before this one) against the limit, then the type, then the school's size limit.
 */
export function evidenceProblem(
  file: { name: string; type: string; size: number },
  maxMb: number,
  already = 0,
): EvidenceProblem | null {
  if (already >= INCIDENT_LIMITS.maxAttachments) return { key: "tooMany", max: INCIDENT_LIMITS.maxAttachments };
  if (!evidenceType(file)) return { key: "wrongType" };
  if (file.size > maxMb * MB) return { key: "tooLarge", size: maxMb };
  return null;
}

/** The file as it is uploaded: with the type the server expects (a typeless .jpg goes as image/jpeg). */
export function asEvidenceBlob(file: File): File {
  const type = evidenceType(file);
  return type && type !== file.type ? new File([file], file.name, { type }) : file;
}
