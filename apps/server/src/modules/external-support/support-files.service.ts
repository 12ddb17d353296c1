import { readFile } from "node:fs/promises";
import { incidentScope, type MessageAttachment } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { familyReaderOfUser } from "../../lib/family-reader.ts";
import type { FileJobs } from "../../lib/file-pool.ts";
import { MB } from "../../lib/raw-body.ts";
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
import * as repo from "./support-files.repository.ts";
import { presentSupportAttachment, supportAttachmentRule } from "./support-files.ts";

/**
 * Support files live apart from evidence and messages, under UPLOADS_DIR/private/support/<school id>/, never served
 * by a folder route: they leave only through GET /api/support-attachments/:id.
 */
const SUPPORT_FILES: PrivateFolder = ["private", "support"];

/**
 * The files of external support and inclusion (issue 28) with the rules evidence has (the incidents' store,
 * reused): the school's max_file_size_in_mb, a type of EVIDENCE_TYPES decided from the bytes in a file worker,
 * pictures re-encoded without metadata.
 */
export function createSupportFiles(deps: { db: Db; uploadsDir: string; files: Pick<FileJobs, "inspectEvidence"> }) {
  const { db, uploadsDir } = deps;
  const store = createEvidenceStore(uploadsDir, SUPPORT_FILES);

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
    const [row] = await repo
      .insertFile(db, schoolId, { uploadedBy: viewer.userId, fileName, mimeType: type, size: data.length, storedName })
      .catch(async (error: unknown) => {
        // No row points at the file: it goes too.
        await store.remove(schoolId, storedName);
        throw error;
      });
    return presentSupportAttachment(row!);
  }

  /**
   * A file for whoever may read its record (the owner kind's rule; 404 otherwise, and when the file is missing on
   * disk); before a save claims it, for its uploader only. A family saves it under the name their screen shows.
   */
  async function read(viewer: Viewer, id: number) {
    const { schoolId } = viewer.tenant;
    const row = await repo.fileById(db, schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    let studentId: number | null = null;
    if (row.ownerKind === null || row.ownerId === null) {
      if (row.uploadedBy !== viewer.userId) throw new AppError("NOT_FOUND");
    } else {
      const rule = supportAttachmentRule(row.ownerKind);
      const reach = rule ? await rule(db, viewer, row.ownerId) : null;
      if (!reach) throw new AppError("NOT_FOUND");
      studentId = reach.studentId;
    }
    const path = evidencePath(uploadsDir, schoolId, row.storedName, SUPPORT_FILES);
    const bytes = path ? await readFile(path).catch(() => null) : null;
    if (!bytes) throw new AppError("NOT_FOUND");
    const family = incidentScope(viewer.tenant.profileName, viewer.tenant.grants) === "family";
    const shown = family
      ? (await familyReaderOfUser(db, schoolId, viewer.userId, viewer.language ?? "es")).text(row.fileName)
      : row.fileName;
    return { data: bytes, fileName: downloadName(shown, row.mimeType), mimeType: row.mimeType, studentId };
  }

  return { limitMb, upload, read };
}

export type SupportFiles = ReturnType<typeof createSupportFiles>;
