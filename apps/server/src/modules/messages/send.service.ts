import {
  type CorrectMessageBody,
  MESSAGE_CORRECTION_MINUTES,
  type SendMessageBody,
  type ThreadMessage,
} from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { incidentsWhere, resolveScope, type Viewer } from "../incidents/index.ts";
import { readable, writeBlocker } from "./access.ts";
import type { Delivery } from "./delivery.ts";
import * as thread from "./thread.repository.ts";
import type { ThreadService } from "./thread.service.ts";
import * as write from "./write.repository.ts";

/**
 * Writing in a student's conversation (issue 27 §1). A send checks who may write (the starters setting, a family
 * to read it, urgent for staff only), that the incident it is about is one of the student's the sender sees and
 * that its files are the sender's own unsent uploads; then, in one transaction, writes the message, the
 * conversation's inbox columns, the incident's timeline entry and the notices and e-mails (delivery.ts). Nothing is
 * deleted: a correction — its author, within MESSAGE_CORRECTION_MINUTES — keeps the text it replaces.
 */
export function createSendService(deps: { db: Db; delivery: Delivery; thread: ThreadService }) {
  const { db, delivery } = deps;

  async function send(viewer: Viewer, studentId: number, body: SendMessageBody): Promise<ThreadMessage> {
    const { schoolId } = viewer.tenant;
    const access = await readable(db, viewer, studentId);
    if (access.family && body.urgent) throw new AppError("MESSAGE_URGENT_STAFF_ONLY");
    const existing = await thread.conversationOf(db, schoolId, studentId);
    const blocker = await writeBlocker(db, viewer, access, existing !== null);
    if (blocker) throw new AppError(blocker);
    const incidentId = body.incident_id ?? null;
    if (incidentId !== null) {
      const scope = await resolveScope(db, viewer);
      if (!(await write.incidentOfStudent(db, schoolId, incidentId, studentId, incidentsWhere(scope)))) {
        throw new AppError("NOT_FOUND");
      }
    }
    const files = [...new Set(body.attachment_ids)];
    if (!(await write.unattachedOwn(db, schoolId, viewer.userId, files))) {
      throw new AppError("MESSAGE_ATTACHMENT_UNAVAILABLE");
    }
    const [author] = await thread.people(db, schoolId, [viewer.userId], "es");
    const who = await delivery.audience(schoolId, {
      studentId,
      groupId: access.student.groupId,
      conversationId: existing?.id ?? null,
      authorId: viewer.userId,
      authorIsFamily: access.family,
    });

    const { messageId, after } = await db.transaction(async (tx) => {
      const conversation = await write.lockConversation(tx, schoolId, studentId);
      const message = await write.insertMessage(tx, {
        schoolId,
        conversationId: conversation.id,
        studentId,
        incidentId,
        authorId: viewer.userId,
        authorIsFamily: access.family,
        body: body.body,
        urgent: body.urgent,
      });
      await write.touchConversation(tx, schoolId, conversation.id, {
        id: message.id,
        at: message.createdAt,
        authorId: viewer.userId,
        urgent: body.urgent,
      });
      // Checked again here: the same upload sent twice at once attaches to one message only.
      if ((await write.attach(tx, schoolId, message.id, viewer.userId, files)) !== files.length) {
        throw new AppError("MESSAGE_ATTACHMENT_UNAVAILABLE");
      }
      if (incidentId !== null) {
        await write.noteOnTimeline(tx, schoolId, {
          incidentId,
          userId: viewer.userId,
          messageId: message.id,
          studentId,
        });
      }
      await write.advanceOwnPointer(tx, schoolId, {
        conversationId: conversation.id,
        userId: viewer.userId,
        messageId: message.id,
        previousLast: conversation.lastMessageId,
      });
      const delivered = await delivery.deliver(
        tx,
        {
          schoolId,
          studentId,
          studentName: access.student.name,
          conversationId: conversation.id,
          messageId: message.id,
          incidentId,
          authorId: viewer.userId,
          authorName: author?.name ?? "",
          authorIsFamily: access.family,
          urgent: body.urgent,
          body: body.body,
          createdAt: message.createdAt,
          attachments: files.length,
        },
        who,
      );
      return { messageId: message.id, after: delivered.after };
    });
    after();
    return deps.thread.one(viewer, messageId, access.family);
  }

  /**
   * Its author corrects a message within MESSAGE_CORRECTION_MINUTES of sending it (by the database's clock): the
   * text it replaces is kept (message_revisions) and shown to staff; families read "corrected". Another reader of
   * the thread is refused (403), anyone else gets 404; past the window 409 MESSAGE_CORRECTION_CLOSED.
   */
  async function correct(viewer: Viewer, messageId: number, body: CorrectMessageBody): Promise<ThreadMessage> {
    const { schoolId } = viewer.tenant;
    const found = await write.findMessage(db, schoolId, messageId);
    if (!found) throw new AppError("NOT_FOUND");
    const access = await readable(db, viewer, found.studentId);
    if (found.authorId !== viewer.userId) throw new AppError("FORBIDDEN");
    const changed = await db.transaction(async (tx) => {
      const row = await write.lockMessage(tx, schoolId, messageId, MESSAGE_CORRECTION_MINUTES);
      if (!row) throw new AppError("NOT_FOUND");
      if (!row.open)
        throw new AppError("MESSAGE_CORRECTION_CLOSED", undefined, { minutes: MESSAGE_CORRECTION_MINUTES });
      if (row.body === body.body) return false;
      await write.correct(tx, schoolId, messageId, row.body, body.body);
      return true;
    });
    if (changed) {
      const participants = [...new Set([...(await thread.familyIds(db, schoolId, found.studentId)), viewer.userId])];
      const staff = await thread.staffAuthors(db, schoolId, found.conversationId);
      delivery.push(schoolId, "messages:changed", [...new Set([...participants, ...staff])], {
        student_id: found.studentId,
        conversation_id: found.conversationId,
        message_id: messageId,
      });
    }
    return deps.thread.one(viewer, messageId, access.family);
  }

  return { send, correct };
}

export type SendService = ReturnType<typeof createSendService>;
