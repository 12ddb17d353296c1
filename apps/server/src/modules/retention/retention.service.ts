import {
  RETENTION_CATEGORIES,
  RETENTION_RULES,
  type RetentionCategory,
  type RetentionLogQuery,
  type RetentionSettings,
  type RetentionSettingsBody,
  type RetentionUpcoming,
  todayIn,
} from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { RetentionHold } from "../../lib/retention-holds.ts";
import { planRetention } from "./plan.ts";
import { logPage, readPolicy, savePolicy } from "./retention.repository.ts";

type Lang = "es" | "en";

/** The retention screen: the periods, what falls due soon, the log. */
export function createRetentionService(deps: {
  db: Db;
  holds: readonly RetentionHold[];
  /** Makes sure the school's daily job is scheduled (the module's scheduleSchool). */
  ensureScheduled: (school: { id: string; timeZone: string }) => Promise<void>;
}) {
  const { db } = deps;

  async function policyOf(schoolId: string) {
    const policy = await readPolicy(db, schoolId);
    if (!policy) throw new AppError("NOT_FOUND");
    return policy;
  }

  /** The periods per category (the school's or the default), the notice days and the holds in force. */
  async function read(schoolId: string, lang: Lang): Promise<RetentionSettings> {
    const policy = await policyOf(schoolId);
    return {
      notice_days: policy.noticeDays,
      categories: RETENTION_CATEGORIES.map((category) => ({
        category,
        years: policy.years[category],
        default_years: RETENTION_RULES[category].years,
        min_years: RETENTION_RULES[category].min,
        updated_at: policy.updatedAt[category]?.toISOString() ?? null,
      })),
      holds: deps.holds.map((h) => h.label[lang]),
    };
  }

  /** Changes the periods given; a period under its category's floor is refused with the field named. */
  async function save(schoolId: string, userId: number, body: RetentionSettingsBody, lang: Lang) {
    const years = body.categories as Partial<Record<RetentionCategory, number>>;
    for (const [category, value] of Object.entries(years) as [RetentionCategory, number][]) {
      const min = RETENTION_RULES[category].min;
      if (value < min)
        throw new AppError(
          "RETENTION_BELOW_MINIMUM",
          { [`categories.${category}`]: "RETENTION_BELOW_MINIMUM" },
          { min },
        );
    }
    await db.transaction((tx) => savePolicy(tx, schoolId, userId, { noticeDays: body.notice_days, years }));
    const policy = await policyOf(schoolId);
    await deps.ensureScheduled({ id: schoolId, timeZone: policy.timeZone });
    return read(schoolId, lang);
  }

  /** What the daily job would tell or anonymise from today to the notice days ahead, and what is held. */
  async function upcoming(schoolId: string): Promise<RetentionUpcoming[]> {
    const policy = await policyOf(schoolId);
    const today = todayIn(policy.timeZone);
    const plan = await planRetention(db, schoolId, policy, today, deps.holds);
    return plan
      .map((p) => ({
        student_id: p.studentId,
        student: p.student,
        category: p.category,
        due_on: p.dueOn,
        held: p.step === "held",
      }))
      .sort((a, b) => a.due_on.localeCompare(b.due_on) || a.student_id - b.student_id);
  }

  async function log(schoolId: string, query: RetentionLogQuery) {
    const { total, entries } = await logPage(db, schoolId, query.page, query.per_page);
    return {
      entries: entries.map((e) => ({
        id: e.id,
        ran_at: e.ranAt.toISOString(),
        category: e.category as RetentionCategory,
        records: e.records,
        student_ids: e.studentIds,
      })),
      total,
      page: query.page,
      per_page: query.per_page,
    };
  }

  return { read, save, upcoming, log };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
