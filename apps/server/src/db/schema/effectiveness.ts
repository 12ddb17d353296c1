import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { schoolIdColumn } from "./schools.ts";

// Issue 14 §3 (migration 0020): the effectiveness of formative actions. Written only by the database's triggers on
// incidents, incident_students, formative_actions and formative_action_completions (same transaction as the write);
// the app reads them (modules/strategic-vision/effectiveness.repository.ts).

/** One row per (incident, involved student) of a non-cancelled incident, with the incident's filter columns. */
export const effectivenessCases = pgTable(
  "effectiveness_cases",
  {
    schoolId: schoolIdColumn(),
    incidentId: integer("incident_id").notNull(),
    studentId: integer("student_id").notNull(),
    classification: text("classification").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** The incident's day on the school's clock. */
    day: date("day").notNull(),
    groupIds: integer("group_ids").array().notNull(),
    recordedBy: integer("recorded_by").notNull(),
    /** The student is involved in another non-cancelled incident within 30 days after this one. */
    recurred: boolean("recurred").notNull(),
  },
  (t) => [
    primaryKey({ name: "effectiveness_cases_pk", columns: [t.schoolId, t.incidentId, t.studentId] }),
    index("effectiveness_cases_student_idx").on(t.schoolId, t.studentId, t.occurredAt),
    index("effectiveness_cases_day_idx").on(t.schoolId, t.day),
    index("effectiveness_cases_recorder_idx").on(t.schoolId, t.recordedBy, t.day),
    index("effectiveness_cases_groups_idx").using("gin", t.groupIds),
  ],
);

/** Per case and guideline (btrim'd) with an action: the case's columns, completion and recurrence after it. */
export const effectivenessActions = pgTable(
  "effectiveness_actions",
  {
    schoolId: schoolIdColumn(),
    incidentId: integer("incident_id").notNull(),
    studentId: integer("student_id").notNull(),
    guideline: text("guideline").notNull(),
    classification: text("classification").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    day: date("day").notNull(),
    groupIds: integer("group_ids").array().notNull(),
    recordedBy: integer("recorded_by").notNull(),
    recurred: boolean("recurred").notNull(),
    /** Every action with the guideline for the pair: not waived, nothing due. */
    completed: boolean("completed").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The last completion's day on the school's clock; 'infinity' unless completed with a completion. */
    doneDay: date("done_day").notNull(),
    /** Another non-cancelled incident of the student as involved within 30 days after the completion. */
    recurredAfter: boolean("recurred_after").notNull(),
  },
  (t) => [
    primaryKey({ name: "effectiveness_actions_pk", columns: [t.schoolId, t.incidentId, t.studentId, t.guideline] }),
    index("effectiveness_actions_student_idx").on(t.schoolId, t.studentId),
    index("effectiveness_actions_day_idx").on(t.schoolId, t.day),
    index("effectiveness_actions_done_idx").on(t.schoolId, t.doneDay),
    index("effectiveness_actions_recorder_idx").on(t.schoolId, t.recordedBy, t.day),
    index("effectiveness_actions_groups_idx").using("gin", t.groupIds),
  ],
);

/** Cases (n) and how many recurred (r) per unit (level school|section|grade|group, unit 0 for the school) and day. */
export const effectivenessDayPairs = pgTable(
  "effectiveness_day_pairs",
  {
    schoolId: schoolIdColumn(),
    level: text("level").notNull(),
    unitId: integer("unit_id").notNull(),
    day: date("day").notNull(),
    classification: text("classification").notNull(),
    n: integer("n").notNull().default(0),
    r: integer("r").notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: "effectiveness_day_pairs_pk",
      columns: [t.schoolId, t.level, t.unitId, t.day, t.classification],
    }),
  ],
);

/** Cases with an action of the guideline (n, r after the incident) by completion day (rc: recurred after it). */
export const effectivenessDayActions = pgTable(
  "effectiveness_day_actions",
  {
    schoolId: schoolIdColumn(),
    level: text("level").notNull(),
    unitId: integer("unit_id").notNull(),
    day: date("day").notNull(),
    guideline: text("guideline").notNull(),
    classification: text("classification").notNull(),
    doneDay: date("done_day").notNull(),
    n: integer("n").notNull().default(0),
    r: integer("r").notNull().default(0),
    rc: integer("rc").notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: "effectiveness_day_actions_pk",
      columns: [t.schoolId, t.level, t.unitId, t.day, t.guideline, t.classification, t.doneDay],
    }),
  ],
);
