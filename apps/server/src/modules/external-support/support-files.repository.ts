import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { supportAttachments } from "../../db/schema/index.ts";
import { forSchool, ofSchool } from "../../lib/tenant-db.ts";

const a = supportAttachments;

export const insertFile = (
  tx: Tx,
  schoolId: string,
  values: { uploadedBy: number; fileName: string; mimeType: string; size: number; storedName: string },
) => forSchool(tx, schoolId).insert(a, values).returning();

export async function fileById(tx: Tx, schoolId: string, id: number) {
  const [row] = await tx
    .select()
    .from(a)
    .where(ofSchool(a, schoolId, eq(a.id, id)));
  return row;
}

const unattachedOwn = (uploaderId: number, ids: readonly number[]) =>
  and(inArray(a.id, [...ids]), eq(a.uploadedBy, uploaderId), isNull(a.ownerKind));

/** How many of `ids` are the uploader's own files not yet claimed by a record. */
export async function countUnattachedOwn(tx: Tx, schoolId: string, uploaderId: number, ids: readonly number[]) {
  const rows = await forSchool(tx, schoolId).pick(a, { id: a.id }).where(unattachedOwn(uploaderId, ids));
  return rows.length;
}

/** Claims the uploader's own unattached files for a record; returns how many it took. */
export async function claim(
  tx: Tx,
  schoolId: string,
  uploaderId: number,
  ids: readonly number[],
  owner: { kind: string; id: number },
) {
  const rows = await forSchool(tx, schoolId)
    .update(a, { ownerKind: owner.kind, ownerId: owner.id })
    .where(unattachedOwn(uploaderId, ids))
    .returning({ id: a.id });
  return rows.length;
}

/** The files of these records of one kind, oldest first. */
export function filesOf(tx: Tx, schoolId: string, ownerKind: string, ownerIds: readonly number[]) {
  return tx
    .select({ id: a.id, ownerId: a.ownerId, fileName: a.fileName, mimeType: a.mimeType, size: a.size })
    .from(a)
    .where(ofSchool(a, schoolId, eq(a.ownerKind, ownerKind), inArray(a.ownerId, [...ownerIds])))
    .orderBy(asc(a.id));
}

/** Moves a record's files of one kind to another kind (a replaced consent document: kept, no longer shown). */
export const reassign = (tx: Tx, schoolId: string, owner: { kind: string; id: number }, toKind: string) =>
  forSchool(tx, schoolId).update(a, { ownerKind: toKind }).where(eq(a.ownerKind, owner.kind), eq(a.ownerId, owner.id));
