// Messages between a student's school team and the student's family (issue 27 §1, §3). One conversation per
// student ("one thread per child"): it belongs to the student's school team — whoever's data scope reaches the
// student and holds messages.read — never to one teacher, so a new head teacher inherits it. A message may be about
// one of the student's incidents (then linked from the incident's details and noted on its timeline, without text).
import { z } from "zod";
import { Id, multiLine, QueryId, QueryInt, singleLine } from "./fields.ts";

/** A message's text: one to MESSAGE_MAX_LENGTH characters after trimming. */
export const MESSAGE_MAX_LENGTH = 5000;
/** Its author may correct a message for this long after sending it; the correction is shown as such. */
export const MESSAGE_CORRECTION_MINUTES = 10;
/** Files one message or announcement may carry. */
export const MESSAGE_MAX_ATTACHMENTS = 5;
export const INBOX_PAGE_SIZE = 20;
export const INBOX_MAX_PAGE_SIZE = 100;

/**
 * Who may write the first message of a student's conversation to the family (a school setting, master
 * configuration → general information): `team` — the head teacher of the student's group and the staff whose scope
 * is the whole school (director, coordinator, counsellor); `scope` — every staff member who may see the student and
 * holds messages.create. Anyone of the team answers once it exists; families always write in their children's.
 */
export const MESSAGE_STARTERS = ["team", "scope"] as const;
export type MessageStarters = (typeof MESSAGE_STARTERS)[number];

export const MessageBody = multiLine().trim().min(1).max(MESSAGE_MAX_LENGTH);

/** POST /api/students/:id/messages */
export const SendMessageBody = z.object({
  body: MessageBody,
  /** Staff only (a family's message with urgent: true is refused, 422): e-mailed at once even in quiet hours. */
  urgent: z.boolean().default(false),
  /** One of the student's incidents the reader may see; else 404. */
  incident_id: Id.nullable().optional(),
  /** Files uploaded by the sender with POST /api/message-attachments and not yet attached. */
  attachment_ids: z.array(Id).max(MESSAGE_MAX_ATTACHMENTS).default([]),
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;

/** PATCH /api/messages/:id — its author, within MESSAGE_CORRECTION_MINUTES; else 409 MESSAGE_CORRECTION_CLOSED. */
export const CorrectMessageBody = z.object({ body: MessageBody });
export type CorrectMessageBody = z.infer<typeof CorrectMessageBody>;

/** A file on a message or an announcement; downloaded from `url` by those who may read what carries it. */
export const MessageAttachment = z.object({
  id: z.number(),
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number(),
  url: z.string(),
});
export type MessageAttachment = z.infer<typeof MessageAttachment>;

/** A participant as a reader sees them: staff by name and profile (in the reader's language), family by name. */
export const MessagePerson = z.object({
  id: z.number(),
  name: z.string(),
  /** The profile's name in the reader's language ("Docente", "Teacher", "Familiar"…). */
  role: z.string(),
  family: z.boolean(),
});
export type MessagePerson = z.infer<typeof MessagePerson>;

/** "leído por …, hora": one per reader other than the author, first read. */
export const MessageReceipt = z.object({ user_id: z.number(), name: z.string(), read_at: z.string() });
export type MessageReceipt = z.infer<typeof MessageReceipt>;

export const ThreadMessage = z.object({
  id: z.number(),
  conversation_id: z.number(),
  student_id: z.number(),
  incident_id: z.number().nullable(),
  /** The incident's folio, for the "about incident …" chip. */
  incident_folio: z.string().nullable(),
  author: MessagePerson,
  body: z.string(),
  urgent: z.boolean(),
  created_at: z.string(),
  /** When it was last corrected; null when never. */
  corrected_at: z.string().nullable(),
  /** What it said before each correction, oldest first (staff only; a family reads [] and "corregido"). */
  previous_bodies: z.array(z.object({ body: z.string(), replaced_at: z.string() })),
  /** True for its author while the correction window is open. */
  can_correct: z.boolean(),
  attachments: z.array(MessageAttachment),
  read_by: z.array(MessageReceipt),
});
export type ThreadMessage = z.infer<typeof ThreadMessage>;

/** GET /api/students/:id/conversation — the thread (messages oldest first) and who is in it. */
export const Conversation = z.object({
  /** Null until its first message. */
  id: z.number().nullable(),
  student: z.object({ id: z.number(), name: z.string(), group: z.string().nullable() }),
  /** The school team as the reader sees it: head teacher, and the school-wide staff who wrote in it. */
  team: z.array(MessagePerson),
  family: z.array(MessagePerson),
  messages: z.array(ThreadMessage),
  /** Whether the reader may write here now (a staff member outside the starters while it is empty: false). */
  can_write: z.boolean(),
  /** Staff may mark a message urgent; families may not. */
  can_mark_urgent: z.boolean(),
  /** Set when the reader may not write: MESSAGE_STARTERS_ONLY, MESSAGE_NO_FAMILY… (an error code, translated). */
  cannot_write_reason: z.string().nullable(),
});
export type Conversation = z.infer<typeof Conversation>;

/** GET /api/messages/inbox (staff: the threads of their scope; families: one per child, even empty). */
export const InboxQuery = z.object({
  filter: z.enum(["all", "unread", "urgent"]).default("all"),
  group_id: QueryId.optional(),
  /** Part of the student's name or of a message's text. */
  q: singleLine().trim().max(100).optional(),
  /** The `next_cursor` of the previous page. */
  cursor: singleLine().max(100).optional(),
  limit: QueryInt(1, INBOX_MAX_PAGE_SIZE).default(INBOX_PAGE_SIZE),
});
export type InboxQuery = z.infer<typeof InboxQuery>;

export const InboxItem = z.object({
  /** Null for a family's child without messages yet. */
  conversation_id: z.number().nullable(),
  student: z.object({ id: z.number(), name: z.string(), group: z.string().nullable() }),
  last_message: z
    .object({ body: z.string(), author_name: z.string(), family: z.boolean(), created_at: z.string() })
    .nullable(),
  /** Messages from others the reader has not read. */
  unread: z.number(),
  /** An unread urgent message is in it. */
  urgent: z.boolean(),
});
export type InboxItem = z.infer<typeof InboxItem>;

export const InboxPage = z.object({
  conversations: z.array(InboxItem),
  next_cursor: z.string().nullable(),
});
export type InboxPage = z.infer<typeof InboxPage>;

/** GET /api/messages/unread — the Messages tab's badge; also pushed as `messages:unread` with the same shape. */
export const MessagesUnread = z.object({
  /** Conversations with a message the reader has not read. */
  conversations: z.number(),
  /** Announcements the reader (a family member) has not opened. */
  announcements: z.number(),
  total: z.number(),
});
export type MessagesUnread = z.infer<typeof MessagesUnread>;

/** GET /api/incidents/:id/messages — the messages about an incident the reader may see, without their text. */
export const IncidentMessageRef = z.object({
  id: z.number(),
  student_id: z.number(),
  student_name: z.string(),
  author_name: z.string(),
  created_at: z.string(),
});
export type IncidentMessageRef = z.infer<typeof IncidentMessageRef>;
