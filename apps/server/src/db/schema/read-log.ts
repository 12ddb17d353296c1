import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { schoolIdColumn } from "./schools.ts";

/**
 * The read log (lib/read-log.ts, issue 25 §3): one row per read of a student's sensitive record — who, with which
 * profile, when, what, from which session. Written in the read's own request before its answer leaves, so an
 * answered read is always here. Append-only; no foreign key to users, profiles or sessions: the log outlives them
 * (the profile's name is kept as it was). A tenant table behind row-level security: it names students.
 */
export const readLog = pgTable(
  "read_log",
  {
    schoolId: schoolIdColumn(),
    id: bigint("id", { mode: "number" }).generatedAlwaysAsIdentity(),
    studentId: integer("student_id").notNull(),
    /** A kind a module registered (registerSensitiveKind): "incident.details", "student.file"… */
    kind: text("kind").notNull(),
    /** The record's id within its kind (text: later kinds may key their records otherwise). */
    recordId: text("record_id").notNull(),
    userId: integer("user_id").notNull(),
    profileId: integer("profile_id").notNull(),
    profileName: text("profile_name").notNull(),
    sessionId: uuid("session_id").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index("read_log_student_idx").on(t.schoolId, t.studentId, t.readAt.desc(), t.id.desc()),
  ],
);
