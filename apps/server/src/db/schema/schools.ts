import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** School-owned rows take their id from one identity per table; the key is always (school_id, id). */
export const rowId = () => integer("id").generatedAlwaysAsIdentity();

/** A school; its id is the slug that doubles as its subdomain (spec §3). */
export const schools = pgTable("schools", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  legalName: text("legal_name"),
  cct: text("cct"),
  address: text("address"),
  phone: text("phone"),
  email: text("email"),
  timeZone: text("time_zone").notNull().default("America/Mexico_City"),
  /** Quiet hours ("HH:MM", school's zone; issue 25 §2): non-urgent e-mail to families waits until the end. */
  quietHoursStart: text("quiet_hours_start"),
  quietHoursEnd: text("quiet_hours_end"),
  /** Who may write the first message of a student's conversation to the family: team | scope (issue 27 §3). */
  messageStarters: text("message_starters").notNull().default("team"),
  /** Issue 30 §5: how many days ahead the Director is told what the retention job will anonymise. */
  retentionNoticeDays: integer("retention_notice_days").notNull().default(30),
  logo: text("logo"),
  institutionalColor1: text("institutional_color_1").notNull().default("#090d18"),
  institutionalColor2: text("institutional_color_2").notNull().default("#ff9800"),
  institutionalColor3: text("institutional_color_3").notNull().default("#73abd6"),
  institutionalColor4: text("institutional_color_4").notNull().default("#e66465"),
  maxFileSizeInMb: integer("max_file_size_in_mb").notNull().default(2),
  privacyNoticeEs: text("privacy_notice_es"),
  privacyNoticeEn: text("privacy_notice_en"),
  privacyNoticeVersion: integer("privacy_notice_version").notNull().default(1),
  isActive: boolean("is_active").notNull().default(true),
  /** When the seven setup stages were first all complete: the end of the school's onboarding (issue 12 §2). */
  setupCompletedAt: timestamp("setup_completed_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The school column of every school-owned table. */
export const schoolIdColumn = () =>
  text("school_id")
    .notNull()
    .references(() => schools.id, { onDelete: "cascade" });
