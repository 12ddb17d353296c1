import { count, eq, ne, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import {
  accompanimentObservations,
  incidentCategories,
  incidents,
  incidentTypes,
  observationTypes,
  protocols,
} from "../../db/schema/index.ts";
import { forSchool, schoolRows } from "../../lib/tenant-db.ts";

export type CategoryRow = typeof incidentCategories.$inferSelect;
export type TypeRow = typeof incidentTypes.$inferSelect;
export type ObservationTypeRow = typeof observationTypes.$inferSelect;

/**
 * Serialises a school's catalogue writes for the rest of the transaction, so two requests cannot both find a name
 * free. Other schools and readers never wait.
 */
export async function lockCatalogue(tx: Tx, schoolId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`incident-config:${schoolId}`}, 0))`);
}

/** Same text ignoring case and surrounding spaces: "Conducta" and "conducta " name one thing. */
const sameName = (column: AnyPgColumn, value: string) => sql`lower(trim(${column})) = lower(trim(${value}))`;

// ───────────────────────── categories and types ─────────────────────────

export async function listCategories(tx: Tx, schoolId: string, activeOnly: boolean) {
  return forSchool(tx, schoolId)
    .select(incidentCategories)
    .where(activeOnly ? eq(incidentCategories.isActive, true) : undefined);
}

export async function listTypes(tx: Tx, schoolId: string, filter: { activeOnly?: boolean; categoryId?: number } = {}) {
  return forSchool(tx, schoolId)
    .select(incidentTypes)
    .where(
      filter.activeOnly ? eq(incidentTypes.isActive, true) : undefined,
      filter.categoryId ? eq(incidentTypes.categoryId, filter.categoryId) : undefined,
    );
}

/** Incidents registered with each type of the school (only types that have any). */
export async function incidentsPerType(tx: Tx, schoolId: string, typeId?: number) {
  const rows = await forSchool(tx, schoolId)
    .pick(incidents, { typeId: incidents.typeId, n: count() })
    .where(typeId ? eq(incidents.typeId, typeId) : undefined)
    .groupBy(incidents.typeId);
  return new Map(rows.map((r) => [r.typeId, r.n]));
}

/** Incidents filed under the category (an incident keeps its category when its type later moves). */
export async function incidentsInCategory(tx: Tx, schoolId: string, categoryId: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(incidents, { n: count() })
    .where(eq(incidents.categoryId, categoryId));
  return row?.n ?? 0;
}

export async function findCategory(tx: Tx, schoolId: string, id: number): Promise<CategoryRow | undefined> {
  const [row] = await forSchool(tx, schoolId).select(incidentCategories).where(eq(incidentCategories.id, id));
  return row;
}

export async function findType(tx: Tx, schoolId: string, id: number): Promise<TypeRow | undefined> {
  const [row] = await forSchool(tx, schoolId).select(incidentTypes).where(eq(incidentTypes.id, id));
  return row;
}

/** The highest order of the school's categories, so a new one goes last. */
export async function lastCategoryOrder(tx: Tx, schoolId: string) {
  const [row] = await forSchool(tx, schoolId)
    .pick(incidentCategories, { max: sql<number | null>`max(${incidentCategories.order})` })
    .where();
  return row?.max ?? 0;
}

/** Another category of the school with this Spanish or English name. */
export async function categoryNamed(tx: Tx, schoolId: string, name: string, column: "es" | "en", exceptId?: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(incidentCategories, { id: incidentCategories.id })
    .where(
      sameName(column === "es" ? incidentCategories.nameEs : incidentCategories.nameEn, name),
      exceptId ? ne(incidentCategories.id, exceptId) : undefined,
    );
  return row;
}

/** Another type of the category with this Spanish or English name. */
export async function typeNamed(
  tx: Tx,
  schoolId: string,
  categoryId: number,
  name: string,
  column: "es" | "en",
  exceptId?: number,
) {
  const [row] = await forSchool(tx, schoolId)
    .pick(incidentTypes, { id: incidentTypes.id })
    .where(
      eq(incidentTypes.categoryId, categoryId),
      sameName(column === "es" ? incidentTypes.nameEs : incidentTypes.nameEn, name),
      exceptId ? ne(incidentTypes.id, exceptId) : undefined,
    );
  return row;
}

const categoryRows = schoolRows(incidentCategories);
export const insertCategory = categoryRows.insert;
export const updateCategory = categoryRows.update;
export const deleteCategory = categoryRows.delete;

const typeRows = schoolRows(incidentTypes);
export const insertType = typeRows.insert;
export const updateType = typeRows.update;
export const deleteType = typeRows.delete;

// ───────────────────────── observation types ─────────────────────────

export async function listObservationTypes(tx: Tx, schoolId: string, filter: { activeOnly?: boolean; id?: number }) {
  return forSchool(tx, schoolId)
    .select(observationTypes)
    .where(
      filter.activeOnly ? eq(observationTypes.isActive, true) : undefined,
      filter.id ? eq(observationTypes.id, filter.id) : undefined,
    );
}

/** Observations recorded with each observation type of the school (only types that have any). */
export async function observationsPerType(tx: Tx, schoolId: string, typeId?: number) {
  const rows = await forSchool(tx, schoolId)
    .pick(accompanimentObservations, { typeId: accompanimentObservations.observationTypeId, n: count() })
    .where(typeId ? eq(accompanimentObservations.observationTypeId, typeId) : undefined)
    .groupBy(accompanimentObservations.observationTypeId);
  return new Map(rows.map((r) => [r.typeId, r.n]));
}

/** Another observation type of the school with this Spanish or English name. */
export async function observationTypeNamed(
  tx: Tx,
  schoolId: string,
  name: string,
  column: "es" | "en",
  exceptId?: number,
) {
  const [row] = await forSchool(tx, schoolId)
    .pick(observationTypes, { id: observationTypes.id })
    .where(
      sameName(column === "es" ? observationTypes.nameEs : observationTypes.nameEn, name),
      exceptId ? ne(observationTypes.id, exceptId) : undefined,
    );
  return row;
}

const observationTypeRows = schoolRows(observationTypes);
export const insertObservationType = observationTypeRows.insert;
export const updateObservationType = observationTypeRows.update;
export const deleteObservationType = observationTypeRows.delete;

/** Whether the protocol is the school's (issue 30 §2). */
export async function protocolExists(tx: Tx, schoolId: string, id: number) {
  const [row] = await forSchool(tx, schoolId).pick(protocols, { id: protocols.id }).where(eq(protocols.id, id));
  return row !== undefined;
}
