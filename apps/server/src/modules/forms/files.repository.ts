import type { MessageAttachment } from "@convive/domain";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { formFiles } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { forSchool } from "../../lib/tenant-db.ts";

export const formFileUrl = (id: number) => `/api/form-files/${id}`;

const present = (f: { id: number; fileName: string; mimeType: string; size: number }): MessageAttachment => ({
  id: f.id,
  file_name: f.fileName,
  mime_type: f.mimeType,
  size: f.size,
  url: formFileUrl(f.id),
});

export async function insertFormFile(
  db: Db,
  schoolId: string,
  values: { uploadedBy: number; fileName: string; mimeType: string; size: number; storedName: string },
) {
  const [row] = await forSchool(db, schoolId).insert(formFiles, values).returning();
  return present(row!);
}

export async function formFileById(db: Db, schoolId: string, id: number) {
  const [row] = await forSchool(db, schoolId).select(formFiles).where(eq(formFiles.id, id));
  return row;
}

/**
 * An answer's file questions name uploads: the uploader's own unattached files, or files the answer already holds
 * (a change that keeps them); anything else refuses the save (422 FORM_ANSWER_INVALID), in the saving transaction.
 */
export async function claimFormFiles(tx: Tx, schoolId: string, uploaderId: number, responseId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const rows = await forSchool(tx, schoolId)
    .pick(formFiles, { id: formFiles.id, responseId: formFiles.responseId, uploadedBy: formFiles.uploadedBy })
    .where(inArray(formFiles.id, wanted));
  const usable = rows.filter(
    (r) => r.responseId === responseId || (r.responseId === null && r.uploadedBy === uploaderId),
  );
  if (usable.length !== wanted.length) throw new AppError("VALIDATION", { answers: "FORM_ANSWER_INVALID" });
  await forSchool(tx, schoolId)
    .update(formFiles, { responseId })
    .where(inArray(formFiles.id, wanted), and(isNull(formFiles.responseId), eq(formFiles.uploadedBy, uploaderId)));
}

/** The files of these answers, by answer id. */
export async function formFilesOf(db: Db | Tx, schoolId: string, responseIds: readonly number[]) {
  const byResponse = new Map<number, MessageAttachment[]>();
  if (responseIds.length === 0) return byResponse;
  const rows = await forSchool(db as Tx, schoolId)
    .select(formFiles)
    .where(inArray(formFiles.responseId, [...responseIds]));
  for (const row of rows) {
    const list = byResponse.get(row.responseId!) ?? [];
    list.push(present(row));
    byResponse.set(row.responseId!, list);
  }
  return byResponse;
}
