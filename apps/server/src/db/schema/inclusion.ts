import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { memberships } from "./access.ts";
import { createdAt, rowId, schoolIdColumn, updatedAt } from "./schools.ts";
import { students } from "./students.ts";

// Inclusion and special monitoring (issue 28 §2, §3; module inclusion; migration 0035). Minors' disability and
// conditioning data: every table is behind row-level security and the app role deletes nothing — a condition ends
// (active = false), a barrier or adjustment taken off the list is switched off, an enrollment gets its outcome.

type Column = Parameters<typeof foreignKey>[0]["columns"][number];
const byMember = (t: { schoolId: Column }, col: Column) =>
  foreignKey({ columns: [t.schoolId, col], foreignColumns: [memberships.schoolId, memberships.userId] });
const ofStudent = (t: { schoolId: Column; studentId: Column }) =>
  foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] });

/** The school's condition types: physical, visual, intellectual (spec §3) are inserted per school; it adds others. */
export const conditionTypes = pgTable(
  "condition_types",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    name: text("name").notNull(),
    nameEn: text("name_en").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] })],
);

/** A student's condition: its type, the confidential description (diagnosis), USAER support, review date. */
export const studentConditions = pgTable(
  "student_conditions",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    studentId: integer("student_id").notNull(),
    conditionTypeId: integer("condition_type_id").notNull(),
    description: text("description").notNull().default(""),
    usaerSupport: boolean("usaer_support").notNull().default(false),
    usaerNotes: text("usaer_notes").notNull().default(""),
    reviewDate: date("review_date"),
    active: boolean("active").notNull().default(true),
    internalNotes: text("internal_notes").notNull().default(""),
    createdBy: integer("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    ofStudent(t),
    foreignKey({
      columns: [t.schoolId, t.conditionTypeId],
      foreignColumns: [conditionTypes.schoolId, conditionTypes.id],
    }),
    byMember(t, t.createdBy),
    index("student_conditions_student_idx").on(t.schoolId, t.studentId),
  ],
);

const ofCondition = (t: { schoolId: Column; conditionId: Column }) =>
  foreignKey({
    columns: [t.schoolId, t.conditionId],
    foreignColumns: [studentConditions.schoolId, studentConditions.id],
  });

/** Barriers for learning and participation (USAER: school, classroom, family); off the list → active = false. */
export const conditionBarriers = pgTable(
  "condition_barriers",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    conditionId: integer("condition_id").notNull(),
    /** school, classroom, family (BARRIER_CONTEXTS). */
    context: text("context").notNull(),
    description: text("description").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    ofCondition(t),
    index("condition_barriers_condition_idx").on(t.schoolId, t.conditionId),
  ],
);

/**
 * Reasonable adjustments (curricular, methodological, assessment, access), who applies each and since when: the one
 * part of a condition the student's teachers read. Taken off the list → active = false, with the day it ended.
 */
export const conditionAdjustments = pgTable(
  "condition_adjustments",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    conditionId: integer("condition_id").notNull(),
    /** curricular, methodological, assessment, access (ADJUSTMENT_KINDS). */
    kind: text("kind").notNull(),
    description: text("description").notNull(),
    appliedBy: text("applied_by").notNull(),
    since: date("since").notNull(),
    active: boolean("active").notNull().default(true),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    ofCondition(t),
    index("condition_adjustments_condition_idx").on(t.schoolId, t.conditionId),
  ],
);

/** A conditioned enrollment (reasons academic, disciplinary, economic) with its commitments and, once, an outcome. */
export const conditionedEnrollments = pgTable(
  "conditioned_enrollments",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    studentId: integer("student_id").notNull(),
    /** CONDITIONING_REASONS, one or more. */
    reasons: jsonb("reasons").$type<string[]>().notNull(),
    details: text("details").notNull().default(""),
    /** Printed in the carta compromiso, in order. */
    commitments: jsonb("commitments").$type<string[]>().notNull(),
    reviewDate: date("review_date"),
    /** lifted, continued, not_reenrolled (CONDITIONED_OUTCOMES); set once, with closed_at. */
    outcome: text("outcome"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdBy: integer("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    ofStudent(t),
    byMember(t, t.createdBy),
    index("conditioned_enrollments_student_idx").on(t.schoolId, t.studentId),
  ],
);

/** Who acknowledged a carta compromiso: a family member in the app, or the student (recorded by staff). */
export const letterAcknowledgements = pgTable(
  "letter_acknowledgements",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    enrollmentId: integer("enrollment_id").notNull(),
    /** The family member, or the staff member who recorded the student's signature. */
    userId: integer("user_id").notNull(),
    /** family, student. */
    role: text("role").notNull(),
    comment: text("comment").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      columns: [t.schoolId, t.enrollmentId],
      foreignColumns: [conditionedEnrollments.schoolId, conditionedEnrollments.id],
    }),
    byMember(t, t.userId),
  ],
);
