import { z } from "zod";
import { MEASURE_KINDS, POINTS_RESETS, RATING_LIMITS, SCALE_KINDS, type ScaleDefinition } from "../ratings.ts";
import { singleLine } from "./fields.ts";

/**
 * The grade configurator's scale definition (issue 13 §1), shared by the configurator's form and the server.
 * Request and response schemas of each ratings capability live beside it: ratings-config.ts (configurator),
 * ratings-grid.ts (grid, periods, completion), points.ts (ledger, awards), scorecard.ts (scorecard, publishing,
 * alerts).
 */

const colour = singleLine().regex(/^#[0-9a-f]{6}$/i, { message: "INVALID_COLOUR" });
const levelName = singleLine().trim().min(1).max(40);

export const ScaleLevelSchema = z.object({
  code: singleLine()
    .trim()
    .min(1)
    .max(RATING_LIMITS.codeMax)
    .regex(/^[\p{L}\p{N}+-]+$/u, { message: "INVALID_CODE" }),
  name_es: levelName,
  name_en: levelName.nullable(),
  colour,
  passing: z.boolean(),
});

const { numericFloor, numericCeiling } = RATING_LIMITS;
const bound = z.number().min(numericFloor).max(numericCeiling);

export const NumericScaleSchema = z
  .object({
    kind: z.literal("numeric"),
    min: bound,
    max: bound,
    step: z.union([z.literal(1), z.literal(0.5), z.literal(0.1)]),
    passing: bound,
  })
  .refine((s) => s.min < s.max, { message: "SCALE_RANGE", path: ["max"] })
  .refine((s) => s.passing >= s.min && s.passing <= s.max, { message: "SCALE_PASSING", path: ["passing"] });

export const LevelsScaleSchema = z
  .object({
    kind: z.literal("levels"),
    levels: z.array(ScaleLevelSchema).min(RATING_LIMITS.minLevels).max(RATING_LIMITS.maxLevels),
  })
  .refine((s) => new Set(s.levels.map((l) => l.code.toLowerCase())).size === s.levels.length, {
    message: "DUPLICATE_CODE",
    path: ["levels"],
  })
  .refine((s) => s.levels.some((l) => l.passing), { message: "SCALE_PASSING", path: ["levels"] });

/** Numeric or levels; the server refuses a change of kind on an existing scale. */
export const ScaleDefinitionSchema: z.ZodType<ScaleDefinition> = z.union([NumericScaleSchema, LevelsScaleSchema]);

/** A scale as the grid, the configurator and the scorecard read it: its current version's definition. */
export const RatingScaleSchema = z.object({
  id: z.number(),
  name_es: z.string(),
  name_en: z.string().nullable(),
  kind: z.enum(SCALE_KINDS),
  /** The version new ratings are given on. */
  version_id: z.number(),
  version: z.number(),
  definition: z.custom<ScaleDefinition>(),
  is_active: z.boolean(),
});
export type RatingScale = z.infer<typeof RatingScaleSchema>;

export const RatingMeasureSchema = z.object({
  id: z.number(),
  kind: z.enum(MEASURE_KINDS),
  name_es: z.string(),
  name_en: z.string().nullable(),
  /** The scale the measure is rated on, unless its section says otherwise. */
  scale_id: z.number(),
  order: z.number(),
  is_active: z.boolean(),
  /** Sections (niveles) that rate this measure on another scale. */
  sections: z.array(z.object({ section_id: z.number(), scale_id: z.number() })),
});
export type RatingMeasure = z.infer<typeof RatingMeasureSchema>;

export const RatingSettingsSchema = z.object({
  grace_days: z.number(),
  points_reset: z.enum(POINTS_RESETS),
});
export type RatingSettings = z.infer<typeof RatingSettingsSchema>;

/** Everything the grade configurator defines, as one read (modules/grade-config: ratingSetup). */
export const RatingSetupSchema = z.object({
  settings: RatingSettingsSchema,
  scales: z.array(RatingScaleSchema),
  measures: z.array(RatingMeasureSchema),
});
export type RatingSetup = z.infer<typeof RatingSetupSchema>;

/** The scale a measure is rated on in a section (the section's own, else the measure's). */
export function scaleFor(setup: RatingSetup, measureId: number, sectionId: number | null): RatingScale | undefined {
  const measure = setup.measures.find((m) => m.id === measureId);
  if (!measure) return undefined;
  const override = sectionId === null ? undefined : measure.sections.find((s) => s.section_id === sectionId);
  const scaleId = override?.scale_id ?? measure.scale_id;
  return setup.scales.find((s) => s.id === scaleId);
}
