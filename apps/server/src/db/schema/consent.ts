import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { rowId, schoolIdColumn } from "./schools.ts";
import { students } from "./students.ts";

/**
 * Express consent of a family for a category of sensitive data of their child (modules/consent, issue 25 §4):
 * one row per grant or withdrawal — who, for which student, when, the privacy notice version in force and the text
 * shown, word for word. Append-only: the state of a category is its newest row (highest id), the rest is history.
 * No foreign key to users: the record outlives the family member's account or link. A tenant table behind
 * row-level security: it names students and their families.
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    studentId: integer("student_id").notNull(),
    /** health, disability, external_support (domain CONSENT_CATEGORIES). */
    category: text("category").notNull(),
    granted: boolean("granted").notNull(),
    /** The family member who gave or withdrew it. */
    userId: integer("user_id").notNull(),
    /** The school's privacy_notice_version when it was given or withdrawn. */
    noticeVersion: integer("notice_version").notNull(),
    /** The language of the text shown, and the text itself. */
    language: text("language").notNull(),
    text: text("text").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete(
      "cascade",
    ),
    index("consent_records_student_idx").on(t.schoolId, t.studentId, t.category, t.id.desc()),
  ],
);
