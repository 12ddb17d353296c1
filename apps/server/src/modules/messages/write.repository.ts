import { and, eq, gte, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  conversationReads,
  conversations,
  incidentStudents,
  incidents,
  incidentTimeline,
  messageAttachments,
  messageReads,
  messageRevisions,
  messages,
} from "../../db/schema/index.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

// What the module writes. Nothing here deletes: the app role may not, and a correction appends a revision.

/**
 * The student's conversation, created by its first message, locked for the rest of the transaction (two sends at
 * once take turns, so the last_* columns and the pointers follow the messages' order). `lastMessageId` is the
 * newest message before this send (null for a new conversation).
 */
export async function lockConversation(tx: Tx, schoolId: string, studentId: number) {
  const [row] = await forSchool(tx, schoolId)
    .insert(conversations, { studentId })
    .onConflictDoUpdate({
      target: [conversations.schoolId, conversations.studentId],
      set: { lastMessageAt: sql`${conversations.lastMessageAt}` },
    })
    .returning({ id: conversations.id, lastMessageId: conversations.lastMessageId });
  return row!;
}

export async function insertMessage(
  tx: Tx,
  values: Omit<typeof messages.$inferInsert, "schoolId" | "id"> & { schoolId: string },
) {
  const [row] = await tx.insert(messages).values(values).returning({ id: messages.id, createdAt: messages.createdAt });
  return row!;
}

/** The inbox's columns follow the newest message. */
export async function touchConversation(
  tx: Tx,
  schoolId: string,
  conversationId: number,
  last: { id: number; at: Date; authorId: number; urgent: boolean },
) {
  await forSchool(tx, schoolId)
    .update(conversations, {
      lastMessageId: last.id,
      lastMessageAt: last.at,
      lastAuthorId: last.authorId,
      lastUrgent: last.urgent,
    })
    .where(eq(conversations.id, conversationId));
}

/** Attaches the sender's own unattached uploads; returns how many it took (fewer than asked: refuse the send). */
export async function attach(tx: Tx, schoolId: string, messageId: number, uploaderId: number, ids: readonly number[]) {
  if (ids.length === 0) return 0;
  const rows = await forSchool(tx, schoolId)
    .update(messageAttachments, { messageId })
    .where(
      inArray(messageAttachments.id, [...ids]),
      eq(messageAttachments.uploadedBy, uploaderId),
      isNull(messageAttachments.messageId),
    )
    .returning({ id: messageAttachments.id });
  return rows.length;
}

/** Whether the ids are all the uploader's own files not yet sent (checked before the send's transaction too). */
export async function unattachedOwn(tx: Tx, schoolId: string, uploaderId: number, ids: readonly number[]) {
  if (ids.length === 0) return true;
  const rows = await forSchool(tx, schoolId)
    .pick(messageAttachments, { id: messageAttachments.id })
    .where(
      inArray(messageAttachments.id, [...ids]),
      eq(messageAttachments.uploadedBy, uploaderId),
      isNull(messageAttachments.messageId),
    );
  return rows.length === new Set(ids).size;
}

/** The incident's append-only entry: a message was sent about it (ids only; the text stays in the conversation). */
export async function noteOnTimeline(
  tx: Tx,
  schoolId: string,
  entry: { incidentId: number; userId: number; messageId: number; studentId: number },
) {
  await forSchool(tx, schoolId).insert(incidentTimeline, {
    incidentId: entry.incidentId,
    event: "message.sent",
    userId: entry.userId,
    details: { message_id: entry.messageId, student_id: entry.studentId },
  });
}

/** Whether the incident concerns the student and is inside `visible` (the reader's incident scope). */
export async function incidentOfStudent(
  tx: Tx,
  schoolId: string,
  incidentId: number,
  studentId: number,
  visible: ReturnType<typeof and>,
) {
  const [row] = await tx
    .select({ id: incidents.id })
    .from(incidents)
    .innerJoin(
      incidentStudents,
      sameSchool(
        incidentStudents,
        incidents,
        eq(incidentStudents.incidentId, incidents.id),
        eq(incidentStudents.studentId, studentId),
      ),
    )
    .where(and(ofSchool(incidents, schoolId, eq(incidents.id, incidentId)), visible));
  return Boolean(row);
}

