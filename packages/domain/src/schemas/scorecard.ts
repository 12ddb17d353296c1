import { z } from "zod";
import { MEASURE_KINDS, SCALE_KINDS, type ScaleDefinition } from "../ratings.ts";
import { QueryId, singleLine } from "./fields.ts";

/**
 * The scorecard (issue 13 §4): one student's periods side by side — each measure's value on the scale version it
 * was given on, the group's average for the trend, points, incidents by classification, formative actions,
 * observations and the teacher's comment — and the picker that chooses the student.
 */

/** Staff's picker: a name or enrollment, a group, or both (a family's picker lists their children and ignores them). */
export const ScorecardStudentsQuery = z.object({
  q: singleLine().trim().max(80).optional(),
  group_id: QueryId.optional(),
});
export type ScorecardStudentsQuery = z.infer<typeof ScorecardStudentsQuery>;

export const ScorecardGroupSchema = z.object({ id: z.number(), label: z.string(), label_en: z.string() });
export type ScorecardGroup = z.infer<typeof ScorecardGroupSchema>;

export const ScorecardStudentItem = z.object({
  id: z.number(),
  name: z.string(),
  first_name: z.string(),
  enrollment: z.string(),
  photo: z.string().nullable(),
  /** The group of the current school year. */
  group: ScorecardGroupSchema.nullable(),
});
export type ScorecardStudentItem = z.infer<typeof ScorecardStudentItem>;

/** Which year to show (default: the current one) — the student's own years only. */
export const ScorecardQuery = z.object({ school_year_id: QueryId.optional() });
export type ScorecardQuery = z.infer<typeof ScorecardQuery>;

/** The whole group's scorecards: one period, or the whole year when none is named. */
export const GroupScorecardQuery = z.object({ period_id: QueryId.optional() });
export type GroupScorecardQuery = z.infer<typeof GroupScorecardQuery>;

/** A value as given: read on the scale version it was given on, never on the scale's current one. */
export const ScorecardCellSchema = z.object({
  measure_id: z.number(),
  value: z.string(),
  label_es: z.string(),
  label_en: z.string(),
  /** The level's colour (levels scales), else null. */
  colour: z.string().nullable(),
  passing: z.boolean(),
  /** The value on the common 0–100 line (trend), null when unknown. */
  score: z.number().nullable(),
  version_id: z.number(),
});
export type ScorecardCell = z.infer<typeof ScorecardCellSchema>;

export const ScorecardPeriodSchema = z.object({
  id: z.number(),
  name_es: z.string(),
  name_en: z.string(),
  order: z.number(),
  starts_on: z.string(),
  ends_on: z.string(),
  /** When families first saw it; null: staff only. */
  published_at: z.string().nullable(),
  ratings: z.array(ScorecardCellSchema),
  /** The average score (0–100) of the student's group per measure, for the trend. */
  group_average: z.array(z.object({ measure_id: z.number(), score: z.number() })),
  points: z.number(),
  incidents: z.object({ minor: z.number(), serious: z.number(), "very-serious": z.number(), total: z.number() }),
  formative_actions: z.object({ completed: z.number(), pending: z.number() }),
  observations: z.number(),
  comment: z.object({ text: z.string(), visible_to_family: z.boolean() }).nullable(),
});
export type ScorecardPeriod = z.infer<typeof ScorecardPeriodSchema>;

export const ScorecardMeasureSchema = z.object({
  id: z.number(),
  kind: z.enum(MEASURE_KINDS),
  name_es: z.string(),
  name_en: z.string(),
});
export type ScorecardMeasure = z.infer<typeof ScorecardMeasureSchema>;

/** A scale version the scorecard's values were given on: the legend explains each of its levels (RosarioSIS-style). */
export const ScorecardScaleSchema = z.object({
  version_id: z.number(),
  name_es: z.string(),
  name_en: z.string(),
  kind: z.enum(SCALE_KINDS),
  definition: z.custom<ScaleDefinition>(),
});
export type ScorecardScale = z.infer<typeof ScorecardScaleSchema>;

export const ScorecardSchema = z.object({
  student: ScorecardStudentItem,
  school_year: z.object({ id: z.number(), name: z.string() }),
  /** The years the student has a group in (newest first), for a year picker. */
  school_years: z.array(z.object({ id: z.number(), name: z.string() })),
  measures: z.array(ScorecardMeasureSchema),
  scales: z.array(ScorecardScaleSchema),
  periods: z.array(ScorecardPeriodSchema),
  /** The caller may print the whole group's scorecards (managesRatings or the group's teachers). */
  can_print_group: z.boolean(),
});
export type Scorecard = z.infer<typeof ScorecardSchema>;
