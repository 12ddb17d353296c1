import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, rowId, schoolIdColumn } from "./schools.ts";
import { schoolYears } from "./structure.ts";
import { students } from "./students.ts";

// Issue 31 §1: re-enrollment (modules/reenrollment, migration 0042). Behind row-level security: the rows name students.

/** What an apply wrote besides the students' groups, so that undo takes exactly that back. */
export interface ReenrollmentEffects {
  /** Groups of the next year the apply created. */
  createdGroupIds: number[];
  /** Groups whose head teacher the apply copied (group id → the head teacher it set). */
  headTeachers: { groupId: number; userId: number }[];
  /** Teaching assignments the apply copied. */
  assignments: { userId: number; groupId: number; subjectId: number }[];
}

/** One re-enrollment from a year into the next: the plan as asked, its state and what it did. */
export const reenrollments = pgTable(
  "reenrollments",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    fromYearId: integer("from_year_id").notNull(),
    toYearId: integer("to_year_id").notNull(),
    /** queued, applying, applied, failed, undone */
    status: text("status").notNull().default("queued"),
    /** The request as previewed: { groups, exceptions } (ids only). */
    request: jsonb("request").notNull(),
    copyStaff: boolean("copy_staff").notNull().default(false),
    /** A digest of every student's destination at the preview: the apply refuses to run on a plan that moved. */
    fingerprint: text("fingerprint").notNull(),
    /** Students per outcome, as previewed, then as applied. */
    counts: jsonb("counts").$type<Record<string, number>>().notNull(),
    step: integer("step").notNull().default(0),
    steps: integer("steps").notNull().default(1),
    errorCode: text("error_code"),
    effects: jsonb("effects").$type<ReenrollmentEffects>(),
    createdBy: integer("created_by").notNull(),
    createdAt: createdAt(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    undoneBy: integer("undone_by"),
    /** The new year started: the leavers' status was changed and undo is over. */
    finalizedAt: timestamp("finalized_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: "reenrollments_pk", columns: [t.schoolId, t.id] }),
    foreignKey({
      name: "reenrollments_from_year_fk",
      columns: [t.schoolId, t.fromYearId],
      foreignColumns: [schoolYears.schoolId, schoolYears.id],
    }),
    foreignKey({
      name: "reenrollments_to_year_fk",
      columns: [t.schoolId, t.toYearId],
      foreignColumns: [schoolYears.schoolId, schoolYears.id],
    }),
    // One live re-enrollment into a year at a time (a failed or undone one frees it for the next try).
    uniqueIndex("reenrollments_one_live")
      .on(t.schoolId, t.toYearId)
      .where(sql`${t.status} in ('queued', 'applying', 'applied')`),
    index("reenrollments_newest_idx").on(t.schoolId, t.createdAt),
  ],
);

/** Each student's destination as the apply wrote it: undo removes these groups, the new year's start the leavers. */
export const reenrollmentMoves = pgTable(
  "reenrollment_moves",
  {
    schoolId: text("school_id").notNull(),
    reenrollmentId: integer("reenrollment_id").notNull(),
    studentId: integer("student_id").notNull(),
    sourceGroupId: integer("source_group_id").notNull(),
    outcome: text("outcome").notNull(),
    /** The next year's group; null for those who leave. */
    groupId: integer("group_id"),
  },
  (t) => [
    primaryKey({ name: "reenrollment_moves_pk", columns: [t.schoolId, t.reenrollmentId, t.studentId] }),
    foreignKey({
      name: "reenrollment_moves_reenrollment_fk",
      columns: [t.schoolId, t.reenrollmentId],
      foreignColumns: [reenrollments.schoolId, reenrollments.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "reenrollment_moves_student_fk",
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
    }).onDelete("cascade"),
  ],
);
