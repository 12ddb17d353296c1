import { z } from "zod";
import { CLASSIFICATIONS, isHyphenOnlyLine } from "../incidents.ts";
import {
  ALERT_KINDS,
  MEASURE_KINDS,
  POINTS_RESETS,
  RATING_LIMITS,
  readValue,
  type ScaleDefinition,
} from "../ratings.ts";
import { Id, singleLine } from "./fields.ts";
import { RatingMeasureSchema, RatingScaleSchema, RatingSettingsSchema, ScaleDefinitionSchema } from "./ratings.ts";

/**
 * Master configuration › grade-configurator (issue 13 §1): request and response schemas of /api/grade-config. The
 * scale definition itself (numeric or levels) is the shared ScaleDefinitionSchema of ratings.ts; the rules added
 * here are the ones a form needs before the server: names that are more than a hyphen, a passing mark and a top
 * that lie on the scale's step.
 */

// A fresh object each time: zod rewrites the options object it is given.
const notHyphen = () => ({ message: "NAME_HYPHEN_ONLY" });
const nameEs = singleLine()
  .trim()
  .min(1)
  .max(80)
  .refine((v) => !isHyphenOnlyLine(v), notHyphen());
const nameEn = singleLine()
  .trim()
  .max(80)
  .refine((v) => !isHyphenOnlyLine(v), notHyphen())
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/** Where a numeric definition's values fall off its step: the top, or the passing mark. */
function offStep(d: ScaleDefinition): "max" | "passing" | null {
  if (d.kind !== "numeric" || d.min >= d.max) return null;
  if (readValue(d, String(d.max)) === null) return "max";
  if (d.passing >= d.min && d.passing <= d.max && readValue(d, String(d.passing)) === null) return "passing";
  return null;
}

/**
 * A scale's definition as the configurator sends it: the shared rules, plus numeric values on the step (5–10 in
 * halves reaches 10; a passing mark of 6.3 does not exist on it) and level names that are not a bare hyphen.
 */
export const ScaleDefinitionBody = ScaleDefinitionSchema.superRefine((d, ctx) => {
  const off = offStep(d);
  if (off === "max") ctx.addIssue({ code: "custom", message: "SCALE_RANGE", path: ["max"] });
  if (off === "passing") ctx.addIssue({ code: "custom", message: "SCALE_PASSING", path: ["passing"] });
  if (d.kind === "levels") {
    d.levels.forEach((level, i) => {
      for (const key of ["name_es", "name_en"] as const) {
        const name = level[key];
        if (name && isHyphenOnlyLine(name)) ctx.addIssue({ code: "custom", ...notHyphen(), path: ["levels", i, key] });
      }
    });
  }
});

export const ScaleBody = z.object({
  name_es: nameEs,
  name_en: nameEn,
  definition: ScaleDefinitionBody,
  is_active: z.boolean().optional(),
});
export type ScaleBody = z.infer<typeof ScaleBody>;

/** A scale's change: names, definition (never another kind) or active. A rated definition becomes a new version. */
export const UpdateScaleBody = z.object({
  name_es: nameEs.optional(),
  name_en: nameEn,
  definition: ScaleDefinitionBody.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateScaleBody = z.infer<typeof UpdateScaleBody>;

/** A scale as the configurator lists it: its current version plus how much history and use it has. */
export const ConfigScaleSchema = RatingScaleSchema.extend({
  /** How many definitions the scale has had (1 until a rated scale is changed). */
  versions_count: z.number(),
  /** Ratings given on the current version: changing the definition now adds a version. */
  current_ratings: z.number(),
  /** Ratings on any of its versions: a rated scale is deactivated, never deleted. */
  ratings_count: z.number(),
  /** Measures and section overrides that rate on it. */
  measures_count: z.number(),
});
export type ConfigScale = z.infer<typeof ConfigScaleSchema>;

const SectionOverride = z.object({ section_id: Id, scale_id: Id });

export const MeasureBody = z.object({
  kind: z.enum(MEASURE_KINDS),
  name_es: nameEs,
  name_en: nameEn,
  scale_id: Id,
  is_active: z.boolean().optional(),
  /** Sections that rate the measure on another scale (replaces the list; empty: every section uses scale_id). */
  sections: z.array(SectionOverride).max(50).default([]),
});
export type MeasureBody = z.infer<typeof MeasureBody>;

/** A measure's change; its kind stays (the conduct is the conduct). */
export const UpdateMeasureBody = z.object({
  name_es: nameEs.optional(),
  name_en: nameEn,
  scale_id: Id.optional(),
  is_active: z.boolean().optional(),
  sections: z.array(SectionOverride).max(50).optional(),
});
export type UpdateMeasureBody = z.infer<typeof UpdateMeasureBody>;

/** The habits in the order the grid and the scorecard show them. */
export const HabitsOrderBody = z.object({ ids: z.array(Id).min(1).max(200) });
export type HabitsOrderBody = z.infer<typeof HabitsOrderBody>;

export const ConfigMeasureSchema = RatingMeasureSchema.extend({
  /** Ratings given on the measure: a rated measure is deactivated, never deleted. */
  ratings_count: z.number(),
});
export type ConfigMeasure = z.infer<typeof ConfigMeasureSchema>;

export const RatingSettingsBody = z.object({
  grace_days: z.number().int().min(0).max(RATING_LIMITS.graceDaysMax),
  points_reset: z.enum(POINTS_RESETS),
});
export type RatingSettingsBody = z.infer<typeof RatingSettingsBody>;

export const ALERT_LIMITS = { thresholdMax: 50, windowDaysMax: 365 } as const;

/**
 * An alert rule: N incidents (of one classification, or any) within D days, or conduct rated below the passing
 * mark (threshold and window do not apply to it).
 */
export const AlertRuleBody = z.object({
  kind: z.enum(ALERT_KINDS),
  classification: z.enum(CLASSIFICATIONS).nullish(),
  threshold: z.number().int().min(1).max(ALERT_LIMITS.thresholdMax).default(3),
  window_days: z.number().int().min(1).max(ALERT_LIMITS.windowDaysMax).default(30),
  is_active: z.boolean().optional(),
});
export type AlertRuleBody = z.infer<typeof AlertRuleBody>;
export const UpdateAlertRuleBody = z.object({
  kind: z.enum(ALERT_KINDS).optional(),
  classification: z.enum(CLASSIFICATIONS).nullish(),
  threshold: z.number().int().min(1).max(ALERT_LIMITS.thresholdMax).optional(),
  window_days: z.number().int().min(1).max(ALERT_LIMITS.windowDaysMax).optional(),
  is_active: z.boolean().optional(),
});
export type UpdateAlertRuleBody = z.infer<typeof UpdateAlertRuleBody>;

export const AlertRuleSchema = z.object({
  id: z.number(),
  kind: z.enum(ALERT_KINDS),
  classification: z.enum(CLASSIFICATIONS).nullable(),
  threshold: z.number(),
  window_days: z.number(),
  is_active: z.boolean(),
});
export type AlertRule = z.infer<typeof AlertRuleSchema>;

/** Everything the grade configurator shows, in one read (GET /api/grade-config). */
export const GradeConfigSchema = z.object({
  settings: RatingSettingsSchema,
  scales: z.array(ConfigScaleSchema),
  measures: z.array(ConfigMeasureSchema),
  alert_rules: z.array(AlertRuleSchema),
  /** The school's sections (niveles), for the measures' section overrides. */
  sections: z.array(z.object({ id: z.number(), name_es: z.string(), name_en: z.string().nullable() })),
});
export type GradeConfig = z.infer<typeof GradeConfigSchema>;
