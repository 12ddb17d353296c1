import { readFile } from "node:fs/promises";
import type { MessageAttachment } from "@convive/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { messageAttachments, messages } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { familyReaderOfUser } from "../../lib/family-reader.ts";
import type { FileJobs } from "../../lib/file-pool.ts";
import { MB } from "../../lib/raw-body.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { schoolUploadLimitMb } from "../../lib/uploads.ts";
import {
  cleanFileName,
  createEvidenceStore,
  downloadName,
  evidencePath,
  type PrivateFolder,
  tooLarge,
  type Viewer,
} from "../incidents/index.ts";
import { readable } from "./access.ts";
import { presentAttachment } from "./present.ts";

/**
 * Files of messages live apart from incident evidence, under UPLOADS_DIR/private/messages/<school id>/, never served
 * by a folder route: they leave only through GET /api/message-attachments/:id.
 */
const MESSAGE_FILES: PrivateFolder = ["private", "messages"];

/**
 * Message attachments (issue 27 §1) with the upload rules and the worker evidence has (incidents' store, reused):
 * the school's max_file_size_in_mb, a type of EVIDENCE_TYPES decided from the bytes in a file worker, pictures
 * re-encoded without metadata. Uploaded first, unattached, by their uploader; a send attaches the sender's own.
 */
export function createAttachmentsService(deps: {
  db: Db;
  uploadsDir: string;
  files: Pick<FileJobs, "inspectEvidence">;
}) {
  const { db, uploadsDir } = deps;
  const store = createEvidenceStore(uploadsDir, MESSAGE_FILES);

  const limitMb = (schoolId: string | null) => schoolUploadLimitMb(db, schoolId);

  async function upload(
    viewer: Viewer,
    file: { declared: string; name: string | undefined; data: Buffer },
  ): Promise<MessageAttachment> {
    const { schoolId } = viewer.tenant;
    const mb = await limitMb(schoolId);
    if (file.data.length > mb * MB) throw tooLarge(file.declared, mb);
    const { type, data } = await deps.files.inspectEvidence(file.declared, file.data);
    if (!type) throw new AppError("UNSUPPORTED_FILE_TYPE");
    const fileName = cleanFileName(file.name, type);
    const storedName = await store.save(schoolId, type, data);
    const [row] = await forSchool(db, schoolId)
      .insert(messageAttachments, {
        fileName,
        storedName,
        mimeType: type,
        size: data.length,
        uploadedBy: viewer.userId,
      })
      .returning()
      .catch(async (error: unknown) => {
        // No row points at the file: it goes too.
        await store.remove(schoolId, storedName);
        throw error;
      });
    return presentAttachment(row!);
  }

  /**
   * A file for whoever may read its message's conversation (404 otherwise, and when the file is missing on
   * disk); before it is sent, for its uploader only. A family saves it under the name their screen shows.
   */
  async function read(viewer: Viewer, attachmentId: number) {
    const { schoolId } = viewer.tenant;
    const [row] = await db
      .select({
        fileName: messageAttachments.fileName,
        storedName: messageAttachments.storedName,
        mimeType: messageAttachments.mimeType,
        uploadedBy: messageAttachments.uploadedBy,
        messageId: messageAttachments.messageId,
        studentId: messages.studentId,
      })
      .from(messageAttachments)
      .leftJoin(messages, sameSchool(messages, messageAttachments, eq(messages.id, messageAttachments.messageId)))
      .where(ofSchool(messageAttachments, schoolId, eq(messageAttachments.id, attachmentId)));
    if (!row) throw new AppError("NOT_FOUND");
    let family = false;
    if (row.studentId === null) {
      if (row.uploadedBy !== viewer.userId) throw new AppError("NOT_FOUND");
    } else {
      family = (await readable(db, viewer, row.studentId)).family;
    }
    const path = evidencePath(uploadsDir, schoolId, row.storedName, MESSAGE_FILES);
    const bytes = path ? await readFile(path).catch(() => null) : null;
    if (!bytes) throw new AppError("NOT_FOUND");
    const shown = family
      ? (await familyReaderOfUser(db, schoolId, viewer.userId, viewer.language ?? "es")).text(row.fileName)
      : row.fileName;
    return {
      data: bytes,
      fileName: downloadName(shown, row.mimeType),
      mimeType: row.mimeType,
      studentId: row.studentId,
    };
  }

  return { limitMb, upload, read };
}

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
