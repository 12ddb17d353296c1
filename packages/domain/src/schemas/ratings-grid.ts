import { z } from "zod";
import { MEASURE_KINDS, RATING_LIMITS, type ScaleDefinition } from "../ratings.ts";
import { Id, multiLine, QueryId, singleLine } from "./fields.ts";
import { Day } from "./students.ts";

/**
 * The ratings grid (issue 13 §2): the periods and groups a member rates, one group's grid for a period, the cell
 * and comment writes, filling a column, copying the previous period, reopening and publishing a period, the
 * completion per group and teacher, and a family's view of their children's published ratings.
 */

// ───────────────────────── requests ─────────────────────────

export const GridQuery = z.object({ group_id: QueryId, period_id: QueryId });
export type GridQuery = z.infer<typeof GridQuery>;

/** A typed value: read on the measure's current scale (readValue), 422 INVALID_RATING_VALUE when it is not one. */
const typedValue = singleLine().trim().min(1).max(40);

export const CellBody = z.object({
  student_id: Id,
  period_id: Id,
  measure_id: Id,
  value: typedValue,
});
export type CellBody = z.infer<typeof CellBody>;

export const CellQuery = z.object({ student_id: QueryId, period_id: QueryId, measure_id: QueryId });
export type CellQuery = z.infer<typeof CellQuery>;

export const FillBody = z.object({
  group_id: Id,
  period_id: Id,
  measure_id: Id,
  value: typedValue,
  /** Only the cells still empty (default) or every student's. */
  only_empty: z.boolean().default(true),
});
export type FillBody = z.infer<typeof FillBody>;

export const CopyPreviousBody = z.object({ group_id: Id, period_id: Id });
export type CopyPreviousBody = z.infer<typeof CopyPreviousBody>;

export const CommentBody = z.object({
  student_id: Id,
  period_id: Id,
  /** Empty: the comment is removed. */
  text: multiLine().trim().max(RATING_LIMITS.commentMax),
  /** Staff-only unless marked. */
  visible_to_family: z.boolean().default(false),
});
export type CommentBody = z.infer<typeof CommentBody>;

export const ReopenBody = z.object({
  /** The last day (school calendar) the reopened period may be edited. */
  until: Day,
});
export type ReopenBody = z.infer<typeof ReopenBody>;

export const CompletionQuery = z.object({ period_id: QueryId });
export const FamilyRatingsQuery = z.object({ student_id: QueryId.optional() });

// ───────────────────────── answers ─────────────────────────

const Ref = z.object({ id: z.number(), name: z.string() });

/** A period as the grid reads it: its dates, until when it may be edited, reopened, published. */
export const RatingPeriodSchema = z.object({
  id: z.number(),
  name: z.string(),
  name_en: z.string().nullable(),
  order: z.number(),
  starts_on: z.string(),
  ends_on: z.string(),
  /** End date plus the school's grace days. */
  editable_until: z.string(),
  /** upcoming (not started), open, closed (past the grace, not reopened). */
  state: z.enum(["upcoming", "open", "closed"]),
  reopened_until: z.string().nullable(),
  published_at: z.string().nullable(),
  /** Today falls within its dates. */
  current: z.boolean(),
});
export type RatingPeriod = z.infer<typeof RatingPeriodSchema>;

export const RatingGroupSchema = z.object({
  id: z.number(),
  label: z.string(),
  section_id: z.number(),
  head_teacher: Ref.nullable(),
  /** The member heads or teaches it. */
  mine: z.boolean(),
});
export type RatingGroup = z.infer<typeof RatingGroupSchema>;

export const RatingOptionsSchema = z.object({
  periods: z.array(RatingPeriodSchema),
  groups: z.array(RatingGroupSchema),
  /** The member may write ratings (scorings.create or update). */
  can_rate: z.boolean(),
  /** Reopens and publishes periods, reads the completion (managesRatings). */
  manages: z.boolean(),
  grace_days: z.number(),
});
export type RatingOptions = z.infer<typeof RatingOptionsSchema>;

