import { z } from "zod";
import { Id, QueryIdList } from "./fields.ts";
import { FamilyRatingsSchema, RatingPeriodSchema } from "./ratings-grid.ts";

/**
 * Publishing grades per group (issue 26 §1): the preview of the groups a director is about to publish (students,
 * grades still missing, what a family will see for one student), the publish itself — refused while grades are
 * missing unless confirmed — and the unpublish window before the families are told.
 */

/** "3,5,8": the groups to preview (none: every group of the period's year). */
export const PublicationPreviewQuery = z.object({
  group_ids: QueryIdList(200).optional(),
});

export const PublishBody = z.object({
  group_ids: z.array(Id).min(1).max(200),
  /** Publish even though some grades are missing (families will see "— Sin calificar"). */
  confirmEmpty: z.boolean().default(false),
});
export type PublishBody = z.infer<typeof PublishBody>;

export const UnpublishBody = z.object({ group_ids: z.array(Id).min(1).max(200) });
export type UnpublishBody = z.infer<typeof UnpublishBody>;

const FamilyRatingSchema = FamilyRatingsSchema.shape.children.element.shape.periods.element.shape.ratings.element;

/** A group's publication of the period: pending until notify_at (may be unpublished until then), then visible. */
export const GroupPublicationSchema = z.object({
  published_at: z.string(),
  /** Families see the grades and are told from then on. */
  notify_at: z.string(),
  notified: z.boolean(),
  /** Still within the window: the director may unpublish. */
  can_unpublish: z.boolean(),
});
export type GroupPublication = z.infer<typeof GroupPublicationSchema>;

export const PublicationGroupSchema = z.object({
  id: z.number(),
  label: z.string(),
  students: z.number(),
  /** Cells not yet rated: active students × active measures, minus the rated ones. */
  missing: z.number(),
  /** The live publication (none, or unpublished). */
  publication: GroupPublicationSchema.nullable(),
  /** What a family will see for the group's first student (class-list order); none in an empty group. */
  sample: z
    .object({
      student: z.object({ id: z.number(), name: z.string() }),
      /** The rated measures, as the family reads them. */
      ratings: z.array(FamilyRatingSchema),
      /** The measures not rated yet: the family reads "— Sin calificar". */
      missing: z.array(z.object({ measure_id: z.number(), name_es: z.string(), name_en: z.string().nullable() })),
      comment: z.string().nullable(),
    })
    .nullable(),
});
export type PublicationGroup = z.infer<typeof PublicationGroupSchema>;

export const PublicationPreviewSchema = z.object({
  period_id: z.number(),
  undo_seconds: z.number(),
  groups: z.array(PublicationGroupSchema),
});
export type PublicationPreview = z.infer<typeof PublicationPreviewSchema>;

export const PublishResultSchema = z.object({
  period: RatingPeriodSchema,
  /** The groups published by this call (already published ones are left as they were). */
  published: z.array(z.number()),
  notify_at: z.string(),
  groups: z.array(PublicationGroupSchema),
});
export type PublishResult = z.infer<typeof PublishResultSchema>;
