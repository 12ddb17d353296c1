import type { MessageAttachment } from "@convive/domain";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { Viewer } from "../incidents/index.ts";
import * as repo from "./support-files.repository.ts";

// The files of issue 28's confidential records (a signed consent, a follow-up's report, a diagnosis, a signed
// letter), shared by external support and inclusion: uploaded first with POST /api/support-attachments, unattached
// and their uploader's; a save claims them for its record (owner kind + id); GET /api/support-attachments/:id asks
// the owner kind's rule who may read them.

/** Who may read the files of a record: the record's student when the viewer may read the record, else null (404). */
export type SupportAttachmentRule = (tx: Tx, viewer: Viewer, ownerId: number) => Promise<{ studentId: number } | null>;

const owners = new Map<string, SupportAttachmentRule>();

/** A module names each kind of record its files belong to, with the rule of who reads them (once, at load). */
export function registerSupportAttachmentOwner(ownerKind: string, canRead: SupportAttachmentRule) {
  owners.set(ownerKind, canRead);
}

export const supportAttachmentRule = (ownerKind: string) => owners.get(ownerKind);

/** Where a support file downloads from. */
export const supportAttachmentUrl = (id: number) => `/api/support-attachments/${id}`;

export const presentSupportAttachment = (f: {
  id: number;
  fileName: string;
  mimeType: string;
  size: number;
}): MessageAttachment => ({
  id: f.id,
  file_name: f.fileName,
  mime_type: f.mimeType,
  size: f.size,
  url: supportAttachmentUrl(f.id),
});

/**
 * Attaches the uploader's own unattached files to a record (`ownerKind`, `ownerId`); any other id — someone
 * else's file, one already attached, one of another school, none at all — refuses the whole save with 422
 * SUPPORT_ATTACHMENT_UNAVAILABLE. Call it in the transaction that stores the record: the refusal rolls it back.
 */
export async function claimSupportAttachments(
  tx: Tx,
  schoolId: string,
  uploaderId: number,
  ids: readonly number[],
  ownerKind: string,
  ownerId: number,
): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const unavailable = () => new AppError("SUPPORT_ATTACHMENT_UNAVAILABLE");
  if ((await repo.countUnattachedOwn(tx, schoolId, uploaderId, wanted)) !== wanted.length) throw unavailable();
  // Checked again by the update itself: the same upload claimed twice at once attaches to one record only.
  if ((await repo.claim(tx, schoolId, uploaderId, wanted, { kind: ownerKind, id: ownerId })) !== wanted.length) {
    throw unavailable();
  }
}

/** The files of these records of one kind, oldest first, by record id (a record without files is absent). */
export async function supportAttachmentsOf(
  tx: Tx,
  schoolId: string,
  ownerKind: string,
  ownerIds: readonly number[],
): Promise<Map<number, MessageAttachment[]>> {
  const byOwner = new Map<number, MessageAttachment[]>();
  if (ownerIds.length === 0) return byOwner;
  for (const row of await repo.filesOf(tx, schoolId, ownerKind, [...new Set(ownerIds)])) {
    const list = byOwner.get(row.ownerId!) ?? [];
    list.push(presentSupportAttachment(row));
    byOwner.set(row.ownerId!, list);
  }
  return byOwner;
}
