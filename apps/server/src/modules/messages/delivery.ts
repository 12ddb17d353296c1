import { formatDateTime, type Language, type MessagesUnread } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { Background } from "../../lib/background.ts";
import type { EventBus } from "../../lib/events.ts";
import { familyReadersOf } from "../../lib/family-reader.ts";
import { schoolLink } from "../../lib/links.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { renderNotification } from "../notifications/index.ts";
import * as access from "./access.repository.ts";
import * as repo from "./delivery.repository.ts";
import * as thread from "./thread.repository.ts";

/** What a send knows about the message it wrote, enough to tell everyone concerned. */
export interface SentMessage {
  schoolId: string;
  studentId: number;
  studentName: string;
  conversationId: number;
  messageId: number;
  incidentId: number | null;
  authorId: number;
  authorName: string;
  authorIsFamily: boolean;
  urgent: boolean;
  body: string;
  createdAt: Date;
  attachments: number;
}

/** Who hears of a message, decided before its transaction (with who of them has a screen open). */
export interface Audience {
  /** Family members to notify (a staff message: every one linked to the student). */
  family: number[];
  /** Staff to notify (a family message: the head teacher and the staff who wrote in the thread). */
  staff: number[];
  /** Everyone whose open thread or badge changes: the above, the whole family and the author. */
  participants: number[];
  /** Of the notified, those with a socket open in the school now: they get the push, not an e-mail. */
  online: Set<number>;
}

/** Where a message's notification and e-mail lead: the Messages tab of /notifications, the student's thread open. */
export const threadLink = (studentId: number) => `/notifications?tab=messages&thread=${studentId}`;

const EMAIL_WORDS = {
  es: {
    wrote: (author: string, student: string, date: string) => `${author} escribió sobre ${student} el ${date}:`,
    files: (n: number) =>
      `Este mensaje trae ${n === 1 ? "un archivo adjunto" : `${n} archivos adjuntos`}; ábrelos en Convive.`,
    answer: "Lee la conversación y responde en Convive:",
  },
  en: {
    wrote: (author: string, student: string, date: string) => `${author} wrote about ${student} on ${date}:`,
    files: (n: number) =>
      `This message has ${n === 1 ? "an attached file" : `${n} attached files`}; open them in Convive.`,
    answer: "Read the conversation and answer in Convive:",
  },
} as const;

/**
 * A message's delivery (issue 27 §1): in-app notifications and e-mails written in the send's own transaction — the
 * message, its notices and its e-mails exist together or not at all — and, after the commit, the pushes to every
 * participant's screens. E-mail goes only to recipients with no screen open in the school (Socket.IO presence,
 * plugins/realtime.ts), through the outbox, which holds a non-urgent family e-mail during the school's quiet hours.
 */
