import type { RatingSetup } from "@convive/domain";
import { asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  ratingMeasureSections,
  ratingMeasures,
  ratingScales,
  ratingScaleVersions,
  ratingSettings,
} from "../../db/schema/index.ts";
import { forSchool, ofSchool } from "../../lib/tenant-db.ts";

/** A school that never opened the grade configurator closes periods a week after their end and resets yearly. */
export const DEFAULT_RATING_SETTINGS = { grace_days: 7, points_reset: "year" } as const;

/**
 * Everything the grade configurator defines for the school, in one read: settings, every scale with its current
 * version, every measure (active or not, in order) with its sections' scales. The grid, the scorecard and the
 * configurator all start here; three small queries, the school's lists are short.
 */
export async function ratingSetup(tx: Tx, schoolId: string): Promise<RatingSetup> {
  const [settings] = await forSchool(tx, schoolId)
    .pick(ratingSettings, { grace_days: ratingSettings.graceDays, points_reset: ratingSettings.pointsReset })
    .where();
  const scales = await tx
    .select({
      id: ratingScales.id,
      name_es: ratingScales.nameEs,
      name_en: ratingScales.nameEn,
      kind: ratingScales.kind,
      version_id: ratingScaleVersions.id,
      version: ratingScaleVersions.version,
      definition: ratingScaleVersions.definition,
      is_active: ratingScales.isActive,
    })
    .from(ratingScales)
    .innerJoin(
      ratingScaleVersions,
      ofSchool(ratingScaleVersions, ratingScales.schoolId, eq(ratingScaleVersions.id, ratingScales.currentVersionId)),
    )
    .where(ofSchool(ratingScales, schoolId))
    .orderBy(asc(ratingScales.id));
  const measures = await forSchool(tx, schoolId)
    .pick(ratingMeasures, {
      id: ratingMeasures.id,
      kind: ratingMeasures.kind,
      name_es: ratingMeasures.nameEs,
      name_en: ratingMeasures.nameEn,
      scale_id: ratingMeasures.scaleId,
      order: ratingMeasures.order,
      is_active: ratingMeasures.isActive,
    })
    .where()
    .orderBy(asc(ratingMeasures.order), asc(ratingMeasures.id));
  const overrides = await forSchool(tx, schoolId)
    .pick(ratingMeasureSections, {
      measure_id: ratingMeasureSections.measureId,
      section_id: ratingMeasureSections.sectionId,
      scale_id: ratingMeasureSections.scaleId,
    })
    .where();
  return {
    settings: settings
      ? {
          grace_days: settings.grace_days,
          points_reset: settings.points_reset as RatingSetup["settings"]["points_reset"],
        }
      : { ...DEFAULT_RATING_SETTINGS },
    scales: scales.map((s) => ({ ...s, kind: s.kind as "numeric" | "levels" })),
    // Conduct first, then the habits in the school's order.
    measures: measures
      .map((m) => ({
        ...m,
        kind: m.kind as "conduct" | "habit",
        sections: overrides
          .filter((o) => o.measure_id === m.id)
          .map((o) => ({ section_id: o.section_id, scale_id: o.scale_id })),
      }))
      .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "conduct" ? -1 : 1)),
  };
}