export const GridMeasureSchema = z.object({
  id: z.number(),
  kind: z.enum(MEASURE_KINDS),
  name_es: z.string(),
  name_en: z.string().nullable(),
  /** The scale the group's section rates it on, at its current version. */
  scale: z.object({ id: z.number(), version_id: z.number(), definition: z.custom<ScaleDefinition>() }),
});
export type GridMeasure = z.infer<typeof GridMeasureSchema>;

export const RatingCellSchema = z.object({
  student_id: z.number(),
  measure_id: z.number(),
  period_id: z.number(),
  /** Canonical: "8.5" or a level's code. */
  value: z.string(),
  /** In the reader's language, on the version it was given on. */
  label: z.string(),
  scale_version_id: z.number(),
  rated_by: Ref,
  rated_at: z.string(),
});
export type RatingCell = z.infer<typeof RatingCellSchema>;

export const RatingCommentSchema = z.object({
  student_id: z.number(),
  period_id: z.number(),
  text: z.string(),
  visible_to_family: z.boolean(),
  written_by: Ref,
  written_at: z.string(),
});
export type RatingComment = z.infer<typeof RatingCommentSchema>;

export const GridSchema = z.object({
  group: z.object({ id: z.number(), label: z.string(), section_id: z.number() }),
  period: RatingPeriodSchema,
  previous_period: z.object({ id: z.number(), name: z.string(), name_en: z.string().nullable() }).nullable(),
  /** The member may change this grid now (period open, may write, group in scope). */
  editable: z.boolean(),
  measures: z.array(GridMeasureSchema),
  /** Definitions of every version a shown value was given on (older ones read with their own labels). */
  versions: z.array(z.object({ id: z.number(), definition: z.custom<ScaleDefinition>() })),
  students: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      enrollment: z.string(),
      ratings: z.array(RatingCellSchema),
      /** The previous period's values (measure → value), for "copy previous". */
      previous: z.array(z.object({ measure_id: z.number(), value: z.string(), scale_version_id: z.number() })),
      comment: RatingCommentSchema.nullable(),
      /** Issue 28 §3: the student has active reasonable adjustments (the marker; the adjustments open in one click). */
      has_adjustments: z.boolean().default(false),
      /** Issue 29 §4: a critical allergy or condition (the health alert opens in one click). */
      has_health_alert: z.boolean().default(false),
    }),
  ),
});
export type Grid = z.infer<typeof GridSchema>;

export const BulkResultSchema = z.object({ saved: z.number(), ratings: z.array(RatingCellSchema) });
export type BulkResult = z.infer<typeof BulkResultSchema>;

export const ClearedSchema = z.object({ student_id: z.number(), period_id: z.number(), measure_id: z.number() });

const Completion = { students: z.number(), rated: z.number(), expected: z.number() };
export const CompletionSchema = z.object({
  period_id: z.number(),
  groups: z.array(z.object({ id: z.number(), label: z.string(), head_teacher: Ref.nullable(), ...Completion })),
  /** Each head teacher over the groups they head, and the cells they rated themselves anywhere. */
  teachers: z.array(
    z.object({ id: z.number(), name: z.string(), groups: z.number(), rated_by_them: z.number(), ...Completion }),
  ),
});
export type Completion = z.infer<typeof CompletionSchema>;

export const FamilyRatingsSchema = z.object({
  children: z.array(
    z.object({
      student: z.object({ id: z.number(), name: z.string(), group: z.string().nullable() }),
      periods: z.array(
        z.object({
          period: z.object({
            id: z.number(),
            name: z.string(),
            name_en: z.string().nullable(),
            published_at: z.string(),
          }),
          ratings: z.array(
            z.object({
              measure_id: z.number(),
              kind: z.enum(MEASURE_KINDS),
              name_es: z.string(),
              name_en: z.string().nullable(),
              value: z.string(),
              label: z.string(),
              colour: z.string().nullable(),
              passing: z.boolean(),
            }),
          ),
          /** Only a comment marked for the family. */
          comment: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type FamilyRatings = z.infer<typeof FamilyRatingsSchema>;