export function createDelivery(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  notifications: NotificationsService;
  events: EventBus;
  background: Background;
  presence: (schoolId: string, userIds: readonly number[]) => Promise<Set<number>>;
  unreadOf: (schoolId: string, userIds: readonly number[]) => Promise<Map<number, MessagesUnread>>;
}) {
  const { db } = deps;

  /**
   * A staff message goes to the student's family members; a family's to the head teacher of the student's group
   * and the staff who wrote in the thread (holding messages.read) — or, when there is nobody of those, to the
   * notify-profile holders, so a family's message never lands unheard.
   */
  async function audience(
    schoolId: string,
    message: {
      studentId: number;
      groupId: number | null;
      conversationId: number | null;
      authorId: number;
      authorIsFamily: boolean;
    },
  ): Promise<Audience> {
    const familyAll = await access.familyOf(db, schoolId, message.studentId);
    let family: number[] = [];
    let staff: number[] = [];
    if (!message.authorIsFamily) family = familyAll.filter((id) => id !== message.authorId);
    else {
      const [head, authors] = await Promise.all([
        access.headTeacherOf(db, schoolId, message.groupId),
        message.conversationId === null ? [] : thread.staffAuthors(db, schoolId, message.conversationId),
      ]);
      const candidates = [...new Set([...(head === null ? [] : [head]), ...authors])];
      const readers = await access.memberAccess(db, schoolId, candidates);
      staff = readers.filter((m) => m.grants.has("messages.read")).map((m) => m.userId);
      if (staff.length === 0) staff = await access.notifyProfileHolders(db, schoolId);
      staff = staff.filter((id) => id !== message.authorId);
    }
    const participants = [...new Set([...familyAll, ...staff, message.authorId])];
    const online = await deps.presence(schoolId, [...family, ...staff]);
    return { family, staff, participants, online };
  }

  /** One e-mail per notified recipient not online, in their language; a family's passes the family reader. */
  async function mail(tx: Tx, message: SentMessage, to: { userIds: number[]; type: string; family: boolean }[]) {
    const ids = to.flatMap((t) => t.userIds);
    if (ids.length === 0) return;
    const { schoolId } = message;
    // One after another: a transaction runs one statement at a time.
    const boxes = await repo.mailboxes(tx, ids);
    const timeZone = await repo.timeZoneOf(tx, schoolId);
    const readerOf = await familyReadersOf(
      tx,
      schoolId,
      to.filter((t) => t.family).flatMap((t) => t.userIds),
    );
    const incidentStudents = await repo.incidentStudentIds(tx, schoolId, message.incidentId);
    const box = new Map(boxes.map((b) => [b.id, b]));
    const link = schoolLink(deps.config, schoolId, threadLink(message.studentId));
    for (const batch of to) {
      for (const userId of batch.userIds) {
        const mailbox = box.get(userId);
        if (!mailbox) continue;
        const language: Language = mailbox.language === "en" ? "en" : "es";
        const family = batch.family ? readerOf(userId, language) : null;
        const say = (value: string) => (family ? family.text(value, incidentStudents) : value);
        const words = EMAIL_WORDS[language];
        const { title } = renderNotification(batch.type, paramsOf(message), language, timeZone);
        const date = formatDateTime(message.createdAt.toISOString(), { lang: language, timeZone });
        const text = [
          say(words.wrote(message.authorName, message.studentName, date)),
          "",
          say(message.body),
          "",
          ...(message.attachments > 0 ? [words.files(message.attachments), ""] : []),
          words.answer,
          link,
          "",
          "Convive",
        ].join("\n");
        // One after another: a transaction runs one statement at a time.
        await deps.mailer.send(
          { to: mailbox.email, subject: say(title), text, schoolId, toFamily: batch.family, urgent: message.urgent },
          tx,
        );
      }
    }
  }

  /**
   * Notifies and e-mails inside the send's transaction; the returned `after` (call it once committed) announces the
   * bell counts and pushes `messages:new` to every participant, then their new `messages:unread` badges.
   */
  async function deliver(tx: Tx, message: SentMessage, who: Audience) {
    const { schoolId } = message;
    const params = paramsOf(message);
    const link = threadLink(message.studentId);
    const batches = [
      { userIds: who.family, type: "message.received", family: true },
      { userIds: who.staff, type: "message.received.staff", family: false },
    ];
    const publishers: (() => void)[] = [];
    const toMail: { userIds: number[]; type: string; family: boolean }[] = [];
    for (const batch of batches) {
      if (batch.userIds.length === 0) continue;
      const done = await deps.notifications.notify(tx, {
        schoolId,
        userIds: batch.userIds,
        type: batch.type,
        params,
        link,
      });
      publishers.push(done.publish);
      const delivered = done.delivered.map((d) => d.userId).filter((id) => !who.online.has(id));
      toMail.push({ ...batch, userIds: delivered });
    }
    await mail(tx, message, toMail);
    return {
      after: () => {
        for (const publish of publishers) publish();
        const payload = {
          student_id: message.studentId,
          conversation_id: message.conversationId,
          message_id: message.messageId,
        };
        push(schoolId, "messages:new", who.participants, payload);
        pushUnread(schoolId, who.participants);
      },
    };
  }

  /** The same payload to each member's screens in the school. */
  function push(schoolId: string, event: string, userIds: readonly number[], payload: unknown) {
    if (userIds.length === 0) return;
    deps.events.emit("user.push", { schoolId, event, deliveries: userIds.map((userId) => ({ userId, payload })) });
  }

  /** Each member's new Messages badge, counted after the answer has gone (it is theirs, not the caller's, to wait for). */
  function pushUnread(schoolId: string, userIds: readonly number[]) {
    deps.background.later("messages:unread push", async () => {
      const counts = await deps.unreadOf(schoolId, userIds);
      const deliveries = [...counts].map(([userId, payload]) => ({ userId, payload }));
      if (deliveries.length > 0) deps.events.emit("user.push", { schoolId, event: "messages:unread", deliveries });
    });
  }

  return { audience, deliver, push, pushUnread };
}

/** The notification's parameters: the student (the family's own child), the author and "Urgente: " when urgent. */
function paramsOf(message: SentMessage): Record<string, string> {
  return {
    student: message.studentName,
    author: message.authorName,
    ...(message.urgent ? { urgent_es: "Urgente: ", urgent_en: "Urgent: " } : {}),
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
