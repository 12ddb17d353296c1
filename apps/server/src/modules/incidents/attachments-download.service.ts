import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { incidentAttachments, incidents } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { evidencePath } from "./attachments.storage.ts";
import { protocolEvidenceIds } from "./protocol.repository.ts";
import { redactorOf } from "./redaction.ts";
import { incidentsWhere, resolveScope, type Viewer } from "./scope.ts";

/**
 * Evidence files leave the server only here: the attachment must belong to an incident of the school that the
 * viewer may see (the same scope as the details), otherwise 404 — also when the file is missing on disk.
 */
export function createAttachmentsDownloadService(deps: { db: Db; uploadsDir: string }) {
  const { db, uploadsDir } = deps;

  async function read(viewer: Viewer, incidentId: number, attachmentId: number) {
    const scope = await resolveScope(db, viewer);
    const [row] = await db
      .select({
        fileName: incidentAttachments.fileName,
        storedName: incidentAttachments.storedName,
        mimeType: incidentAttachments.mimeType,
        studentIds: incidents.studentIds,
      })
      .from(incidentAttachments)
      .innerJoin(
        incidents,
        and(eq(incidents.schoolId, incidentAttachments.schoolId), eq(incidents.id, incidentAttachments.incidentId)),
      )
      .where(
        and(
          eq(incidentAttachments.schoolId, scope.schoolId),
          eq(incidentAttachments.id, attachmentId),
          eq(incidentAttachments.incidentId, incidentId),
          incidentsWhere(scope),
        ),
      );
    if (!row) throw new AppError("NOT_FOUND");
    // A protocol step's evidence is the school's internal work: not the family's to download.
    if (scope.kind === "family" && (await protocolEvidenceIds(db, scope.schoolId, [incidentId])).has(attachmentId)) {
      throw new AppError("NOT_FOUND");
    }
    const path = evidencePath(uploadsDir, scope.schoolId, row.storedName);
    if (!path) throw new AppError("NOT_FOUND");
    const data = await readFile(path).catch(() => null);
    if (!data) throw new AppError("NOT_FOUND");
    // A family saves the file under the name the details show them (other students' names replaced).
    const fileName = (await redactorOf(db, scope)).text(row.fileName, row.studentIds);
    return { data, fileName, mimeType: row.mimeType, studentIds: row.studentIds };
  }

  return { read };
}

export type AttachmentsDownloadService = ReturnType<typeof createAttachmentsDownloadService>;

/** The extensions a downloaded evidence file may keep; anything else gets the stored type's own appended. */
const EXTENSIONS: Record<string, readonly string[]> = {
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/webp": ["webp"],
  "image/gif": ["gif"],
  "application/pdf": ["pdf"],
  "audio/mpeg": ["mp3"],
  "audio/mp4": ["m4a", "mp4"],
  "video/mp4": ["mp4", "m4v"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx"],
};

/**
 * The name a file is offered under: the uploader's name, but always ending in an extension of what the bytes
 * are (checked at upload), so a GIF named "evil.html" is saved as "evil.html.gif" and never opens as a page.
 */
export function downloadName(fileName: string, mimeType: string): string {
  const allowed = EXTENSIONS[mimeType];
  if (!allowed) return fileName;
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension && allowed.includes(extension) ? fileName : `${fileName}.${allowed[0]}`;
}
