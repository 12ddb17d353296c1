import { type Language, ROLE_FAMILIAR } from "@convive/domain";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  conversations,
  familyLinks,
  incidents,
  memberships,
  messageAttachments,
  messageReads,
  messageRevisions,
  messages,
  profiles,
  users,
} from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

/** A profile's name in the reader's language ("Docente" / "Teacher"); the Spanish one when it has no English. */
const profileNameIn = (language: Language) =>
  language === "en" ? sql<string>`coalesce(${profiles.nameEn}, ${profiles.name})` : sql<string>`${profiles.name}`;

/** The student's conversation (null until its first message). */
export async function conversationOf(tx: Tx, schoolId: string, studentId: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(conversations, { id: conversations.id, lastMessageId: conversations.lastMessageId })
    .where(eq(conversations.studentId, studentId));
  return row ?? null;
}

/**
 * The thread's messages, oldest first, with their author as the reader names them and the incident each is about
 * (its folio, and whether families see it: a family never reads the folio of an incident not shown to them).
 */
export function threadMessages(
  tx: Tx,
  schoolId: string,
  where: { conversationId?: number; messageId?: number },
  language: Language,
) {
  const m = messages;
  return tx
    .select({
      id: m.id,
      conversationId: m.conversationId,
      studentId: m.studentId,
      incidentId: m.incidentId,
      folio: incidents.folio,
      incidentForFamilies: incidents.visibleToFamily,
      authorId: m.authorId,
      authorName: personName(users),
      authorRole: profileNameIn(language),
      authorIsFamily: m.authorIsFamily,
      body: m.body,
      urgent: m.urgent,
      createdAt: m.createdAt,
      correctedAt: m.correctedAt,
    })
    .from(m)
    .innerJoin(users, eq(users.id, m.authorId))
    .leftJoin(memberships, and(eq(memberships.schoolId, m.schoolId), eq(memberships.userId, m.authorId)))
    .leftJoin(profiles, sameSchool(profiles, memberships, eq(profiles.id, memberships.profileId)))
    .leftJoin(incidents, sameSchool(incidents, m, eq(incidents.id, m.incidentId)))
    .where(
      ofSchool(
        m,
        schoolId,
        where.conversationId === undefined ? undefined : eq(m.conversationId, where.conversationId),
        where.messageId === undefined ? undefined : eq(m.id, where.messageId),
      ),
    )
    .orderBy(asc(m.id));
}

export type MessageRow = Awaited<ReturnType<typeof threadMessages>>[number];

/** What the messages said before each correction, oldest first. */
export function revisionsOf(tx: Tx, schoolId: string, messageIds: readonly number[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return forSchool(tx, schoolId)
    .pick(messageRevisions, {
      messageId: messageRevisions.messageId,
      body: messageRevisions.body,
      replacedAt: messageRevisions.replacedAt,
    })
    .where(inArray(messageRevisions.messageId, [...messageIds]))
    .orderBy(asc(messageRevisions.id));
}

/** The files attached to the messages. */
export function attachmentsOf(tx: Tx, schoolId: string, messageIds: readonly number[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  const a = messageAttachments;
  return forSchool(tx, schoolId)
    .pick(a, { id: a.id, messageId: a.messageId, fileName: a.fileName, mimeType: a.mimeType, size: a.size })
    .where(inArray(a.messageId, [...messageIds]), isNotNull(a.messageId))
    .orderBy(asc(a.id));
}

/** Who read each message and when (first read), earliest first. */
export function readsOf(tx: Tx, schoolId: string, messageIds: readonly number[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      messageId: messageReads.messageId,
      userId: messageReads.userId,
      name: personName(users),
      readAt: messageReads.readAt,
    })
    .from(messageReads)
    .innerJoin(users, eq(users.id, messageReads.userId))
    .where(ofSchool(messageReads, schoolId, inArray(messageReads.messageId, [...messageIds])))
    .orderBy(asc(messageReads.readAt), asc(messageReads.userId));
}

/** Members as a reader sees them in a conversation: name, profile in the reader's language, family or staff. */
export async function people(tx: Tx, schoolId: string, userIds: readonly number[], language: Language) {
  if (userIds.length === 0) return [];
  const rows = await tx
    .select({ id: users.id, name: personName(users), role: profileNameIn(language), profile: profiles.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(profiles, sameSchool(profiles, memberships, eq(profiles.id, memberships.profileId)))
    .where(ofSchool(memberships, schoolId, inArray(memberships.userId, [...userIds])));
  return rows.map((r) => ({ id: r.id, name: r.name, role: r.role ?? "", family: r.profile === ROLE_FAMILIAR }));
}

/** The family members linked to the student, as user ids (the conversation's family side). */
export async function familyIds(tx: Tx, schoolId: string, studentId: number) {
  const rows = await forSchool(tx, schoolId)
    .pick(familyLinks, { id: familyLinks.userId })
    .where(eq(familyLinks.studentId, studentId));
  return rows.map((r) => r.id);
}

/** Staff who wrote in the conversation (its team besides the head teacher). */
export async function staffAuthors(tx: Tx, schoolId: string, conversationId: number) {
  const rows = await forSchool(tx, schoolId)
    .pick(messages, { id: messages.authorId })
    .where(eq(messages.conversationId, conversationId), eq(messages.authorIsFamily, false))
    .groupBy(messages.authorId);
  return rows.map((r) => r.id);
}

/** The messages about an incident, with their student's and author's names (no text), oldest first. */
export function aboutIncident(tx: Tx, schoolId: string, incidentId: number) {
  return tx
    .select({
      id: messages.id,
      studentId: messages.studentId,
      authorName: personName(users),
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(ofSchool(messages, schoolId, eq(messages.incidentId, incidentId)))
    .orderBy(asc(messages.id));
}

/** Who wrote these messages (each once). */
export async function authorsOf(tx: Tx, schoolId: string, messageIds: readonly number[]) {
  if (messageIds.length === 0) return [];
  const rows = await forSchool(tx, schoolId)
    .pick(messages, { id: messages.authorId })
    .where(inArray(messages.id, [...messageIds]))
    .groupBy(messages.authorId);
  return rows.map((r) => r.id);
}
