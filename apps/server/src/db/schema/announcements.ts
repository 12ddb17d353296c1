import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { memberships } from "./access.ts";
import { createdAt, rowId, schoolIdColumn } from "./schools.ts";
import { groups } from "./structure.ts";

// Announcements to the families of a group, a grade, a section or the whole school (issue 27 §2,
// modules/announcements; migration 0033). The recipients are written when it is sent, one row per family member and
// target group, so the sender's figures per group stay true when families or groups change later. Nothing is deleted.

type Column = Parameters<typeof foreignKey>[0]["columns"][number];
const byMember = (t: { schoolId: Column }, col: Column) =>
  foreignKey({ columns: [t.schoolId, col], foreignColumns: [memberships.schoolId, memberships.userId] });

export const announcements = pgTable(
  "announcements",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    authorId: integer("author_id").notNull(),
    /** group, grade, section or school (domain ANNOUNCEMENT_AUDIENCES). */
    audienceKind: text("audience_kind").notNull(),
    /** The group's, grade's or section's id; null for the whole school. */
    audienceId: integer("audience_id"),
    title: text("title").notNull(),
    body: text("body").notNull(),
    needsConfirmation: boolean("needs_confirmation").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    byMember(t, t.authorId),
    index("announcements_school_idx").on(t.schoolId, t.id.desc()),
  ],
);

/** One per family member and target group (a parent of two children in two target groups has two). */
export const announcementRecipients = pgTable(
  "announcement_recipients",
  {
    schoolId: schoolIdColumn(),
    announcementId: integer("announcement_id").notNull(),
    userId: integer("user_id").notNull(),
    groupId: integer("group_id").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    /** When its e-mail was written to the outbox (the mail job's mark: a rerun never writes it twice). */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.announcementId, t.userId, t.groupId] }),
    foreignKey({
      columns: [t.schoolId, t.announcementId],
      foreignColumns: [announcements.schoolId, announcements.id],
    }),
    foreignKey({ columns: [t.schoolId, t.groupId], foreignColumns: [groups.schoolId, groups.id] }),
    byMember(t, t.userId),
    index("announcement_recipients_user_idx").on(t.schoolId, t.userId, t.announcementId),
  ],
);

/** Files of an announcement: uploaded first, unattached, by their uploader; a send attaches the sender's own. */
export const announcementAttachments = pgTable(
  "announcement_attachments",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    announcementId: integer("announcement_id"),
    fileName: text("file_name").notNull(),
    storedName: text("stored_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: integer("uploaded_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      columns: [t.schoolId, t.announcementId],
      foreignColumns: [announcements.schoolId, announcements.id],
    }),
    byMember(t, t.uploadedBy),
    index("announcement_attachments_idx").on(t.schoolId, t.announcementId),
  ],
);
