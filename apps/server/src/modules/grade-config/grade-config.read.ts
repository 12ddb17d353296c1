import type { AlertRule, ConfigMeasure, ConfigScale, GradeConfig, ScaleDefinition } from "@convive/domain";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./grade-config.repository.ts";
import { ratingSetup } from "./setup.repository.ts";

/**
 * A definition in one canonical form (key order, colours in lower case, a missing English name as null), as it is
 * stored and compared: a save that changes nothing must compare equal to what the database gives back.
 */
export function canonical(d: ScaleDefinition): ScaleDefinition {
  if (d.kind === "numeric") return { kind: "numeric", min: d.min, max: d.max, step: d.step, passing: d.passing };
  return {
    kind: "levels",
    levels: d.levels.map((l) => ({
      code: l.code,
      name_es: l.name_es,
      name_en: l.name_en ?? null,
      colour: l.colour.toLowerCase(),
      passing: l.passing,
    })),
  };
}

export const alertRuleOut = (r: repo.AlertRuleRow): AlertRule => ({
  id: r.id,
  kind: r.kind as AlertRule["kind"],
  classification: r.classification as AlertRule["classification"],
  threshold: r.threshold,
  window_days: r.windowDays,
  is_active: r.isActive,
});

/** Everything the configurator shows: the setup every ratings screen reads, with each entry's history and use. */
export async function gradeConfig(tx: Tx, schoolId: string): Promise<GradeConfig> {
  // One after another: inside a transaction the queries share one connection.
  const setup = await ratingSetup(tx, schoolId);
  const usage = await repo.scaleUsage(tx, schoolId);
  const perMeasure = await repo.ratingsPerMeasure(tx, schoolId);
  const rules = await repo.listAlertRules(tx, schoolId);
  const sections = await repo.listSections(tx, schoolId);
  const scales: ConfigScale[] = setup.scales.map((s) => {
    const rated = usage.rated.filter((r) => r.scaleId === s.id);
    return {
      ...s,
      definition: canonical(s.definition),
      versions_count: usage.versions.find((v) => v.scaleId === s.id)?.n ?? 1,
      current_ratings: rated.find((r) => r.versionId === s.version_id)?.n ?? 0,
      ratings_count: rated.reduce((sum, r) => sum + r.n, 0),
      measures_count: usage.users.filter((u) => u.scaleId === s.id).length,
    };
  });
  const measures: ConfigMeasure[] = setup.measures.map((m) => ({ ...m, ratings_count: perMeasure.get(m.id) ?? 0 }));
  return { settings: setup.settings, scales, measures, alert_rules: rules.map(alertRuleOut), sections };
}

export async function configScale(tx: Tx, schoolId: string, id: number) {
  const scale = (await gradeConfig(tx, schoolId)).scales.find((s) => s.id === id);
  if (!scale) throw new AppError("NOT_FOUND");
  return scale;
}

export async function configMeasure(tx: Tx, schoolId: string, id: number) {
  const measure = (await gradeConfig(tx, schoolId)).measures.find((m) => m.id === id);
  if (!measure) throw new AppError("NOT_FOUND");
  return measure;
}
