import type { ScaleDefinition } from "@convive/domain";
import { sql } from "drizzle-orm";
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
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { memberships } from "./access.ts";
import { createdAt, rowId, schoolIdColumn, schools, updatedAt } from "./schools.ts";
import { groups, periods, sections } from "./structure.ts";
import { students } from "./students.ts";

// Issue 13 (migration 0012): the grade configurator's scales and measures, the ratings teachers give per student and
// period, recognition points awarded by hand, the periods' closing and publishing, and the school's alert rules.

type Column = Parameters<typeof foreignKey>[0]["columns"][number];
/** Who did something, as a member of the school (so the row can never name another school's user). */
const byMember = (t: { schoolId: Column }, col: Column) =>
  foreignKey({ columns: [t.schoolId, col], foreignColumns: [memberships.schoolId, memberships.userId] });

/** One row per school: how ratings close and how recognition points are counted. */
export const ratingSettings = pgTable("rating_settings", {
  schoolId: text("school_id")
    .primaryKey()
    .references(() => schools.id, { onDelete: "cascade" }),
  /** Days after a period's end date during which its ratings may still be changed. */
  graceDays: integer("grace_days").notNull().default(7),
  /** none (one running balance), year, period: when the points balance starts again from zero. */
  pointsReset: text("points_reset").notNull().default("year"),
  updatedAt: updatedAt(),
});

/** A rating scale: numeric (min–max with a step and a passing mark) or descriptive levels. */
export const ratingScales = pgTable(
  "rating_scales",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    nameEs: text("name_es").notNull(),
    nameEn: text("name_en"),
    /** numeric or levels; a scale never changes kind (a new scale is made instead). */
    kind: text("kind").notNull(),
    /** The version new ratings are given on (rating_scale_versions.id). */
    currentVersionId: integer("current_version_id"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] })],
);

/**
 * Every definition a scale has had. A rating names the version it was given on, so changing a scale that has
 * ratings adds a version and old ratings keep their meaning (and print with their own labels).
 */
export const ratingScaleVersions = pgTable(
  "rating_scale_versions",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    scaleId: integer("scale_id").notNull(),
    version: integer("version").notNull(),
    definition: jsonb("definition").$type<ScaleDefinition>().notNull(),
    createdAt: createdAt(),
    createdBy: integer("created_by"),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    unique("rating_scale_versions_number_key").on(t.schoolId, t.scaleId, t.version),
    foreignKey({ columns: [t.schoolId, t.scaleId], foreignColumns: [ratingScales.schoolId, ratingScales.id] }),
  ],
);

/** What is rated: the conduct (one per school) and each habit, with the scale it is rated on by default. */
export const ratingMeasures = pgTable(
  "rating_measures",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    /** conduct or habit */
    kind: text("kind").notNull(),
    nameEs: text("name_es").notNull(),
    nameEn: text("name_en"),
    scaleId: integer("scale_id").notNull(),
    order: integer("order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.scaleId], foreignColumns: [ratingScales.schoolId, ratingScales.id] }),
    uniqueIndex("rating_measures_one_conduct").on(t.schoolId).where(sql`${t.kind} = 'conduct' and ${t.isActive}`),
  ],
);