/**
 * The sender's pointer moves to their own message only when they had read everything before it (or the
 * conversation is new): sending is not reading what others wrote meanwhile.
 */
export async function advanceOwnPointer(
  tx: Tx,
  schoolId: string,
  at: { conversationId: number; userId: number; messageId: number; previousLast: number | null },
) {
  if (at.previousLast === null) {
    await forSchool(tx, schoolId)
      .insert(conversationReads, {
        conversationId: at.conversationId,
        userId: at.userId,
        lastReadMessageId: at.messageId,
      })
      .onConflictDoNothing();
    return;
  }
  await forSchool(tx, schoolId)
    .update(conversationReads, { lastReadMessageId: at.messageId })
    .where(
      eq(conversationReads.conversationId, at.conversationId),
      eq(conversationReads.userId, at.userId),
      gte(conversationReads.lastReadMessageId, at.previousLast),
    );
}

/**
 * The reader has read the conversation up to `upTo`: a receipt for every message by someone else they had not read
 * (the first read is kept), and their pointer moved there. Returns the messages newly read.
 */
export async function markRead(tx: Tx, schoolId: string, conversationId: number, userId: number, upTo: number) {
  const [pointer] = await forSchool(tx, schoolId)
    .pick(conversationReads, { id: conversationReads.lastReadMessageId })
    .where(eq(conversationReads.conversationId, conversationId), eq(conversationReads.userId, userId));
  const from = pointer?.id ?? 0;
  const fresh = await tx
    .insert(messageReads)
    .select(
      tx
        .select({
          schoolId: messages.schoolId,
          messageId: messages.id,
          userId: sql<number>`${userId}::integer`.as("user_id"),
          readAt: sql<Date>`now()`.as("read_at"),
        })
        .from(messages)
        .where(
          ofSchool(
            messages,
            schoolId,
            eq(messages.conversationId, conversationId),
            sql`${messages.id} > ${from}`,
            sql`${messages.id} <= ${upTo}`,
            ne(messages.authorId, userId),
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ messageId: messageReads.messageId });
  await forSchool(tx, schoolId)
    .insert(conversationReads, { conversationId, userId, lastReadMessageId: upTo })
    .onConflictDoUpdate({
      target: [conversationReads.schoolId, conversationReads.conversationId, conversationReads.userId],
      set: {
        lastReadMessageId: sql`greatest(${conversationReads.lastReadMessageId}, excluded.last_read_message_id)`,
        readAt: sql`now()`,
      },
    });
  return fresh.map((f) => f.messageId);
}

/**
 * The message, locked for its correction, with whether it is still inside the correction window of `minutes` by the
 * database's clock (the clock its created_at was written on).
 */
export async function lockMessage(tx: Tx, schoolId: string, messageId: number, minutes: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(messages, {
      id: messages.id,
      body: messages.body,
      authorId: messages.authorId,
      studentId: messages.studentId,
      conversationId: messages.conversationId,
      open: sql<boolean>`${messages.createdAt} > now() - make_interval(mins => ${minutes}::integer)`,
    })
    .where(eq(messages.id, messageId))
    .for("update");
  return row;
}

/** A message's current state, outside any transaction (the route's checks before it opens one). */
export async function findMessage(tx: Tx, schoolId: string, messageId: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(messages, {
      id: messages.id,
      studentId: messages.studentId,
      authorId: messages.authorId,
      conversationId: messages.conversationId,
    })
    .where(eq(messages.id, messageId));
  return row;
}

/** Keeps the text being replaced, then writes the correction. */
export async function correct(tx: Tx, schoolId: string, messageId: number, previous: string, body: string) {
  await forSchool(tx, schoolId).insert(messageRevisions, { messageId, body: previous });
  await forSchool(tx, schoolId).update(messages, { body, correctedAt: sql`now()` }).where(eq(messages.id, messageId));
}
