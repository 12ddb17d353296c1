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
import { createdAt, rowId, schoolIdColumn } from "./schools.ts";
import { students } from "./students.ts";

// External support and inclusion (issue 28; modules external-support and inclusion; migrations 0034, 0035). Minors'
// health, disability and conditioning data: every table is behind row-level security, and the app role deletes
// nothing — a condition ends (active = false), a referral closes, an enrollment condition gets its outcome.

type Column = Parameters<typeof foreignKey>[0]["columns"][number];
const byMember = (t: { schoolId: Column }, col: Column) =>
  foreignKey({ columns: [t.schoolId, col], foreignColumns: [memberships.schoolId, memberships.userId] });
const ofStudent = (t: { schoolId: Column; studentId: Column }) =>
  foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] });

/** The school's trainer types (psychologist, therapist…), es/en; a starter list is inserted per school. */
export const trainerTypes = pgTable(
  "trainer_types",
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

export const referrals = pgTable(
  "referrals",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    studentId: integer("student_id").notNull(),
    trainerTypeId: integer("trainer_type_id").notNull(),
    specialist: text("specialist").notNull(),
    institution: text("institution").notNull().default(""),
    contact: text("contact").notNull().default(""),
    reason: text("reason").notNull(),
    /** requested → in_progress → closed (REFERRAL_STATUSES). */
    status: text("status").notNull().default("requested"),
    outcome: text("outcome"),
    startDate: date("start_date").notNull(),
    nextReviewDate: date("next_review_date"),
    responsibleId: integer("responsible_id"),
    internalNotes: text("internal_notes").notNull().default(""),
    incidentId: integer("incident_id"),
    createdBy: integer("created_by").notNull(),
    createdAt: createdAt(),
    /** The review date whose reminder went out: the daily job reminds once per date. */
    remindedFor: date("reminded_for"),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    ofStudent(t),
    foreignKey({ columns: [t.schoolId, t.trainerTypeId], foreignColumns: [trainerTypes.schoolId, trainerTypes.id] }),
    byMember(t, t.createdBy),
    byMember(t, t.responsibleId),
    index("referrals_student_idx").on(t.schoolId, t.studentId),
    index("referrals_review_idx").on(t.nextReviewDate),
  ],
);

export const referralFollowUps = pgTable(
  "referral_follow_ups",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    referralId: integer("referral_id").notNull(),
    authorId: integer("author_id").notNull(),
    body: text("body").notNull(),
    /** Staff only: a family never reads it. */
    internal: boolean("internal").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.referralId], foreignColumns: [referrals.schoolId, referrals.id] }),
    byMember(t, t.authorId),
    index("referral_follow_ups_idx").on(t.schoolId, t.referralId),
  ],
);

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

export interface StoredBarrier {
  context: "school" | "classroom" | "family";
  description: string;
}
export interface StoredAdjustment {
  kind: "curricular" | "methodological" | "assessment" | "access";
  description: string;
  applied_by: string;
  since: string;
}

/**
 * A student's condition. Barriers and adjustments are kept with it as lists (they are edited with it, read with it,
 * and never queried on their own except the adjustments' count, which jsonb_array_length gives).
 */
export const studentConditions = pgTable(
  "student_conditions",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    studentId: integer("student_id").notNull(),
    conditionTypeId: integer("condition_type_id").notNull(),
    description: text("description").notNull().default(""),
    barriers: jsonb("barriers").$type<StoredBarrier[]>().notNull().default([]),
    adjustments: jsonb("adjustments").$type<StoredAdjustment[]>().notNull().default([]),
    usaerSupport: boolean("usaer_support").notNull().default(false),
    usaerNotes: text("usaer_notes").notNull().default(""),
    reviewDate: date("review_date"),
    active: boolean("active").notNull().default(true),
    internalNotes: text("internal_notes").notNull().default(""),
    createdBy: integer("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
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

export const conditionedEnrollments = pgTable(
  "conditioned_enrollments",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    studentId: integer("student_id").notNull(),
    reasons: jsonb("reasons").$type<string[]>().notNull(),
    details: text("details").notNull().default(""),
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
