import { z } from "zod";
import { CLASSIFICATIONS, INCIDENT_LIMITS, isHyphenOnlyLine, OBSERVATION_KINDS } from "../incidents.ts";
import { multiLine, Id as RowId, singleLine } from "./fields.ts";

/**
 * Master configuration › incidents-configurator and observations-configurator (design §3): categories, incident
 * types with classification, default points, family notice and formative guidelines; observation types.
 * School-defined lists carry a Spanish and an English name (English falls back to Spanish when empty).
 */

export { Id as RowId, QueryId } from "./fields.ts";

const nameEs = singleLine().trim().min(1).max(120);
const nameEn = singleLine()
  .trim()
  .max(120)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/**
 * Guidelines as typed in the configurator: one per line. A line holding only a hyphen is refused with
 * GUIDELINE_HYPHEN_ONLY (spec §5), the message the error handler shows under the field.
 */
export const GuidelinesText = multiLine()
  .max(INCIDENT_LIMITS.guidelineMax * INCIDENT_LIMITS.maxGuidelines)
  .refine((text) => !text.split(/\r?\n/).some(isHyphenOnlyLine), { message: "GUIDELINE_HYPHEN_ONLY" });

export const CategoryBody = z.object({
  name_es: nameEs,
  name_en: nameEn,
  order: z.number().int().min(0).max(10_000).optional(),
  is_active: z.boolean().optional(),
});
export type CategoryBody = z.infer<typeof CategoryBody>;
export const UpdateCategoryBody = CategoryBody.partial();
export type UpdateCategoryBody = z.infer<typeof UpdateCategoryBody>;

export const IncidentTypeBody = z.object({
  category_id: RowId,
  name_es: nameEs,
  name_en: nameEn,
  classification: z.enum(CLASSIFICATIONS),
  /** Recognition points the incident takes from each involved student (0 = none). */
  default_points: z.number().int().min(0).max(100).default(0),
  /** Whether incidents of this type are shown to families by default (the registrant may change it). */
  notify_family: z.boolean().default(true),
  guidelines: GuidelinesText.default(""),
  /** The same guidelines in English, one per line (empty: readers of English get the Spanish ones). */
  guidelines_en: GuidelinesText.default(""),
  is_active: z.boolean().optional(),
  /** The protocol its incidents follow (issue 30 §2), or none. */
  protocol_id: RowId.nullable().optional(),
});
export type IncidentTypeBody = z.infer<typeof IncidentTypeBody>;
export const UpdateIncidentTypeBody = z.object({
  category_id: RowId.optional(),
  name_es: nameEs.optional(),
  name_en: nameEn,
  classification: z.enum(CLASSIFICATIONS).optional(),
  default_points: z.number().int().min(0).max(100).optional(),
  notify_family: z.boolean().optional(),
  guidelines: GuidelinesText.optional(),
  guidelines_en: GuidelinesText.optional(),
  is_active: z.boolean().optional(),
  protocol_id: RowId.nullable().optional(),
});
export type UpdateIncidentTypeBody = z.infer<typeof UpdateIncidentTypeBody>;

export const IncidentTypeSchema = z.object({
  id: z.number(),
  category_id: z.number(),
  name_es: z.string(),
  name_en: z.string().nullable(),
  classification: z.enum(CLASSIFICATIONS),
  default_points: z.number(),
  notify_family: z.boolean(),
  guidelines: z.array(z.string()),
  guidelines_en: z.array(z.string()),
  is_active: z.boolean(),
  /** The protocol its incidents follow (issue 30 §2), or null. */
  protocol_id: z.number().nullable(),
  /** Incidents registered with it: a used type is deactivated, never deleted. */
  incidents_count: z.number(),
});
export type IncidentType = z.infer<typeof IncidentTypeSchema>;

export const IncidentCategorySchema = z.object({
  id: z.number(),
  name_es: z.string(),
  name_en: z.string().nullable(),
  order: z.number(),
  is_active: z.boolean(),
  types: z.array(IncidentTypeSchema),
});
export type IncidentCategory = z.infer<typeof IncidentCategorySchema>;

export const ObservationTypeBody = z.object({
  name_es: nameEs,
  name_en: nameEn,
  kind: z.enum(OBSERVATION_KINDS),
  /** Recognition points an observation of this type gives by default. */
  points: z.number().int().min(0).max(100).default(0),
  is_active: z.boolean().optional(),
});
export type ObservationTypeBody = z.infer<typeof ObservationTypeBody>;
export const UpdateObservationTypeBody = z.object({
  name_es: nameEs.optional(),
  name_en: nameEn,
  kind: z.enum(OBSERVATION_KINDS).optional(),
  points: z.number().int().min(0).max(100).optional(),
  is_active: z.boolean().optional(),
});
export type UpdateObservationTypeBody = z.infer<typeof UpdateObservationTypeBody>;

export const ObservationTypeSchema = z.object({
  id: z.number(),
  name_es: z.string(),
  name_en: z.string().nullable(),
  kind: z.enum(OBSERVATION_KINDS),
  points: z.number(),
  is_active: z.boolean(),
  observations_count: z.number(),
});
export type ObservationType = z.infer<typeof ObservationTypeSchema>;
