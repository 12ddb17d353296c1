import { MESSAGE_CORRECTION_MINUTES, type MessageAttachment, type ThreadMessage } from "@convive/domain";
import type { Tx } from "../../db/client.ts";
import * as thread from "./thread.repository.ts";

/** Where an attachment downloads from (whoever may read its conversation; its uploader before it is sent). */
export const attachmentUrl = (id: number) => `/api/message-attachments/${id}`;

export const presentAttachment = (a: {
  id: number;
  fileName: string;
  mimeType: string;
  size: number;
}): MessageAttachment => ({
  id: a.id,
  file_name: a.fileName,
  mime_type: a.mimeType,
  size: a.size,
  url: attachmentUrl(a.id),
});

/** Whether `createdAt` is still inside the author's correction window at `now`. */
export const correctable = (createdAt: Date, now = Date.now()) =>
  now - createdAt.getTime() < MESSAGE_CORRECTION_MINUTES * 60_000;

/**
 * Messages as `reader` reads them: a family reads no earlier texts of a corrected message (only that it was
 * corrected) and no folio of an incident not shown to families; staff read every earlier text. Receipts name every
 * reader but the author, first read, earliest first. Text is as written: what a family reads passes the JSON hook.
 */
export async function presentMessages(
  tx: Tx,
  schoolId: string,
  rows: readonly thread.MessageRow[],
  reader: { userId: number; family: boolean },
): Promise<ThreadMessage[]> {
  const ids = rows.map((r) => r.id);
  // One after another: `tx` may be a transaction, which runs one statement at a time.
  const revisions = reader.family ? [] : await thread.revisionsOf(tx, schoolId, ids);
  const attachments = await thread.attachmentsOf(tx, schoolId, ids);
  const reads = await thread.readsOf(tx, schoolId, ids);
  const now = Date.now();
  return rows.map((r) => {
    const incidentShown = r.incidentId !== null && (!reader.family || r.incidentForFamilies === true);
    return {
      id: r.id,
      conversation_id: r.conversationId,
      student_id: r.studentId,
      incident_id: incidentShown ? r.incidentId : null,
      incident_folio: incidentShown && r.folio !== null ? String(r.folio) : null,
      author: { id: r.authorId, name: r.authorName, role: r.authorRole ?? "", family: r.authorIsFamily },
      body: r.body,
      urgent: r.urgent,
      created_at: r.createdAt.toISOString(),
      corrected_at: r.correctedAt?.toISOString() ?? null,
      previous_bodies: revisions
        .filter((v) => v.messageId === r.id)
        .map((v) => ({ body: v.body, replaced_at: v.replacedAt.toISOString() })),
      can_correct: r.authorId === reader.userId && correctable(r.createdAt, now),
      attachments: attachments.filter((a) => a.messageId === r.id).map(presentAttachment),
      read_by: reads
        .filter((x) => x.messageId === r.id && x.userId !== r.authorId)
        .map((x) => ({ user_id: x.userId, name: x.name, read_at: x.readAt.toISOString() })),
    };
  });
}
