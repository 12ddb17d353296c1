import type { ScaleDefinition } from "@convive/domain";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { ratingMeasures, ratingScales, ratingScaleVersions, ratingSettings } from "../../db/schema/index.ts";
import { forSchool } from "../../lib/tenant-db.ts";

/** A Mexican boleta's conduct mark: 5 to 10 in halves, 6 passes. */
export const STARTER_NUMERIC: ScaleDefinition = { kind: "numeric", min: 5, max: 10, step: 0.5, passing: 6 };

/** Four descriptive levels, best first (the habits' scale). */
export const STARTER_LEVELS: ScaleDefinition = {
  kind: "levels",
  levels: [
    { code: "E", name_es: "Excelente", name_en: "Excellent", colour: "#2b8a3e", passing: true },
    { code: "B", name_es: "Bueno", name_en: "Good", colour: "#1971c2", passing: true },
    { code: "R", name_es: "Regular", name_en: "Fair", colour: "#e67700", passing: true },
    { code: "A", name_es: "Requiere apoyo", name_en: "Needs support", colour: "#c92a2a", passing: false },
  ],
};

const STARTER_HABITS = [
  ["Puntualidad", "Punctuality"],
  ["Uniforme", "Uniform"],
  ["Tareas", "Homework"],
  ["Participación", "Participation"],
] as const;

async function insertScale(
  tx: Tx,
  schoolId: string,
  names: { es: string; en: string },
  definition: ScaleDefinition,
  createdBy: number | null,
) {
  const [scale] = await forSchool(tx, schoolId)
    .insert(ratingScales, { nameEs: names.es, nameEn: names.en, kind: definition.kind })
    .returning({ id: ratingScales.id });
  const [version] = await forSchool(tx, schoolId)
    .insert(ratingScaleVersions, { scaleId: scale!.id, version: 1, definition, createdBy })
    .returning({ id: ratingScaleVersions.id });
  await forSchool(tx, schoolId)
    .update(ratingScales, { currentVersionId: version!.id })
    .where(eq(ratingScales.id, scale!.id));
  return scale!.id;
}

/**
 * The suggested grade setup (issue 13 §1): a 5–10 conduct scale, four habits on descriptive levels, a week of grace
 * and points counted per school year. The configurator offers it to a school that has none; the demo starts with it.
 */
export async function insertStarterGradeSetup(tx: Tx, schoolId: string, createdBy: number | null = null) {
  const numeric = await insertScale(
    tx,
    schoolId,
    { es: "Calificación 5 a 10", en: "Mark 5 to 10" },
    STARTER_NUMERIC,
    createdBy,
  );
  const levels = await insertScale(
    tx,
    schoolId,
    { es: "Niveles de desempeño", en: "Performance levels" },
    STARTER_LEVELS,
    createdBy,
  );
  await forSchool(tx, schoolId).insert(ratingMeasures, [
    { kind: "conduct", nameEs: "Conducta", nameEn: "Conduct", scaleId: numeric, order: 0 },
    ...STARTER_HABITS.map(([es, en], i) => ({ kind: "habit", nameEs: es, nameEn: en, scaleId: levels, order: i + 1 })),
  ]);
  await tx.insert(ratingSettings).values({ schoolId }).onConflictDoNothing();
}
