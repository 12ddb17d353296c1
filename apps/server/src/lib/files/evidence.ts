import { EVIDENCE_TYPES } from "@convive/domain/core";
import { sniffImageType } from "./image-type.ts";

/**
 * What an evidence file really is, from its bytes (incident attachments). Runs in a file worker with the
 * pool's time and memory limits, like every other look inside an upload (lib/file-pool.ts).
 */
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];

const MP4_AUDIO_BRANDS = new Set(["M4A ", "M4B ", "M4P ", "F4A "]);

/**
 * The evidence type the bytes really are, from their signature; null when they are none of EVIDENCE_TYPES.
 * A Word document is a ZIP that must hold the OOXML main part, not any ZIP.
 */
export function sniffEvidenceType(data: Buffer): EvidenceType | null {
  const image = sniffImageType(data);
  if (image) return image;
  const head = data.toString("latin1", 0, Math.min(data.length, 16));
  if (head.startsWith("GIF87a") || head.startsWith("GIF89a")) return "image/gif";
  if (head.startsWith("%PDF-")) return "application/pdf";
  if (head.startsWith("ID3") || (data.length >= 2 && data[0] === 0xff && (data[1]! & 0xe0) === 0xe0)) {
    return "audio/mpeg";
  }
  if (data.length >= 12 && head.slice(4, 8) === "ftyp") {
    return MP4_AUDIO_BRANDS.has(head.slice(8, 12)) ? "audio/mp4" : "video/mp4";
  }
  if (head.startsWith("PK\x03\x04") && data.includes("[Content_Types].xml") && data.includes("word/document.xml")) {
    return "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
  }
  return null;
}

/** MP4 audio and video share one container: either label is believed for either brand. */
const sameKind = (a: EvidenceType, b: EvidenceType) => a === b || (a.endsWith("/mp4") && b.endsWith("/mp4"));

/**
 * The type to store: the content's, provided the declared Content-Type is an evidence type that agrees with it
 * (application/octet-stream defers to the content). Null: refuse with 415 UNSUPPORTED_FILE_TYPE.
 */
export function evidenceType(declared: string, data: Buffer): EvidenceType | null {
  const actual = sniffEvidenceType(data);
  if (!actual) return null;
  if (declared === "application/octet-stream") return actual;
  if (!(EVIDENCE_TYPES as readonly string[]).includes(declared)) return null;
  return sameKind(declared as EvidenceType, actual) ? (declared as EvidenceType) : null;
}