/** A section (nivel) that rates a measure on another scale than the measure's own (Preescolar on levels…). */
export const ratingMeasureSections = pgTable(
  "rating_measure_sections",
  {
    schoolId: schoolIdColumn(),
    measureId: integer("measure_id").notNull(),
    sectionId: integer("section_id").notNull(),
    scaleId: integer("scale_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.measureId, t.sectionId] }),
    foreignKey({ columns: [t.schoolId, t.measureId], foreignColumns: [ratingMeasures.schoolId, ratingMeasures.id] }),
    foreignKey({ columns: [t.schoolId, t.sectionId], foreignColumns: [sections.schoolId, sections.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ columns: [t.schoolId, t.scaleId], foreignColumns: [ratingScales.schoolId, ratingScales.id] }),
  ],
);

/** A period's state for ratings beyond its dates: reopened by a director, published to families. */
export const ratingPeriodStates = pgTable(
  "rating_period_states",
  {
    schoolId: schoolIdColumn(),
    periodId: integer("period_id").notNull(),
    /** A director reopened the closed period for editing until this moment. */
    reopenedUntil: timestamp("reopened_until", { withTimezone: true }),
    reopenedBy: integer("reopened_by"),
    /** Families see the period's ratings (and its scorecards) from this moment on. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedBy: integer("published_by"),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.periodId] }),
    foreignKey({ columns: [t.schoolId, t.periodId], foreignColumns: [periods.schoolId, periods.id] }).onDelete(
      "cascade",
    ),
  ],
);

/**
 * A period published for one group (issue 26 §1; migration 0030): the group's families see it from notify_at (the
 * unpublish window's end), when a job tells them, unless it was unpublished before then.
 */
export const ratingGroupPublications = pgTable(
  "rating_group_publications",
  {
    schoolId: schoolIdColumn(),
    periodId: integer("period_id").notNull(),
    groupId: integer("group_id").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer("published_by"),
    /** The window's end: families see the period and are told from then on. */
    notifyAt: timestamp("notify_at", { withTimezone: true }).notNull(),
    /** The families were told (the job ran). */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /** Unpublished within the window: families never saw it. */
    unpublishedAt: timestamp("unpublished_at", { withTimezone: true }),
    unpublishedBy: integer("unpublished_by"),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.periodId, t.groupId] }),
    foreignKey({ columns: [t.schoolId, t.periodId], foreignColumns: [periods.schoolId, periods.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ columns: [t.schoolId, t.groupId], foreignColumns: [groups.schoolId, groups.id] }).onDelete("cascade"),
  ],
);

/** One value per student, period and measure, on the scale version it was given on. */
export const ratings = pgTable(
  "ratings",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    studentId: integer("student_id").notNull(),
    periodId: integer("period_id").notNull(),
    measureId: integer("measure_id").notNull(),
    /** The student's group when rated (the grid and the completion read by group). */
    groupId: integer("group_id"),
    scaleVersionId: integer("scale_version_id").notNull(),
    /** A number as text ("8.5") on a numeric scale, a level's code on a levels scale. */
    value: text("value").notNull(),
    ratedBy: integer("rated_by").notNull(),
    ratedAt: timestamp("rated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    unique("ratings_student_period_measure_key").on(t.schoolId, t.studentId, t.periodId, t.measureId),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }),
    foreignKey({ columns: [t.schoolId, t.periodId], foreignColumns: [periods.schoolId, periods.id] }),
    foreignKey({ columns: [t.schoolId, t.measureId], foreignColumns: [ratingMeasures.schoolId, ratingMeasures.id] }),
    foreignKey({ columns: [t.schoolId, t.groupId], foreignColumns: [groups.schoolId, groups.id] }),
    foreignKey({
      columns: [t.schoolId, t.scaleVersionId],
      foreignColumns: [ratingScaleVersions.schoolId, ratingScaleVersions.id],
    }),
    byMember(t, t.ratedBy),
    index("ratings_group_period_idx").on(t.schoolId, t.periodId, t.groupId),
  ],
);

/** The teacher's comment on a student's period; staff-only unless marked for the family. */
export const ratingComments = pgTable(
  "rating_comments",
  {
    schoolId: schoolIdColumn(),
    studentId: integer("student_id").notNull(),
    periodId: integer("period_id").notNull(),
    text: text("text").notNull(),
    visibleToFamily: boolean("visible_to_family").notNull().default(false),
    writtenBy: integer("written_by").notNull(),
    writtenAt: timestamp("written_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId, t.periodId] }),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }),
    foreignKey({ columns: [t.schoolId, t.periodId], foreignColumns: [periods.schoolId, periods.id] }),
    byMember(t, t.writtenBy),
  ],
);

/**
 * Recognition points given or spent by hand. Points from observations and incidents are not copied here: the
 * ledger reads them from their own rows (which keep the points they were recorded with), so it can never disagree.
 */
export const pointAwards = pgTable(
  "point_awards",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    studentId: integer("student_id").notNull(),
    /** award (positive) or redemption (negative) */
    kind: text("kind").notNull(),
    /** Signed: what the entry adds to the balance. */
    points: integer("points").notNull(),
    reason: text("reason").notNull(),
    awardedOn: date("awarded_on").notNull(),
    /** Awards given together (several students, a whole group) share one batch. */
    batchId: text("batch_id"),
    groupId: integer("group_id"),
    awardedBy: integer("awarded_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }),
    foreignKey({ columns: [t.schoolId, t.groupId], foreignColumns: [groups.schoolId, groups.id] }),
    byMember(t, t.awardedBy),
    index("point_awards_student_idx").on(t.schoolId, t.studentId, t.awardedOn),
  ],
);

/** The school's thresholds: N incidents of a classification in D days, or conduct below the passing mark. */
export const alertRules = pgTable(
  "alert_rules",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    /** incidents or conduct-below-passing */
    kind: text("kind").notNull(),
    /** For incidents: only this classification (null: any). */
    classification: text("classification"),
    threshold: integer("threshold").notNull().default(3),
    windowDays: integer("window_days").notNull().default(30),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] })],
);

/**
 * A student crossing a rule's threshold. One open crossing per rule and student: the alert is sent when it opens;
 * it clears when the student is back under the threshold, and only a new crossing alerts again.
 */
export const alertCrossings = pgTable(
  "alert_crossings",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    ruleId: integer("rule_id").notNull(),
    studentId: integer("student_id").notNull(),
    crossedAt: timestamp("crossed_at", { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.ruleId], foreignColumns: [alertRules.schoolId, alertRules.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }),
    uniqueIndex("alert_crossings_open_key").on(t.schoolId, t.ruleId, t.studentId).where(sql`${t.clearedAt} is null`),
  ],
);
