import {
  type CategoryBody,
  INCIDENT_LIMITS,
  type IncidentCategory,
  type IncidentType,
  type IncidentTypeBody,
  parseGuidelines,
  type UpdateCategoryBody,
  type UpdateIncidentTypeBody,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { deleteOrInUse } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { Tenant } from "../../plugins/access.ts";
import { activeOnly, byName } from "./access.ts";
import { requireFreeNames } from "./free-names.ts";
import * as repo from "./incident-config.repository.ts";

const typeOut = (row: repo.TypeRow, incidentsCount: number): IncidentType => ({
  id: row.id,
  category_id: row.categoryId,
  name_es: row.nameEs,
  name_en: row.nameEn,
  classification: row.classification as IncidentType["classification"],
  default_points: row.defaultPoints,
  notify_family: row.notifyFamily,
  guidelines: row.guidelines,
  guidelines_en: row.guidelinesEn,
  is_active: row.isActive,
  protocol_id: row.protocolId,
  incidents_count: incidentsCount,
});

const categoryOut = (row: repo.CategoryRow, types: IncidentType[]): IncidentCategory => ({
  id: row.id,
  name_es: row.nameEs,
  name_en: row.nameEn,
  order: row.order,
  is_active: row.isActive,
  types,
});

/**
 * The configurator's text (one guideline per line) as stored: a hyphen-only line is refused (spec §5; the
 * request schema already says so), and so are more guidelines, or longer ones, than INCIDENT_LIMITS allows.
 */
function guidelinesOf(text: string, field: "guidelines" | "guidelines_en" = "guidelines"): string[] {
  const list = parseGuidelines(text);
  if (!list) throw new AppError("GUIDELINE_HYPHEN_ONLY", { [field]: "GUIDELINE_HYPHEN_ONLY" });
  if (list.length > INCIDENT_LIMITS.maxGuidelines || list.some((g) => g.length > INCIDENT_LIMITS.guidelineMax)) {
    throw new AppError(
      "GUIDELINES_LIMIT",
      { [field]: "GUIDELINES_LIMIT" },
      { max: INCIDENT_LIMITS.maxGuidelines, length: INCIDENT_LIMITS.guidelineMax },
    );
  }
  return list;
}

/** Incident categories and their types (master configuration › incidents-configurator). */
export function createIncidentConfigService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * Categories by order then name, each with its types by name. Only active ones unless a configurator asks
   * for everything (`include_inactive`).
   */
  async function list(tenant: Tenant, query: { include_inactive: boolean }) {
    const onlyActive = activeOnly(tenant, query.include_inactive);
    const [categories, types, counts] = await Promise.all([
      repo.listCategories(db, tenant.schoolId, onlyActive),
      repo.listTypes(db, tenant.schoolId, { activeOnly: onlyActive }),
      repo.incidentsPerType(db, tenant.schoolId),
    ]);
    return categories
      .sort((a, b) => a.order - b.order || byName(a, b))
      .map((c) =>
        categoryOut(
          c,
          types
            .filter((t) => t.categoryId === c.id)
            .sort(byName)
            .map((t) => typeOut(t, counts.get(t.id) ?? 0)),
        ),
      );
  }

  async function categoryWithTypes(tx: Tx, schoolId: string, id: number) {
    const row = await repo.findCategory(tx, schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    const [types, counts] = await Promise.all([
      repo.listTypes(tx, schoolId, { categoryId: id }),
      repo.incidentsPerType(tx, schoolId),
    ]);
    return categoryOut(
      row,
      types.sort(byName).map((t) => typeOut(t, counts.get(t.id) ?? 0)),
    );
  }

  async function createCategory(tenant: Tenant, body: CategoryBody) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await repo.lockCatalogue(tx, schoolId);
      await requireFreeNames(body, (name, lang) => repo.categoryNamed(tx, schoolId, name, lang));
      const row = await repo.insertCategory(tx, {
        schoolId,
        nameEs: body.name_es,
        nameEn: body.name_en ?? null,
        order: body.order ?? (await repo.lastCategoryOrder(tx, schoolId)) + 1,
        isActive: body.is_active ?? true,
      });
      return categoryOut(row, []);
    });
  }

  async function updateCategory(tenant: Tenant, id: number, body: UpdateCategoryBody) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await repo.lockCatalogue(tx, schoolId);
      if (!(await repo.findCategory(tx, schoolId, id))) throw new AppError("NOT_FOUND");
      await requireFreeNames(body, (name, lang) => repo.categoryNamed(tx, schoolId, name, lang, id));
      await repo.updateCategory(tx, schoolId, id, {
        nameEs: body.name_es,
        nameEn: body.name_en,
        order: body.order,
        isActive: body.is_active,
      });
      return categoryWithTypes(tx, schoolId, id);
    });
  }

  /** Deletes an empty category nobody filed an incident under (409 IN_USE otherwise: deactivate it instead). */
  async function removeCategory(tenant: Tenant, id: number) {
    const { schoolId } = tenant;
    await deleteOrInUse(() =>
      db.transaction(async (tx) => {
        await repo.lockCatalogue(tx, schoolId);
        if (!(await repo.findCategory(tx, schoolId, id))) throw new AppError("NOT_FOUND");
        const types = await repo.listTypes(tx, schoolId, { categoryId: id });
        if (types.length > 0 || (await repo.incidentsInCategory(tx, schoolId, id)) > 0) throw new AppError("IN_USE");
        await repo.deleteCategory(tx, schoolId, id);
      }),
    );
    return { id };
  }

  /** The category a type goes in must be the school's: another school's id is 404 like any foreign id. */
  async function requireCategory(tx: Tx, schoolId: string, categoryId: number) {
    if (!(await repo.findCategory(tx, schoolId, categoryId))) {
      throw new AppError("NOT_FOUND", { category_id: "NOT_FOUND" });
    }
  }

  /** A type follows one of the school's protocols: another school's id is 404 like any foreign id. */
  async function requireProtocol(tx: Tx, schoolId: string, protocolId: number) {
    if (!(await repo.protocolExists(tx, schoolId, protocolId))) {
      throw new AppError("NOT_FOUND", { protocol_id: "NOT_FOUND" });
    }
  }

  async function typeWithCount(tx: Tx, schoolId: string, id: number) {
    const row = await repo.findType(tx, schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    return typeOut(row, (await repo.incidentsPerType(tx, schoolId, id)).get(id) ?? 0);
  }

  async function createType(tenant: Tenant, body: IncidentTypeBody) {
    const { schoolId } = tenant;
    const guidelines = guidelinesOf(body.guidelines);
    const guidelinesEn = guidelinesOf(body.guidelines_en, "guidelines_en");
    return db.transaction(async (tx) => {
      await repo.lockCatalogue(tx, schoolId);
      await requireCategory(tx, schoolId, body.category_id);
      if (body.protocol_id) await requireProtocol(tx, schoolId, body.protocol_id);
      await requireFreeNames(body, (name, lang) => repo.typeNamed(tx, schoolId, body.category_id, name, lang));
      const row = await repo.insertType(tx, {
        schoolId,
        categoryId: body.category_id,
        nameEs: body.name_es,
        nameEn: body.name_en ?? null,
        classification: body.classification,
        defaultPoints: body.default_points,
        notifyFamily: body.notify_family,
        guidelines,
        guidelinesEn,
        isActive: body.is_active ?? true,
        protocolId: body.protocol_id ?? null,
      });
      return typeOut(row, 0);
    });
  }

  /**
   * Edits a type. Incidents already registered keep the classification and points they were given, so a used
   * type may change freely; it may also move to another category of the school.
   */
  async function updateType(tenant: Tenant, id: number, body: UpdateIncidentTypeBody) {
    const { schoolId } = tenant;
    const guidelines = body.guidelines === undefined ? undefined : guidelinesOf(body.guidelines);
    const guidelinesEn =
      body.guidelines_en === undefined ? undefined : guidelinesOf(body.guidelines_en, "guidelines_en");
    return db.transaction(async (tx) => {
      await repo.lockCatalogue(tx, schoolId);
      const current = await repo.findType(tx, schoolId, id);
      if (!current) throw new AppError("NOT_FOUND");
      if (body.category_id !== undefined) await requireCategory(tx, schoolId, body.category_id);
      if (body.protocol_id) await requireProtocol(tx, schoolId, body.protocol_id);
      if (body.name_es !== undefined || body.name_en || body.category_id !== undefined) {
        const names = {
          name_es: body.name_es ?? current.nameEs,
          name_en: body.name_en === undefined ? current.nameEn : body.name_en,
        };
        const categoryId = body.category_id ?? current.categoryId;
        await requireFreeNames(names, (name, lang) => repo.typeNamed(tx, schoolId, categoryId, name, lang, id));
      }
      await repo.updateType(tx, schoolId, id, {
        categoryId: body.category_id,
        nameEs: body.name_es,
        nameEn: body.name_en,
        classification: body.classification,
        defaultPoints: body.default_points,
        notifyFamily: body.notify_family,
        guidelines,
        guidelinesEn,
        isActive: body.is_active,
        protocolId: body.protocol_id,
      });
      return typeWithCount(tx, schoolId, id);
    });
  }

  /** Deletes a type no incident uses (409 IN_USE otherwise: deactivate it instead). */
  async function removeType(tenant: Tenant, id: number) {
    const { schoolId } = tenant;
    await deleteOrInUse(() =>
      db.transaction(async (tx) => {
        await repo.lockCatalogue(tx, schoolId);
        const type = await typeWithCount(tx, schoolId, id);
        if (type.incidents_count > 0) throw new AppError("IN_USE");
        await repo.deleteType(tx, schoolId, id);
      }),
    );
    return { id };
  }

  return { list, createCategory, updateCategory, removeCategory, createType, updateType, removeType };
}

export type IncidentConfigService = ReturnType<typeof createIncidentConfigService>;
