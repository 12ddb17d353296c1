import type { Conversation, IncidentMessageRef, MessagePerson, MessagesUnread, ThreadMessage } from "@convive/domain";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { incidents } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { inSchool } from "../../lib/tenant-db.ts";
import { incidentsWhere, resolveScope, type Viewer } from "../incidents/index.ts";
import * as accessRepo from "./access.repository.ts";
import { type ConversationAccess, readable, writeBlocker } from "./access.ts";
import type { Delivery } from "./delivery.ts";
import { presentMessages } from "./present.ts";
import * as thread from "./thread.repository.ts";
import * as write from "./write.repository.ts";

/**
 * Reading a student's conversation (issue 27 §1): the thread with who is in it and whether the reader may write;
 * marking it read (per-message receipts, the reader's pointer, new badges pushed); the messages about an incident.
 */
export function createThreadService(deps: {
  db: Db;
  delivery: Pick<Delivery, "push" | "pushUnread">;
  unread: (viewer: Viewer) => Promise<MessagesUnread>;
}) {
  const { db } = deps;

  /** People in the reader's language, in the order of `ids`. */
  async function persons(schoolId: string, ids: readonly number[], viewer: Viewer): Promise<MessagePerson[]> {
    const found = await thread.people(db, schoolId, [...new Set(ids)], viewer.language ?? "es");
    const byId = new Map(found.map((p) => [p.id, p]));
    return [...new Set(ids)].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  /** The thread as `viewer` reads it, given their access; `started` is whether it has a message yet. */
  async function build(viewer: Viewer, access: ConversationAccess): Promise<Conversation> {
    const { schoolId } = viewer.tenant;
    const studentId = access.student.id;
    const conversation = await thread.conversationOf(db, schoolId, studentId);
    const messages = conversation
      ? await inSchool(db, schoolId, async (tx) => {
          const rows = await thread.threadMessages(
            tx,
            schoolId,
            { conversationId: conversation.id },
            viewer.language ?? "es",
          );
          return presentMessages(tx, schoolId, rows, { userId: viewer.userId, family: access.family });
        })
      : [];
    const [blocker, head, familyIds] = await Promise.all([
      writeBlocker(db, viewer, access, conversation !== null),
      accessRepo.headTeacherOf(db, schoolId, access.student.groupId),
      thread.familyIds(db, schoolId, studentId),
    ]);
    const staffAuthors = messages.filter((m) => !m.author.family).map((m) => m.author.id);
    const [team, family] = await Promise.all([
      persons(schoolId, [...(head === null ? [] : [head]), ...staffAuthors], viewer),
      persons(schoolId, familyIds, viewer),
    ]);
    return {
      id: conversation?.id ?? null,
      student: { id: studentId, name: access.student.name, group: access.student.group },
      team,
      family,
      messages,
      can_write: blocker === null,
      can_mark_urgent: blocker === null && !access.family,
      cannot_write_reason: blocker,
    };
  }

  /** GET the conversation: whoever may read it (the student's team, the student's family); 404 otherwise. */
  async function read(viewer: Viewer, studentId: number) {
    const access = await readable(db, viewer, studentId);
    return { conversation: await build(viewer, access), access };
  }

  /** One message as `viewer` reads it (the answer to a send or a correction). */
  async function one(viewer: Viewer, messageId: number, family: boolean): Promise<ThreadMessage> {
    const { schoolId } = viewer.tenant;
    const [message] = await inSchool(db, schoolId, async (tx) => {
      const rows = await thread.threadMessages(tx, schoolId, { messageId }, viewer.language ?? "es");
      return presentMessages(tx, schoolId, rows, { userId: viewer.userId, family });
    });
    if (!message) throw new AppError("NOT_FOUND");
    return message;
  }

  /**
   * The reader has seen the thread: every message by someone else gets their receipt ("leído por …, hora", the
   * first read kept), their pointer moves to the newest message, and their badge and the authors' open threads
   * follow (pushed). Answers the reader's new badge.
   */
  async function markRead(viewer: Viewer, studentId: number): Promise<MessagesUnread> {
    const { schoolId } = viewer.tenant;
    await readable(db, viewer, studentId);
    const conversation = await thread.conversationOf(db, schoolId, studentId);
    if (conversation?.lastMessageId) {
      const upTo = conversation.lastMessageId;
      const fresh = await db.transaction((tx) => write.markRead(tx, schoolId, conversation.id, viewer.userId, upTo));
      if (fresh.length > 0) {
        // The authors' open threads show the new receipts.
        const who = await thread.authorsOf(db, schoolId, fresh);
        deps.delivery.push(schoolId, "messages:changed", who, {
          student_id: studentId,
          conversation_id: conversation.id,
          message_id: null,
        });
      }
    }
    const unread = await deps.unread(viewer);
    // The reader's other screens (another tab, the phone) follow their badge.
    deps.delivery.push(schoolId, "messages:unread", [viewer.userId], unread);
    return unread;
  }

  /**
   * The messages about an incident the reader may see it with: the incident in their scope (404 otherwise), and
   * of its messages those whose student's conversation they may read. No text: the conversation holds it.
   */
  async function aboutIncident(viewer: Viewer, incidentId: number): Promise<IncidentMessageRef[]> {
    const { schoolId } = viewer.tenant;
    const scope = await resolveScope(db, viewer);
    const [seen] = await db
      .select({ id: incidents.id })
      .from(incidents)
      .where(and(eq(incidents.id, incidentId), incidentsWhere(scope)));
    if (!seen) throw new AppError("NOT_FOUND");
    const rows = await thread.aboutIncident(db, schoolId, incidentId);
    const names = new Map<number, string | null>();
    for (const studentId of new Set(rows.map((r) => r.studentId))) {
      const access = await readable(db, viewer, studentId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === "NOT_FOUND") return null;
        throw error;
      });
      names.set(studentId, access?.student.name ?? null);
    }
    return rows.flatMap((r) => {
      const name = names.get(r.studentId);
      if (!name) return [];
      return [
        {
          id: r.id,
          student_id: r.studentId,
          student_name: name,
          author_name: r.authorName,
          created_at: r.createdAt.toISOString(),
        },
      ];
    });
  }

  return { read, build, one, markRead, aboutIncident };
}

export type ThreadService = ReturnType<typeof createThreadService>;
