import { readFile } from "node:fs/promises";
import type { MessageAttachment } from "@convive/domain";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { announcementAttachments } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { FileJobs } from "../../lib/file-pool.ts";
import { MB } from "../../lib/raw-body.ts";
import { forSchool } from "../../lib/tenant-db.ts";
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

/** Files of announcements, under UPLOADS_DIR/private/announcements/<school id>/: out only through their route. */
const ANNOUNCEMENT_FILES: PrivateFolder = ["private", "announcements"];

export const announcementFileUrl = (id: number) => `/api/announcement-attachments/${id}`;

const present = (a: { id: number; fileName: string; mimeType: string; size: number }): MessageAttachment => ({
  id: a.id,
  file_name: a.fileName,
  mime_type: a.mimeType,
  size: a.size,
  url: announcementFileUrl(a.id),
});

/**
 * An announcement's files, with the upload rules and worker of incident evidence (the incidents' store, reused):
 * uploaded first, unattached, by their uploader; a send attaches the sender's own. Who may download one is the
 * announcement's rule (`canRead`, given by the service): before it is sent, only its uploader.
 */
export function createAnnouncementFiles(deps: {
  db: Db;
  uploadsDir: string;
  files: Pick<FileJobs, "inspectEvidence">;
}) {
  const { db, uploadsDir } = deps;
  const store = createEvidenceStore(uploadsDir, ANNOUNCEMENT_FILES);
  const limitMb = (schoolId: string | null) => schoolUploadLimitMb(db, schoolId);

  async function upload(viewer: Viewer, file: { declared: string; name: string | undefined; data: Buffer }) {
    const { schoolId } = viewer.tenant;
    const mb = await limitMb(schoolId);
    if (file.data.length > mb * MB) throw tooLarge(file.declared, mb);
    const { type, data } = await deps.files.inspectEvidence(file.declared, file.data);
    if (!type) throw new AppError("UNSUPPORTED_FILE_TYPE");
    const fileName = cleanFileName(file.name, type);
    const storedName = await store.save(schoolId, type, data);
    const [row] = await forSchool(db, schoolId)
      .insert(announcementAttachments, {
        fileName,
        storedName,
        mimeType: type,
        size: data.length,
        uploadedBy: viewer.userId,
      })
      .returning()
      .catch(async (error: unknown) => {
        await store.remove(schoolId, storedName);
        throw error;
      });
    return present(row!);
  }

  /** Attaches the sender's own unattached uploads; any other id is 404 (and the send rolls back). */
  async function attach(tx: Tx, viewer: Viewer, announcementId: number, ids: readonly number[]) {
    if (ids.length === 0) return;
    const unique = [...new Set(ids)];
    const done = await forSchool(tx, viewer.tenant.schoolId)
      .update(announcementAttachments, { announcementId })
      .where(
        and(
          inArray(announcementAttachments.id, unique),
          eq(announcementAttachments.uploadedBy, viewer.userId),
          isNull(announcementAttachments.announcementId),
        ),
      )
      .returning({ id: announcementAttachments.id });
    if (done.length !== unique.length) throw new AppError("NOT_FOUND");
  }

  async function ofAnnouncements(schoolId: string, announcementIds: readonly number[]) {
    const out = new Map<number, MessageAttachment[]>();
    if (announcementIds.length === 0) return out;
    const rows = await forSchool(db, schoolId)
      .select(announcementAttachments)
      .where(inArray(announcementAttachments.announcementId, [...announcementIds]))
      .orderBy(announcementAttachments.id);
    for (const r of rows) out.set(r.announcementId!, [...(out.get(r.announcementId!) ?? []), present(r)]);
    return out;
  }

  /** The file for whoever `canRead` its announcement (before it is sent, its uploader); 404 otherwise. */
  async function read(viewer: Viewer, id: number, canRead: (announcementId: number) => Promise<boolean>) {
    const { schoolId } = viewer.tenant;
    const [row] = await forSchool(db, schoolId)
      .select(announcementAttachments)
      .where(eq(announcementAttachments.id, id));
    if (!row) throw new AppError("NOT_FOUND");
    const allowed = row.announcementId === null ? row.uploadedBy === viewer.userId : await canRead(row.announcementId);
    if (!allowed) throw new AppError("NOT_FOUND");
    const path = evidencePath(uploadsDir, schoolId, row.storedName, ANNOUNCEMENT_FILES);
    const bytes = path ? await readFile(path).catch(() => null) : null;
    if (!bytes) throw new AppError("NOT_FOUND");
    return { data: bytes, fileName: downloadName(row.fileName, row.mimeType), mimeType: row.mimeType };
  }

  return { limitMb, upload, attach, ofAnnouncements, read };
}

export type AnnouncementFiles = ReturnType<typeof createAnnouncementFiles>;
