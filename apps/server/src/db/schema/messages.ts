import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { memberships } from "./access.ts";
import { incidents } from "./incidents.ts";
import { createdAt, rowId, schoolIdColumn } from "./schools.ts";
import { students } from "./students.ts";

// Messages between a student's school team and the student's family (issue 27 §1, modules/messages; migration
// 0032). Nothing here is ever deleted: the app role may not DELETE any of these tables, and a correction keeps the
// previous text in message_revisions. Every table is behind row-level security: they name students and families.

type Column = Parameters<typeof foreignKey>[0]["columns"][number];
/** Who wrote or read, as a member of the school (so a row can never name another school's user). */
const byMember = (t: { schoolId: Column }, col: Column) =>
  foreignKey({ columns: [t.schoolId, col], foreignColumns: [memberships.schoolId, memberships.userId] });

/**
 * One conversation per student ("one thread per child"), created with its first message. The last_* columns are
 * kept by every send so the inbox reads one row per conversation, newest activity first, from one index.
 */
export const conversations = pgTable(
  "conversations",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    studentId: integer("student_id").notNull(),
    createdAt: createdAt(),
    /** The newest message; null only inside the transaction that creates the conversation. */
    lastMessageId: integer("last_message_id"),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    lastAuthorId: integer("last_author_id"),
    lastUrgent: boolean("last_urgent").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    unique("conversations_student_key").on(t.schoolId, t.studentId),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }),
    byMember(t, t.lastAuthorId),
    index("conversations_activity_idx").on(t.schoolId, t.lastMessageAt.desc(), t.id.desc()),
  ],
);

export const messages = pgTable(
  "messages",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    conversationId: integer("conversation_id").notNull(),
    studentId: integer("student_id").notNull(),
    /** One of the student's incidents the message is about (its timeline notes it, without the text). */
    incidentId: integer("incident_id"),
    authorId: integer("author_id").notNull(),
    /** Written by a family member of the student (else by staff), as it was when sent. */
    authorIsFamily: boolean("author_is_family").notNull(),
    body: text("body").notNull(),
    /** Staff only: e-mailed at once, even in the school's quiet hours. */
    urgent: boolean("urgent").notNull().default(false),
    createdAt: createdAt(),
    /** The last correction; the text before each one is in message_revisions. */
    correctedAt: timestamp("corrected_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      columns: [t.schoolId, t.conversationId],
      foreignColumns: [conversations.schoolId, conversations.id],
    }),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }),
    foreignKey({ columns: [t.schoolId, t.incidentId], foreignColumns: [incidents.schoolId, incidents.id] }),
    byMember(t, t.authorId),
    check("messages_family_not_urgent", sql`not (${t.urgent} and ${t.authorIsFamily})`),
    index("messages_conversation_idx").on(t.schoolId, t.conversationId, t.id),
    index("messages_incident_idx").on(t.schoolId, t.incidentId).where(sql`${t.incidentId} is not null`),
  ],
);

/** What a message said before each correction, oldest first by id. Append-only. */
export const messageRevisions = pgTable(
  "message_revisions",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    messageId: integer("message_id").notNull(),
    body: text("body").notNull(),
    /** When this text stopped being the message's (the correction's time). */
    replacedAt: timestamp("replaced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.messageId], foreignColumns: [messages.schoolId, messages.id] }),
    index("message_revisions_message_idx").on(t.schoolId, t.messageId, t.id),
  ],
);

/**
 * Files of a message, stored like incident evidence (private folder, checked in a file worker). Uploaded first,
 * unattached (message_id null), by their uploader; a send attaches the sender's own.
 */
export const messageAttachments = pgTable(
  "message_attachments",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    messageId: integer("message_id"),
    fileName: text("file_name").notNull(),
    storedName: text("stored_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: integer("uploaded_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.messageId], foreignColumns: [messages.schoolId, messages.id] }),
    byMember(t, t.uploadedBy),
    index("message_attachments_message_idx").on(t.schoolId, t.messageId),
  ],
);

/** "Leído por …, hora": the first time each reader read each message (never the author). Append-only. */
export const messageReads = pgTable(
  "message_reads",
  {
    schoolId: schoolIdColumn(),
    messageId: integer("message_id").notNull(),
    userId: integer("user_id").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.messageId, t.userId] }),
    foreignKey({ columns: [t.schoolId, t.messageId], foreignColumns: [messages.schoolId, messages.id] }),
    byMember(t, t.userId),
  ],
);

/**
 * How far each reader has read a conversation: every message up to last_read_message_id is read or their own. The
 * inbox's unread flag compares it with the conversation's last message without reading the messages.
 */
export const conversationReads = pgTable(
  "conversation_reads",
  {
    schoolId: schoolIdColumn(),
    conversationId: integer("conversation_id").notNull(),
    userId: integer("user_id").notNull(),
    lastReadMessageId: integer("last_read_message_id").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.conversationId, t.userId] }),
    foreignKey({
      columns: [t.schoolId, t.conversationId],
      foreignColumns: [conversations.schoolId, conversations.id],
    }),
    byMember(t, t.userId),
  ],
);
