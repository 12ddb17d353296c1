import type { ScaleDefinition } from "@convive/domain";
import { and, asc, count, eq, inArray, max, ne, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import {
  alertRules,
  ratingMeasureSections,
  ratingMeasures,
  ratingScales,
  ratingScaleVersions,
  ratingSettings,
  ratings,
  sections,
} from "../../db/schema/index.ts";
import { forSchool, schoolRows } from "../../lib/tenant-db.ts";

// The grade configurator's SQL. Every statement goes through forSchool/schoolRows: one school's rows only.

export type ScaleRow = typeof ratingScales.$inferSelect;
export type MeasureRow = typeof ratingMeasures.$inferSelect;
export type AlertRuleRow = typeof alertRules.$inferSelect;

export const scaleRows = schoolRows(ratingScales);
export const measureRows = schoolRows(ratingMeasures);
export const alertRuleRows = schoolRows(alertRules);

/**
 * Serialises a school's grade-configuration writes for the rest of the transaction, so two saves cannot both find
 * a name free, both add version 2 of a scale or both create the conduct. Other schools and readers never wait.
 */
export async function lockGradeConfig(tx: Tx, schoolId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`grade-config:${schoolId}`}, 0))`);
}

const sameName = (column: AnyPgColumn, value: string) => sql`lower(trim(${column})) = lower(trim(${value}))`;

// ───────────────────────── scales and their versions ─────────────────────────

export async function scaleCount(tx: Tx, schoolId: string) {
  const [row] = await forSchool(tx, schoolId).pick(ratingScales, { n: count() }).where();
  return row?.n ?? 0;
}

/** Another scale of the school with this Spanish or English name. */
export async function scaleNamed(tx: Tx, schoolId: string, name: string, lang: "es" | "en", exceptId?: number) {
  const column = lang === "es" ? ratingScales.nameEs : ratingScales.nameEn;
  const [row] = await forSchool(tx, schoolId)
    .pick(ratingScales, { id: ratingScales.id })
    .where(sameName(column, name), exceptId ? ne(ratingScales.id, exceptId) : undefined)
    .limit(1);
  return row;
}

export async function findVersion(tx: Tx, schoolId: string, versionId: number) {
  const [row] = await forSchool(tx, schoolId).select(ratingScaleVersions).where(eq(ratingScaleVersions.id, versionId));
  return row;
}

/** Adds the scale's next version (its number follows the highest it has) and makes it the current one. */
export async function addVersion(
  tx: Tx,
  schoolId: string,
  scaleId: number,
  definition: ScaleDefinition,
  createdBy: number | null,
) {
  const [last] = await forSchool(tx, schoolId)
    .pick(ratingScaleVersions, { n: max(ratingScaleVersions.version) })
    .where(eq(ratingScaleVersions.scaleId, scaleId));
  const [version] = await forSchool(tx, schoolId)
    .insert(ratingScaleVersions, { scaleId, version: (last?.n ?? 0) + 1, definition, createdBy })
    .returning({ id: ratingScaleVersions.id });
  await forSchool(tx, schoolId)
    .update(ratingScales, { currentVersionId: version!.id })
    .where(eq(ratingScales.id, scaleId));
  return version!.id;
}

/** Rewrites a version nobody has rated on (its ratings would otherwise change meaning). */
export async function rewriteVersion(tx: Tx, schoolId: string, versionId: number, definition: ScaleDefinition) {
  await forSchool(tx, schoolId)
    .update(ratingScaleVersions, { definition })
    .where(eq(ratingScaleVersions.id, versionId));
}

/** Ratings given on one version of a scale. */
export async function ratingsOnVersion(tx: Tx, schoolId: string, versionId: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(ratings, { n: count() })
    .where(eq(ratings.scaleVersionId, versionId));
  return row?.n ?? 0;
}

/**
 * Per scale of the school: how many versions it has, ratings on its current version and on any version, and the
 * measures and section overrides that rate on it. A few grouped counts; the lists are short.
 */
export async function scaleUsage(tx: Tx, schoolId: string) {
  const s = forSchool(tx, schoolId);
  const versions = await s
    .pick(ratingScaleVersions, { scaleId: ratingScaleVersions.scaleId, n: count() })
    .where()
    .groupBy(ratingScaleVersions.scaleId);
  const rated = await tx
    .select({
      scaleId: ratingScaleVersions.scaleId,
      versionId: ratingScaleVersions.id,
      n: count(),
    })
    .from(ratings)
    .innerJoin(
      ratingScaleVersions,
      and(eq(ratingScaleVersions.schoolId, ratings.schoolId), eq(ratingScaleVersions.id, ratings.scaleVersionId)),
    )
    .where(eq(ratings.schoolId, schoolId))
    .groupBy(ratingScaleVersions.scaleId, ratingScaleVersions.id);
  const measures = await s.pick(ratingMeasures, { scaleId: ratingMeasures.scaleId }).where();
  const overrides = await s.pick(ratingMeasureSections, { scaleId: ratingMeasureSections.scaleId }).where();
  return { versions, rated, users: [...measures, ...overrides] };
}

/** Ratings per measure of the school (only measures that have any). */
export async function ratingsPerMeasure(tx: Tx, schoolId: string) {
  const rows = await forSchool(tx, schoolId)
    .pick(ratings, { measureId: ratings.measureId, n: count() })
    .where()
    .groupBy(ratings.measureId);
  return new Map(rows.map((r) => [r.measureId, r.n]));
}

/** Active measures (or their section overrides) that rate on the scale. */
export async function activeMeasuresOn(tx: Tx, schoolId: string, scaleId: number) {
  const s = forSchool(tx, schoolId);
  const direct = await s
    .pick(ratingMeasures, { id: ratingMeasures.id })
    .where(eq(ratingMeasures.scaleId, scaleId), eq(ratingMeasures.isActive, true));
  const overridden = await tx
    .select({ id: ratingMeasures.id })
    .from(ratingMeasureSections)
    .innerJoin(
      ratingMeasures,
      and(
        eq(ratingMeasures.schoolId, ratingMeasureSections.schoolId),
        eq(ratingMeasures.id, ratingMeasureSections.measureId),
      ),
    )
    .where(
      and(
        eq(ratingMeasureSections.schoolId, schoolId),
        eq(ratingMeasureSections.scaleId, scaleId),
        eq(ratingMeasures.isActive, true),
      ),
    );
  return direct.length + overridden.length;
}

/** Deletes a scale nobody uses, with its versions. */
export async function deleteScale(tx: Tx, schoolId: string, scaleId: number) {
  const s = forSchool(tx, schoolId);
  await s.update(ratingScales, { currentVersionId: null }).where(eq(ratingScales.id, scaleId));
  await s.delete(ratingScaleVersions).where(eq(ratingScaleVersions.scaleId, scaleId));
  await s.delete(ratingScales).where(eq(ratingScales.id, scaleId));
}

// ───────────────────────── measures ─────────────────────────

/** Another measure of the school with this Spanish or English name. */
export async function measureNamed(tx: Tx, schoolId: string, name: string, lang: "es" | "en", exceptId?: number) {
  const column = lang === "es" ? ratingMeasures.nameEs : ratingMeasures.nameEn;
  const [row] = await forSchool(tx, schoolId)
    .pick(ratingMeasures, { id: ratingMeasures.id })
    .where(sameName(column, name), exceptId ? ne(ratingMeasures.id, exceptId) : undefined)
    .limit(1);
  return row;
}

/** Active measures of a kind, other than `exceptId`. */
export async function activeOfKind(tx: Tx, schoolId: string, kind: "conduct" | "habit", exceptId?: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(ratingMeasures, { n: count() })
    .where(
      eq(ratingMeasures.kind, kind),
      eq(ratingMeasures.isActive, true),
      exceptId ? ne(ratingMeasures.id, exceptId) : undefined,
    );
  return row?.n ?? 0;
}

export async function lastMeasureOrder(tx: Tx, schoolId: string) {
  const [row] = await forSchool(tx, schoolId)
    .pick(ratingMeasures, { n: max(ratingMeasures.order) })
    .where();
  return row?.n ?? 0;
}

export async function habits(tx: Tx, schoolId: string) {
  return forSchool(tx, schoolId)
    .pick(ratingMeasures, { id: ratingMeasures.id })
    .where(eq(ratingMeasures.kind, "habit"))
    .orderBy(asc(ratingMeasures.order), asc(ratingMeasures.id));
}

export async function setOrder(tx: Tx, schoolId: string, id: number, order: number) {
  await forSchool(tx, schoolId).update(ratingMeasures, { order }).where(eq(ratingMeasures.id, id));
}

/** The school's scales among `ids` (to tell another school's or a missing id from one of ours). */
export async function scalesAmong(tx: Tx, schoolId: string, ids: number[]) {
  if (ids.length === 0) return [];
  return forSchool(tx, schoolId)
    .pick(ratingScales, { id: ratingScales.id, isActive: ratingScales.isActive })
    .where(inArray(ratingScales.id, ids));
}

export async function sectionsAmong(tx: Tx, schoolId: string, ids: number[]) {
  if (ids.length === 0) return [];
  return forSchool(tx, schoolId).pick(sections, { id: sections.id }).where(inArray(sections.id, ids));
}

/** Replaces the measure's section overrides. */
export async function replaceOverrides(
  tx: Tx,
  schoolId: string,
  measureId: number,
  overrides: { section_id: number; scale_id: number }[],
) {
  const s = forSchool(tx, schoolId);
  await s.delete(ratingMeasureSections).where(eq(ratingMeasureSections.measureId, measureId));
  if (overrides.length > 0) {
    await s.insert(
      ratingMeasureSections,
      overrides.map((o) => ({ measureId, sectionId: o.section_id, scaleId: o.scale_id })),
    );
  }
}

export async function deleteMeasure(tx: Tx, schoolId: string, measureId: number) {
  await replaceOverrides(tx, schoolId, measureId, []);
  await measureRows.delete(tx, schoolId, measureId);
}

// ───────────────────────── settings, alert rules, sections ─────────────────────────

export async function saveSettings(tx: Tx, schoolId: string, values: { graceDays: number; pointsReset: string }) {
  await tx
    .insert(ratingSettings)
    .values({ schoolId, ...values })
    .onConflictDoUpdate({ target: ratingSettings.schoolId, set: { ...values, updatedAt: new Date() } });
}

export async function listAlertRules(tx: Tx, schoolId: string) {
  return forSchool(tx, schoolId).select(alertRules).where().orderBy(asc(alertRules.id));
}

/** The same rule already set (kind, classification, threshold and window), other than `exceptId`. */
export async function sameAlertRule(
  tx: Tx,
  schoolId: string,
  rule: { kind: string; classification: string | null; threshold: number; windowDays: number },
  exceptId?: number,
) {
  const [row] = await forSchool(tx, schoolId)
    .pick(alertRules, { id: alertRules.id })
    .where(
      eq(alertRules.kind, rule.kind),
      rule.classification === null
        ? sql`${alertRules.classification} is null`
        : eq(alertRules.classification, rule.classification),
      // Conduct below passing has no threshold or window of its own: one such rule is enough.
      rule.kind === "incidents"
        ? and(eq(alertRules.threshold, rule.threshold), eq(alertRules.windowDays, rule.windowDays))
        : undefined,
      exceptId ? ne(alertRules.id, exceptId) : undefined,
    )
    .limit(1);
  return row;
}

export async function listSections(tx: Tx, schoolId: string) {
  return forSchool(tx, schoolId)
    .pick(sections, { id: sections.id, name_es: sections.name, name_en: sections.nameEn })
    .where()
    .orderBy(asc(sections.order), asc(sections.id));
}
