import type { ObservationType, ObservationTypeBody, UpdateObservationTypeBody } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { deleteOrInUse } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { Tenant } from "../../plugins/access.ts";
import { activeOnly, byName } from "./access.ts";
import { requireFreeNames } from "./free-names.ts";
import * as repo from "./incident-config.repository.ts";

const observationTypeOut = (row: repo.ObservationTypeRow, observationsCount: number): ObservationType => ({
  id: row.id,
  name_es: row.nameEs,
  name_en: row.nameEn,
  kind: row.kind as ObservationType["kind"],
  points: row.points,
  is_active: row.isActive,
  observations_count: observationsCount,
});

/** Observation types, positive or neutral, with their default points (master configuration › observations-configurator). */
export function createObservationTypesService(deps: { db: Db }) {
  const { db } = deps;

  /** Positive ones first, then neutral, each by name; only active ones unless a configurator asks for all. */
  async function list(tenant: Tenant, query: { include_inactive: boolean }) {
    const [rows, counts] = await Promise.all([
      repo.listObservationTypes(db, tenant.schoolId, { activeOnly: activeOnly(tenant, query.include_inactive) }),
      repo.observationsPerType(db, tenant.schoolId),
    ]);
    return rows
      .sort((a, b) => (a.kind === b.kind ? byName(a, b) : a.kind === "positive" ? -1 : 1))
      .map((r) => observationTypeOut(r, counts.get(r.id) ?? 0));
  }

  async function one(tx: Tx, schoolId: string, id: number) {
    const [row] = await repo.listObservationTypes(tx, schoolId, { id });
    if (!row) throw new AppError("NOT_FOUND");
    return observationTypeOut(row, (await repo.observationsPerType(tx, schoolId, id)).get(id) ?? 0);
  }

  async function create(tenant: Tenant, body: ObservationTypeBody) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await repo.lockCatalogue(tx, schoolId);
      await requireFreeNames(body, (name, lang) => repo.observationTypeNamed(tx, schoolId, name, lang));
      const row = await repo.insertObservationType(tx, {
        schoolId,
        nameEs: body.name_es,
        nameEn: body.name_en ?? null,
        kind: body.kind,
        points: body.points,
        isActive: body.is_active ?? true,
      });
      return observationTypeOut(row, 0);
    });
  }

  /** Edits a type; observations already recorded keep the points they were given. */
  async function update(tenant: Tenant, id: number, body: UpdateObservationTypeBody) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await repo.lockCatalogue(tx, schoolId);
      await one(tx, schoolId, id);
      await requireFreeNames(body, (name, lang) => repo.observationTypeNamed(tx, schoolId, name, lang, id));
      await repo.updateObservationType(tx, schoolId, id, {
        nameEs: body.name_es,
        nameEn: body.name_en,
        kind: body.kind,
        points: body.points,
        isActive: body.is_active,
      });
      return one(tx, schoolId, id);
    });
  }

  /** Deletes a type no observation uses (409 IN_USE otherwise: deactivate it instead). */
  async function remove(tenant: Tenant, id: number) {
    const { schoolId } = tenant;
    await deleteOrInUse(() =>
      db.transaction(async (tx) => {
        await repo.lockCatalogue(tx, schoolId);
        if ((await one(tx, schoolId, id)).observations_count > 0) throw new AppError("IN_USE");
        await repo.deleteObservationType(tx, schoolId, id);
      }),
    );
    return { id };
  }

  return { list, create, update, remove };
}

export type ObservationTypesService = ReturnType<typeof createObservationTypesService>;
