import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { schoolIdColumn } from "./schools.ts";

// Issue 30 §5: retention (modules/retention, migration 0041). Behind row-level security: the rows name students.

/** A school's period for a category (years after the student left); no row = the domain's default. */
export const retentionSettings = pgTable(
  "retention_settings",
  {
    schoolId: schoolIdColumn(),
    category: text("category").notNull(),
    years: integer("years").notNull(),
    updatedBy: integer("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "retention_settings_pk", columns: [t.schoolId, t.category] })],
);

/** The Director was told on `noticedOn` that this category of this student expires on `dueOn`. */
export const retentionNotices = pgTable(
  "retention_notices",
  {
    schoolId: text("school_id").notNull(),
    studentId: integer("student_id").notNull(),
    category: text("category").notNull(),
    dueOn: date("due_on").notNull(),
    noticedOn: date("noticed_on").notNull(),
  },
  (t) => [primaryKey({ name: "retention_notices_pk", columns: [t.schoolId, t.studentId, t.category, t.dueOn] })],
);

/** The retention log: when, which category, how many rows, which students (by id). */
export const retentionLog = pgTable(
  "retention_log",
  {
    schoolId: schoolIdColumn(),
    id: integer("id").generatedAlwaysAsIdentity(),
    /** The job occurrence (ISO instant) that wrote it: a rerun of the same one writes nothing twice. */
    occurrence: text("occurrence").notNull(),
    category: text("category").notNull(),
    records: integer("records").notNull(),
    studentIds: integer("student_ids").array().notNull(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "retention_log_pk", columns: [t.schoolId, t.id] }),
    uniqueIndex("retention_log_run_key").on(t.schoolId, t.occurrence, t.category),
    index("retention_log_page_idx").on(t.schoolId, t.ranAt.desc(), t.id.desc()),
  ],
);

/** A category of a student that is anonymised (never twice). */
export const retentionDone = pgTable(
  "retention_done",
  {
    schoolId: text("school_id").notNull(),
    studentId: integer("student_id").notNull(),
    category: text("category").notNull(),
    logId: integer("log_id").notNull(),
  },
  (t) => [primaryKey({ name: "retention_done_pk", columns: [t.schoolId, t.studentId, t.category] })],
);
