import { randomBytes } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { EvidenceType } from "../../lib/files/evidence.ts";

/**
 * Where incident evidence lives on disk: UPLOADS_DIR/private/incidents/<school id>/<stored_name>, where
 * stored_name (the incident_attachments column) is 128 random bits as hex plus the type's extension. The folder is
 * beneath the students' photo folder but never served by it (/private-uploads/:name reads one level, names without
 * a slash); files leave only through GET /api/incidents/:id/attachments/:attachmentId, which checks the scope.
 */
export const EVIDENCE_FOLDER = ["private", "incidents"] as const;
export const STORED_NAME = /^[a-f0-9]{32}\.(jpg|png|webp|gif|pdf|mp3|m4a|mp4|docx)$/;

/** What the bytes really are is decided in a file worker: lib/files/evidence.ts. */
export type { EvidenceType };

const EXTENSIONS: Record<EvidenceType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "application/pdf": "pdf",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "video/mp4": "mp4",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
};

/** Where a kind of private file lives under UPLOADS_DIR: incident evidence, or another module's (messages). */
export type PrivateFolder = readonly string[];

/** The file of a stored attachment; null for a name that is not one of ours (nothing else is ever read). */
export function evidencePath(
  uploadsDir: string,
  schoolId: string,
  storedName: string,
  folder: PrivateFolder = EVIDENCE_FOLDER,
): string | null {
  if (!STORED_NAME.test(storedName) || !/^[a-z0-9-]+$/.test(schoolId)) return null;
  return join(uploadsDir, ...folder, schoolId, storedName);
}

/** A file name fit to show and to offer on download: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined, type: EvidenceType): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .slice(0, 200);
  return clean || `evidencia.${EXTENSIONS[type]}`;
}

/**
 * Stores checked files under `folder`/<school id>/ (incident evidence by default; messages keep theirs in a folder
 * of their own with the same names and rules).
 */
export function createEvidenceStore(uploadsDir: string, folder: PrivateFolder = EVIDENCE_FOLDER) {
  const ready = new Map<string, Promise<unknown>>();

  /** Writes the bytes under a new random name; returns that name (the stored_name column). */
  async function save(schoolId: string, type: EvidenceType, data: Buffer): Promise<string> {
    const storedName = `${randomBytes(16).toString("hex")}.${EXTENSIONS[type]}`;
    const path = evidencePath(uploadsDir, schoolId, storedName, folder);
    if (!path) throw new Error(`invalid school id for evidence: ${schoolId}`);
    const dir = join(uploadsDir, ...folder, schoolId);
    if (!ready.has(dir)) ready.set(dir, mkdir(dir, { recursive: true }));
    await ready.get(dir);
    await writeFile(path, data, { flag: "wx" });
    return storedName;
  }

  async function remove(schoolId: string, storedName: string) {
    const path = evidencePath(uploadsDir, schoolId, storedName, folder);
    if (path) await unlink(path).catch(() => undefined);
  }

  return { save, remove };
}
