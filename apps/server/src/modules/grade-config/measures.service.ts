import { type HabitsOrderBody, type MeasureBody, RATING_LIMITS, type UpdateMeasureBody } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { ratingMeasures } from "../../db/schema/index.ts";
import { deleteOrInUse } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import { forSchool } from "../../lib/tenant-db.ts";
import type { Editor } from "./editor.ts";
import { configMeasure, gradeConfig } from "./grade-config.read.ts";
import * as repo from "./grade-config.repository.ts";

type Override = { section_id: number; scale_id: number };

async function requireFreeNames(
  tx: Tx,
  schoolId: string,
  body: { name_es?: string; name_en?: string | null },
  id?: number,
) {
  for (const lang of ["es", "en"] as const) {
    const name = body[`name_${lang}`];
    if (name && (await repo.measureNamed(tx, schoolId, name, lang, id))) {
      throw new AppError("CONFLICT", { [`name_${lang}`]: "CONFLICT" });
    }
  }
}

/**
 * The scales a measure names must be the school's (another school's id or a missing one: 404) and active, unless
 * the measure already rated on it (`kept`). Sections likewise, each at most once.
 */
async function requireScalesAndSections(
  tx: Tx,
  schoolId: string,
  scaleId: number | undefined,
  overrides: Override[] | undefined,
  kept: Set<number>,
) {
  const wanted = [...(scaleId ? [scaleId] : []), ...(overrides ?? []).map((o) => o.scale_id)];
  const found = new Map((await repo.scalesAmong(tx, schoolId, [...new Set(wanted)])).map((s) => [s.id, s]));
  const check = (id: number, field: string) => {
    const scale = found.get(id);
    if (!scale) throw new AppError("NOT_FOUND", { [field]: "NOT_FOUND" });
    if (!scale.isActive && !kept.has(id)) throw new AppError("INACTIVE_OPTION", { [field]: "INACTIVE_OPTION" });
  };
  if (scaleId) check(scaleId, "scale_id");
  if (!overrides) return;
  for (const [i, o] of overrides.entries()) check(o.scale_id, `sections.${i}.scale_id`);
  const sectionIds = overrides.map((o) => o.section_id);
  if (new Set(sectionIds).size !== sectionIds.length) throw new AppError("VALIDATION", { sections: "VALIDATION" });
  const sections = new Set((await repo.sectionsAmong(tx, schoolId, sectionIds)).map((s) => s.id));
  overrides.forEach((o, i) => {
    if (!sections.has(o.section_id)) throw new AppError("NOT_FOUND", { [`sections.${i}.section_id`]: "NOT_FOUND" });
  });
}

/** One active conduct per school; at most RATING_LIMITS.habitsMax active habits. */
async function requireRoom(tx: Tx, schoolId: string, kind: "conduct" | "habit", exceptId?: number) {
  const active = await repo.activeOfKind(tx, schoolId, kind, exceptId);
  if (kind === "conduct" && active > 0) throw new AppError("CONDUCT_EXISTS", { kind: "CONDUCT_EXISTS" });
  if (kind === "habit" && active >= RATING_LIMITS.habitsMax) {
    throw new AppError("HABITS_LIMIT", { kind: "HABITS_LIMIT" }, { max: RATING_LIMITS.habitsMax });
  }
}

/**
 * What is rated (issue 13 §1): the school's one conduct and its habits, each on a scale, with the sections that
 * rate it on another. A rated measure is deactivated, never deleted; its ratings keep their scale version.
 */
export function createMeasuresService(deps: { db: Db }) {
  const { db } = deps;

  async function create(editor: Editor, body: MeasureBody) {
    const { schoolId } = editor.tenant;
    return db.transaction(async (tx) => {
      await repo.lockGradeConfig(tx, schoolId);
      await requireScalesAndSections(tx, schoolId, body.scale_id, body.sections, new Set());
      if (body.is_active !== false) await requireRoom(tx, schoolId, body.kind);
      await requireFreeNames(tx, schoolId, body);
      // The conduct leads; a new habit goes last.
      const order = body.kind === "conduct" ? 0 : (await repo.lastMeasureOrder(tx, schoolId)) + 1;
      const [row] = await forSchool(tx, schoolId)
        .insert(ratingMeasures, {
          kind: body.kind,
          nameEs: body.name_es,
          nameEn: body.name_en ?? null,
          scaleId: body.scale_id,
          order,
          isActive: body.is_active ?? true,
        })
        .returning({ id: ratingMeasures.id });
      await repo.replaceOverrides(tx, schoolId, row!.id, body.sections);
      return configMeasure(tx, schoolId, row!.id);
    });
  }

  async function update(editor: Editor, id: number, body: UpdateMeasureBody) {
    const { schoolId } = editor.tenant;
    return db.transaction(async (tx) => {
      await repo.lockGradeConfig(tx, schoolId);
      const current = await configMeasure(tx, schoolId, id);
      const kept = new Set([current.scale_id, ...current.sections.map((s) => s.scale_id)]);
      await requireScalesAndSections(tx, schoolId, body.scale_id, body.sections, kept);
      if (body.is_active === true && !current.is_active) await requireRoom(tx, schoolId, current.kind, id);
      await requireFreeNames(tx, schoolId, body, id);
      await repo.measureRows.update(tx, schoolId, id, {
        nameEs: body.name_es,
        nameEn: body.name_en,
        scaleId: body.scale_id,
        isActive: body.is_active,
      });
      if (body.sections) await repo.replaceOverrides(tx, schoolId, id, body.sections);
      return configMeasure(tx, schoolId, id);
    });
  }

  /** Deletes a measure nobody rated (409 IN_USE otherwise: deactivate it instead). */
  async function remove(editor: Editor, id: number) {
    const { schoolId } = editor.tenant;
    await deleteOrInUse(() =>
      db.transaction(async (tx) => {
        await repo.lockGradeConfig(tx, schoolId);
        if ((await configMeasure(tx, schoolId, id)).ratings_count > 0) throw new AppError("IN_USE");
        await repo.deleteMeasure(tx, schoolId, id);
      }),
    );
    return { id };
  }

  /** Puts the habits in the order given: every habit of the school, each once (422 otherwise). */
  async function orderHabits(editor: Editor, body: HabitsOrderBody) {
    const { schoolId } = editor.tenant;
    return db.transaction(async (tx) => {
      await repo.lockGradeConfig(tx, schoolId);
      const habits = (await repo.habits(tx, schoolId)).map((h) => h.id);
      const given = new Set(body.ids);
      if (given.size !== body.ids.length || given.size !== habits.length || habits.some((h) => !given.has(h))) {
        throw new AppError("VALIDATION", { ids: "VALIDATION" });
      }
      for (const [i, habitId] of body.ids.entries()) await repo.setOrder(tx, schoolId, habitId, i + 1);
      return (await gradeConfig(tx, schoolId)).measures;
    });
  }

  return { create, update, remove, orderHabits };
}

export type MeasuresService = ReturnType<typeof createMeasuresService>;
