import type { AlertRuleBody, RatingSettingsBody, UpdateAlertRuleBody } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { alertRules } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { forSchool } from "../../lib/tenant-db.ts";
import type { Tenant } from "../../plugins/access.ts";
import type { Editor } from "./editor.ts";
import { alertRuleOut, gradeConfig } from "./grade-config.read.ts";
import * as repo from "./grade-config.repository.ts";
import { insertStarterGradeSetup } from "./starter-setup.ts";

type Rule = { kind: string; classification: string | null; threshold: number; windowDays: number };

/**
 * Conduct below the passing mark is one rating, not a count: it keeps no classification, threshold or window
 * (stored as 1 and 0, as the demo's rule). Incident rules keep what was set.
 */
const normalised = (rule: Rule): Rule =>
  rule.kind === "incidents" ? rule : { kind: rule.kind, classification: null, threshold: 1, windowDays: 0 };

async function requireNewRule(tx: Tx, schoolId: string, rule: Rule, exceptId?: number) {
  if (await repo.sameAlertRule(tx, schoolId, rule, exceptId)) throw new AppError("CONFLICT", { kind: "CONFLICT" });
}

/** The grade configurator's read, the school's ratings settings, its alert rules and the suggested setup. */
export function createGradeConfigService(deps: { db: Db }) {
  const { db } = deps;

  const read = (tenant: Tenant) => gradeConfig(db, tenant.schoolId);

  /** Grace days after a period's end and when recognition points start again from zero. */
  async function saveSettings(tenant: Tenant, body: RatingSettingsBody) {
    await db.transaction(async (tx) => {
      await repo.lockGradeConfig(tx, tenant.schoolId);
      await repo.saveSettings(tx, tenant.schoolId, { graceDays: body.grace_days, pointsReset: body.points_reset });
    });
    return (await read(tenant)).settings;
  }

  /** The suggested setup (conduct 5–10, four habits on levels), only for a school without scales (409 otherwise). */
  async function useStarter(editor: Editor) {
    const { schoolId } = editor.tenant;
    return db.transaction(async (tx) => {
      await repo.lockGradeConfig(tx, schoolId);
      if ((await repo.scaleCount(tx, schoolId)) > 0) throw new AppError("CONFLICT");
      await insertStarterGradeSetup(tx, schoolId, editor.userId);
      return gradeConfig(tx, schoolId);
    });
  }

  async function createRule(tenant: Tenant, body: AlertRuleBody) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await repo.lockGradeConfig(tx, schoolId);
      const rule = normalised({
        kind: body.kind,
        classification: body.classification ?? null,
        threshold: body.threshold,
        windowDays: body.window_days,
      });
      await requireNewRule(tx, schoolId, rule);
      const [row] = await forSchool(tx, schoolId)
        .insert(alertRules, { ...rule, isActive: body.is_active ?? true })
        .returning();
      return alertRuleOut(row!);
    });
  }

  async function updateRule(tenant: Tenant, id: number, body: UpdateAlertRuleBody) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await repo.lockGradeConfig(tx, schoolId);
      const row = await repo.alertRuleRows.find(tx, schoolId, id, true);
      if (!row) throw new AppError("NOT_FOUND");
      const rule = normalised({
        kind: body.kind ?? row.kind,
        classification: body.classification === undefined ? row.classification : body.classification,
        threshold: body.threshold ?? (row.kind === "incidents" ? row.threshold : 3),
        windowDays: body.window_days ?? (row.kind === "incidents" ? row.windowDays : 30),
      });
      await requireNewRule(tx, schoolId, rule, id);
      await repo.alertRuleRows.update(tx, schoolId, id, { ...rule, isActive: body.is_active });
      return alertRuleOut((await repo.alertRuleRows.find(tx, schoolId, id))!);
    });
  }

  /** Deletes a rule; its open crossings go with it (a student already alerted is not alerted again by it). */
  async function removeRule(tenant: Tenant, id: number) {
    const { schoolId } = tenant;
    await db.transaction(async (tx) => {
      await repo.lockGradeConfig(tx, schoolId);
      if (!(await repo.alertRuleRows.find(tx, schoolId, id, true))) throw new AppError("NOT_FOUND");
      await repo.alertRuleRows.delete(tx, schoolId, id);
    });
    return { id };
  }

  return { read, saveSettings, useStarter, createRule, updateRule, removeRule };
}

export type GradeConfigService = ReturnType<typeof createGradeConfigService>;
