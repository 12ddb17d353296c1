import { type Attachment, INCIDENT_LIMITS } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { FileJobs } from "../../lib/file-pool.ts";
import { MB } from "../../lib/raw-body.ts";
import { schoolUploadLimitMb } from "../../lib/uploads.ts";
import type { Tenant } from "../../plugins/access.ts";
import * as repo from "./attachments.repository.ts";
import { cleanFileName, createEvidenceStore } from "./attachments.storage.ts";
import { nameOfUser } from "./incident-notifications.repository.ts";
import { findIncident, insertTimeline, lockIncident } from "./registration.repository.ts";

/** The limit's error in the caller's words: the spec's image message for pictures, a file message otherwise. */
export const tooLarge = (declared: string, mb: number) =>
  declared.startsWith("image/")
    ? new AppError("FILE_TOO_LARGE", undefined, { size: mb })
    : new AppError("UPLOAD_TOO_LARGE", undefined, { size: mb });

/**
 * Evidence files of an incident (design §4): at most INCIDENT_LIMITS.maxAttachments, each at most the school's
 * max_file_size_in_mb, of EVIDENCE_TYPES by content. Added while the incident is open, by its recorder or by
 * holders of incidents.update.
 */
export function createAttachmentsService(deps: {
  db: Db;
  uploadsDir: string;
  files: Pick<FileJobs, "inspectEvidence">;
}) {
  const { db } = deps;
  const store = createEvidenceStore(deps.uploadsDir);

  const limitMb = (schoolId: string | null) => schoolUploadLimitMb(db, schoolId);

  /** The recorder and incidents.update may attach; anyone else who sees the incident is refused, others 404. */
  async function authorize(tenant: Tenant, userId: number, incident: { id: number; recordedBy: number }) {
    if (incident.recordedBy === userId || tenant.grants.has("incidents.update")) return;
    const seen = await repo.seenBy(db, { tenant, userId }, incident.id);
    throw new AppError(seen ? "FORBIDDEN" : "NOT_FOUND");
  }

  async function checkRoom(count: number) {
    const max = INCIDENT_LIMITS.maxAttachments;
    if (count >= max) throw new AppError("TOO_MANY_ATTACHMENTS", undefined, { max });
  }

  async function upload(
    tenant: Tenant,
    userId: number,
    incidentId: number,
    file: { declared: string; name: string | undefined; data: Buffer },
  ): Promise<Attachment> {
    const { schoolId } = tenant;
    const incident = await findIncident(db, schoolId, incidentId);
    if (!incident) throw new AppError("NOT_FOUND");
    await authorize(tenant, userId, incident);
    if (incident.status !== "open") throw new AppError("INCIDENT_NOT_OPEN");
    const mb = await limitMb(schoolId);
    if (file.data.length > mb * MB) throw tooLarge(file.declared, mb);
    // Checked (and pictures re-encoded without metadata) in a file worker.
    const { type, data: bytes } = await deps.files.inspectEvidence(file.declared, file.data);
    if (!type) throw new AppError("UNSUPPORTED_FILE_TYPE");
    await checkRoom(await repo.countAttachments(db, schoolId, incidentId));
    const fileName = cleanFileName(file.name, type);
    const storedName = await store.save(schoolId, type, bytes);
    const row = await db
      .transaction(async (tx) => {
        // Checked again under the incident's lock: two uploads at once cannot both take the last place.
        const locked = await lockIncident(tx, schoolId, incidentId);
        if (locked?.status !== "open") throw new AppError("INCIDENT_NOT_OPEN");
        await checkRoom(await repo.countAttachments(tx, schoolId, incidentId));
        const row = await repo.insertAttachment(tx, {
          schoolId,
          incidentId,
          fileName,
          storedName,
          mimeType: type,
          size: bytes.length,
          uploadedBy: userId,
        });
        await insertTimeline(tx, [
          {
            schoolId,
            incidentId,
            event: "attachment-added",
            userId,
            details: { attachment_id: row.id, file_name: fileName },
          },
        ]);
        return row;
      })
      .catch(async (error: unknown) => {
        // No row points at the file: it goes too.
        await store.remove(schoolId, storedName);
        throw error;
      });
    return {
      id: row.id,
      file_name: row.fileName,
      mime_type: row.mimeType,
      size: row.size,
      url: `/api/incidents/${incidentId}/attachments/${row.id}`,
      uploaded_by: { id: userId, name: await nameOfUser(db, userId) },
      uploaded_at: row.createdAt.toISOString(),
    };
  }

  return { limitMb, upload };
}

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
