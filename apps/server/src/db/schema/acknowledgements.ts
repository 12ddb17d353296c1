import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { memberships } from "./access.ts";
import { incidents, parentMeetings } from "./incidents.ts";
import { rowId, schoolIdColumn } from "./schools.ts";
import { students } from "./students.ts";

/**
 * A family member's acknowledgement of an incident shown to families, or of a parent meeting's minutes (issue 30 §1,
 * migration 0038): who, when, from which session (its id, and the device its browser named then: the session may
 * end, the record stays), the disagreement flag and the comment as written. Once per member and incident (or
 * meeting): two partial unique indexes. Append-only: the app role may only read and insert. Behind row-level
 * security: it names families and what they wrote about their children.
 */
export const incidentAcknowledgements = pgTable(
  "incident_acknowledgements",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    incidentId: integer("incident_id").notNull(),
    /** The meeting whose minutes were acknowledged; null: the incident itself. */
    meetingId: integer("meeting_id"),
    userId: integer("user_id").notNull(),
    disagrees: boolean("disagrees").notNull().default(false),
    comment: text("comment"),
    /** sessions.id at the time; no foreign key: the record outlives the session. */
    sessionId: uuid("session_id").notNull(),
    device: text("device"),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.incidentId], foreignColumns: [incidents.schoolId, incidents.id] }),
    foreignKey({ columns: [t.schoolId, t.meetingId], foreignColumns: [parentMeetings.schoolId, parentMeetings.id] }),
    foreignKey({ columns: [t.schoolId, t.userId], foreignColumns: [memberships.schoolId, memberships.userId] }),
    uniqueIndex("incident_acknowledgements_once").on(t.schoolId, t.incidentId, t.userId).where(sql`meeting_id is null`),
    uniqueIndex("incident_acknowledgements_minutes_once")
      .on(t.schoolId, t.meetingId, t.userId)
      .where(sql`meeting_id is not null`),
    index("incident_acknowledgements_incident_idx").on(t.schoolId, t.incidentId),
  ],
);

/**
 * Reminders to a student's family to acknowledge an incident: one row per family, incident and school day — the
 * key is the limit (a second one the same day conflicts). Append-only like the acknowledgements.
 */
export const incidentAcknowledgementReminders = pgTable(
  "incident_acknowledgement_reminders",
  {
    schoolId: schoolIdColumn(),
    incidentId: integer("incident_id").notNull(),
    studentId: integer("student_id").notNull(),
    /** The school's date (its time zone) the reminder went on. */
    onDay: date("on_day").notNull(),
    sentBy: integer("sent_by").notNull(),
    /** How many family members it reached. */
    reminded: integer("reminded").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.incidentId, t.studentId, t.onDay] }),
    foreignKey({ columns: [t.schoolId, t.incidentId], foreignColumns: [incidents.schoolId, incidents.id] }),
    // The student, not the incident's student row: a correction may still take a reminded student off the incident.
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }),
    foreignKey({ columns: [t.schoolId, t.sentBy], foreignColumns: [memberships.schoolId, memberships.userId] }),
  ],
);
