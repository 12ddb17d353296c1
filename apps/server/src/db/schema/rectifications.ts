import { date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { schoolIdColumn } from "./schools.ts";

/**
 * A family's request to correct their own or their child's data (issue 30 §3, LFPDPPP rectification): what is
 * wrong, what it should say, the day the school's answer is due, and the answer. Kept after it is answered.
 */
export const rectificationRequests = pgTable(
  "rectification_requests",
  {
    schoolId: schoolIdColumn(),
    id: integer("id").generatedAlwaysAsIdentity(),
    studentId: integer("student_id").notNull(),
    subject: text("subject", { enum: ["own", "child"] }).notNull(),
    currentText: text("current_text").notNull(),
    requestedText: text("requested_text").notNull(),
    requestedBy: integer("requested_by").notNull(),
    dueOn: date("due_on").notNull(),
    status: text("status", { enum: ["open", "corrected", "declined"] })
      .notNull()
      .default("open"),
    answer: text("answer"),
    answeredBy: integer("answered_by"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** When the answerers were told the request is past its due day and still open (once: the sweep's claim). */
    overdueNotifiedAt: timestamp("overdue_notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index("rectification_requests_student_idx").on(t.schoolId, t.studentId, t.createdAt.desc()),
  ],
);
