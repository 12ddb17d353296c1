import { boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, schools } from "./schools.ts";

/**
 * The e-mail outbox (issue 25 §2, migration 0029): one row per e-mail, written in the transaction of what caused
 * it and sent by the job runner. status: pending → sent, or failed (the unsent list) until someone retries it.
 * school_id null: platform mail, listed for root.
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
});
