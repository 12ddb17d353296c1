import { sql } from "drizzle-orm";
import { boolean, customType, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, schools } from "./schools.ts";

/** bytea as a Buffer on both drivers (pg gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The e-mail outbox (issue 25 §2, migration 0029): one row per e-mail, written in the transaction of what caused
 * it and sent by the job runner. status: pending → sent, or failed (the unsent list) until someone retries it.
 * school_id null: platform mail, listed for root. `attachment_ids` (migration 0044): its files, in order.
 */
export const emailOutbox = pgTable("email_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  schoolId: text("school_id").references(() => schools.id, { onDelete: "cascade" }),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  bodyText: text("body_text").notNull(),
  bodyHtml: text("body_html"),
  urgent: boolean("urgent").notNull().default(false),
  status: text("status", { enum: ["pending", "sent", "failed"] })
    .notNull()
    .default("pending"),
  /** Held until then (a school's quiet hours); null: at once. */
  sendAfter: timestamp("send_after", { withTimezone: true }),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  createdAt: createdAt(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  failedAt: timestamp("failed_at", { withTimezone: true }),
  attachmentIds: uuid("attachment_ids").array().notNull().default(sql`'{}'::uuid[]`),
});

/**
 * An e-mail's file (issue 31 §3, migration 0044), kept once however many e-mails carry it (a report to twenty
 * coordinators in one language is one file): the outbox rows name it in `attachment_ids`. Like the outbox, not
 * sharded by school (docs/scaling.md): the runner reads it by id beside its e-mail.
 */
export const emailAttachments = pgTable("email_attachments", {
  id: uuid("id").primaryKey().defaultRandom(),
  schoolId: text("school_id").references(() => schools.id, { onDelete: "cascade" }),
  filename: text("filename").notNull(),
  contentType: text("content_type").notNull(),
  /** Content-ID of a picture the HTML body shows inline (the school's logo), or null for a file to open. */
  inlineCid: text("inline_cid"),
  content: bytea("content").notNull(),
  createdAt: createdAt(),
});
