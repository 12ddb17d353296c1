import { readFile } from "node:fs/promises";
import type { MessageAttachment } from "@convive/domain";
import { sql } from "drizzle-orm";
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
import { isFamily } from "./access.ts";
import { formFileById, insertFormFile } from "./files.repository.ts";
import type { FormsService } from "./forms.service.ts";

/** Form uploads live apart, under UPLOADS_DIR/private/forms/<school id>/, and leave only through GET /api/form-files/:id. */
const FORM_FILES: PrivateFolder = ["private", "forms"];

/**
 * The file question (issue 29 §1) with the rules evidence has (the incidents' store, reused as external support
 * does): the school's max_file_size_in_mb, a type of EVIDENCE_TYPES decided from the bytes in a file worker,
 * pictures re-encoded without metadata. A family member uploads, then the answer names the file.
 */
export function createFormFiles(deps: {
  db: Db;
  uploadsDir: string;
  files: Pick<FileJobs, "inspectEvidence">;
  forms: FormsService;
}) {
  const { db, uploadsDir } = deps;
  const store = createEvidenceStore(uploadsDir, FORM_FILES);
  const limitMb = (schoolId: string | null) => schoolUploadLimitMb(db, schoolId);

  async function upload(
    viewer: Viewer,
    file: { declared: string; name: string | undefined; data: Buffer },
  ): Promise<MessageAttachment> {
    if (!isFamily(viewer.tenant)) throw new AppError("FORM_FAMILY_ONLY");
    const { schoolId } = viewer.tenant;
    const mb = await limitMb(schoolId);
    if (file.data.length > mb * MB) throw tooLarge(file.declared, mb);
    const { type, data } = await deps.files.inspectEvidence(file.declared, file.data);
    if (!type) throw new AppError("UNSUPPORTED_FILE_TYPE");
    const storedName = await store.save(schoolId, type, data);
    return insertFormFile(db, schoolId, {
      uploadedBy: viewer.userId,
      fileName: cleanFileName(file.name, type),
      mimeType: type,
      size: data.length,
      storedName,
    }).catch(async (error: unknown) => {
      await store.remove(schoolId, storedName);
      throw error;
    });
  }

  /** A file for whoever reads its answer (the form's reach: staff in scope, the student's family); else 404. */
  async function read(viewer: Viewer, id: number) {
    const { schoolId } = viewer.tenant;
    const row = await formFileById(db, schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    let studentId: number | null = null;
    if (row.responseId === null) {
      if (row.uploadedBy !== viewer.userId) throw new AppError("NOT_FOUND");
    } else {
      const [owner] = (
        (await db.execute(
          sql`select form_id, student_id from form_responses where school_id = ${schoolId} and id = ${row.responseId}`,
        )) as unknown as { rows: { form_id: number; student_id: number }[] }
      ).rows;
      if (!owner) throw new AppError("NOT_FOUND");
      const { scope } = await deps.forms.reach(viewer, owner.form_id, false);
      const seen =
        scope.kind === "school" ||
        (scope.kind === "children" && scope.studentIds.includes(owner.student_id)) ||
        (scope.kind === "groups" &&
          (await deps.forms.answers(viewer, owner.form_id)).rows.some((r) => r.student.id === owner.student_id));
      if (!seen) throw new AppError("NOT_FOUND");
      studentId = owner.student_id;
    }
    const path = evidencePath(uploadsDir, schoolId, row.storedName, FORM_FILES);
    const bytes = path ? await readFile(path).catch(() => null) : null;
    if (!bytes) throw new AppError("NOT_FOUND");
    const shown = isFamily(viewer.tenant)
      ? (await familyReaderOfUser(db, schoolId, viewer.userId, viewer.language ?? "es")).text(row.fileName)
      : row.fileName;
    return { data: bytes, fileName: downloadName(shown, row.mimeType), mimeType: row.mimeType, studentId };
  }

  return { limitMb, upload, read };
}

export type FormFiles = ReturnType<typeof createFormFiles>;
