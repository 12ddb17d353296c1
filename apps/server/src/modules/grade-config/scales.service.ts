import { type ScaleBody, sameDefinition, type UpdateScaleBody } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { ratingScales } from "../../db/schema/index.ts";
import { deleteOrInUse } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import { forSchool } from "../../lib/tenant-db.ts";
import type { Editor } from "./editor.ts";
import { canonical, configScale } from "./grade-config.read.ts";
import * as repo from "./grade-config.repository.ts";

/** Two scales of a school may not share a name in either language: 409 CONFLICT on the field that clashes. */
async function requireFreeNames(
  tx: Tx,
  schoolId: string,
  body: { name_es?: string; name_en?: string | null },
  id?: number,
) {
  for (const lang of ["es", "en"] as const) {
    const name = body[`name_${lang}`];
    if (name && (await repo.scaleNamed(tx, schoolId, name, lang, id))) {
      throw new AppError("CONFLICT", { [`name_${lang}`]: "CONFLICT" });
    }
  }
}

/**
 * The school's rating scales (issue 13 §1). Versioned: a rating names the version it was given on, so changing the
 * definition of a scale whose current version has ratings adds a version (and moves the scale to it); an unrated
 * version is simply rewritten; a save that changes nothing adds nothing. A scale never changes kind.
 */
export function createScalesService(deps: { db: Db }) {
  const { db } = deps;

  async function create(editor: Editor, body: ScaleBody) {
    const { schoolId } = editor.tenant;
    return db.transaction(async (tx) => {
      await repo.lockGradeConfig(tx, schoolId);
      await requireFreeNames(tx, schoolId, body);
      const [scale] = await forSchool(tx, schoolId)
        .insert(ratingScales, {
          nameEs: body.name_es,
          nameEn: body.name_en ?? null,
          kind: body.definition.kind,
          isActive: body.is_active ?? true,
        })
        .returning({ id: ratingScales.id });
      await repo.addVersion(tx, schoolId, scale!.id, canonical(body.definition), editor.userId);
      return configScale(tx, schoolId, scale!.id);
    });
  }

  async function update(editor: Editor, id: number, body: UpdateScaleBody) {
    const { schoolId } = editor.tenant;
    return db.transaction(async (tx) => {
      await repo.lockGradeConfig(tx, schoolId);
      const row = await repo.scaleRows.find(tx, schoolId, id, true);
      if (!row) throw new AppError("NOT_FOUND");
      await requireFreeNames(tx, schoolId, body, id);
      if (body.definition) {
        if (body.definition.kind !== row.kind) {
          throw new AppError("SCALE_KIND_FIXED", { "definition.kind": "SCALE_KIND_FIXED" });
        }
        const next = canonical(body.definition);
        const current = row.currentVersionId ? await repo.findVersion(tx, schoolId, row.currentVersionId) : undefined;
        if (!current) await repo.addVersion(tx, schoolId, id, next, editor.userId);
        else if (!sameDefinition(canonical(current.definition), next)) {
          // Ratings already given keep the version they name; only an unrated version may change in place.
          if ((await repo.ratingsOnVersion(tx, schoolId, current.id)) > 0) {
            await repo.addVersion(tx, schoolId, id, next, editor.userId);
          } else await repo.rewriteVersion(tx, schoolId, current.id, next);
        }
      }
      if (body.is_active === false && row.isActive && (await repo.activeMeasuresOn(tx, schoolId, id)) > 0) {
        throw new AppError("SCALE_IN_USE", { is_active: "SCALE_IN_USE" });
      }
      await repo.scaleRows.update(tx, schoolId, id, {
        nameEs: body.name_es,
        nameEn: body.name_en,
        isActive: body.is_active,
      });
      return configScale(tx, schoolId, id);
    });
  }

  /** Deletes a scale no measure, section or rating uses (409 IN_USE otherwise: deactivate it instead). */
  async function remove(editor: Editor, id: number) {
    const { schoolId } = editor.tenant;
    await deleteOrInUse(() =>
      db.transaction(async (tx) => {
        await repo.lockGradeConfig(tx, schoolId);
        const scale = await configScale(tx, schoolId, id);
        if (scale.ratings_count > 0 || scale.measures_count > 0) throw new AppError("IN_USE");
        await repo.deleteScale(tx, schoolId, id);
      }),
    );
    return { id };
  }

  return { create, update, remove };
}

export type ScalesService = ReturnType<typeof createScalesService>;
