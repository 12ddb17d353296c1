import { date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { schoolIdColumn } from "./schools.ts";

// Issue 14 (migration 0018): the incident graph's rollups. Written only by the database's triggers on incidents and
// incident_students (same transaction as the write); the app reads them (modules/incident-graph).

/** Non-cancelled incidents per school day (school clock), classification, category and set of groups concerned. */
export const incidentDayCounts = pgTable(
  "incident_day_counts",
  {
    schoolId: schoolIdColumn(),
    day: date("day").notNull(),
    classification: text("classification").notNull(),
    categoryId: integer("category_id").notNull(),
    /** incidents.group_ids of the counted incidents. */
    groupIds: integer("group_ids").array().notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: "incident_day_counts_pk",
      columns: [t.schoolId, t.day, t.classification, t.categoryId, t.groupIds],
    }),
  ],
);

/** The same counts without the groups: the school's series reads a few thousand rows a year. */
export const incidentDayTotals = pgTable(
  "incident_day_totals",
  {
    schoolId: schoolIdColumn(),
    day: date("day").notNull(),
    classification: text("classification").notNull(),
    categoryId: integer("category_id").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ name: "incident_day_totals_pk", columns: [t.schoolId, t.day, t.classification, t.categoryId] })],
);

/** Per group an incident concerns (an incident of two groups counts in each): one group's series, or by group. */
export const incidentDayGroups = pgTable(
  "incident_day_groups",
  {
    schoolId: schoolIdColumn(),
    groupId: integer("group_id").notNull(),
    day: date("day").notNull(),
    classification: text("classification").notNull(),
    categoryId: integer("category_id").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: "incident_day_groups_pk",
      columns: [t.schoolId, t.groupId, t.day, t.classification, t.categoryId],
    }),
    index("incident_day_groups_day_idx").on(t.schoolId, t.day),
  ],
);

/** One row per non-cancelled incident and pair of its students (student_a < student_b). */
export const incidentPairs = pgTable(
  "incident_pairs",
  {
    schoolId: schoolIdColumn(),
    incidentId: integer("incident_id").notNull(),
    studentA: integer("student_a").notNull(),
    studentB: integer("student_b").notNull(),
    /** involved-affected, involved-involved, other */
    kind: text("kind").notNull(),
    groupA: integer("group_a"),
    groupB: integer("group_b"),
    classification: text("classification").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: "incident_pairs_pk", columns: [t.schoolId, t.incidentId, t.studentA, t.studentB] }),
    index("incident_pairs_time_idx").on(t.schoolId, t.occurredAt),
  ],
);

// Issue 24 (migration 0024): the school-wide map's rollups of incident_pairs, kept by triggers on incident_pairs.
// Every count is held per school day (grain 'day') and per month of those days (grain 'month', day = its first day).

/** incident_pairs rows per grain and day, pair and classification; ia, ii: those of involved–affected, both involved. */
export const incidentPairDays = pgTable(
  "incident_pair_days",
  {
    schoolId: schoolIdColumn(),
    grain: text("grain").notNull(),
    day: date("day").notNull(),
    studentA: integer("student_a").notNull(),
    studentB: integer("student_b").notNull(),
    classification: text("classification").notNull(),
    n: integer("n").notNull().default(0),
    ia: integer("ia").notNull().default(0),
    ii: integer("ii").notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: "incident_pair_days_pk",
      columns: [t.schoolId, t.grain, t.day, t.studentA, t.studentB, t.classification],
    }),
  ],
);

/** Per grain and day, student and classification: the incidents the student shares with someone (each once). */
export const incidentStudentDays = pgTable(
  "incident_student_days",
  {
    schoolId: schoolIdColumn(),
    grain: text("grain").notNull(),
    day: date("day").notNull(),
    studentId: integer("student_id").notNull(),
    classification: text("classification").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: "incident_student_days_pk",
      columns: [t.schoolId, t.grain, t.day, t.studentId, t.classification],
    }),
  ],
);
