import {
  type CreateGradeBody,
  type CreateSectionBody,
  englishLevelName,
  type GradesQuery,
  type UpdateGradeBody,
  type UpdateSectionBody,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { deleteOrInUse, lockSchoolStructure } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Tenant } from "../../plugins/access.ts";
import { currentYear, findYear } from "../school-years/index.ts";
import * as repo from "./structure.repository.ts";

/** Sections (niveles) and their grades (master configuration › level-grade-group). */
export function createStructureService(deps: { db: Db; events: EventBus }) {
  const { db } = deps;

  /** Teachers' payloads (GET api/users/{id}?include=sections,grades) carry these names: drop the cached ones. */
  const renamed = (schoolId: string, change: unknown) => {
    if (change !== undefined) deps.events.emit("schools.changed", { schoolId });
  };

  const listSections = (tenant: Tenant) => repo.listSections(db, tenant.schoolId);

  async function sectionOut(tx: Tx, schoolId: string, id: number) {
    const row = (await repo.listSections(tx, schoolId)).find((s) => s.id === id);
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }

  /**
   * A level's English name as asked; when not given, it follows the Spanish name: the product's translation of a
   * level it knows ("Primaria" → "Primary"), else none (readers of English see the Spanish name).
   */
  const englishOf = (body: UpdateSectionBody) =>
    body.name_en !== undefined || body.name === undefined ? body.name_en : englishLevelName(body.name);

  /** Creates a section; its name must be new in the school. */
  async function createSection(tenant: Tenant, body: CreateSectionBody) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      if (await repo.sectionNamed(tx, schoolId, body.name)) throw new AppError("CONFLICT", { name: "CONFLICT" });
      const order = body.order ?? (await repo.nextOrder(tx, schoolId));
      const row = await repo.insertSection(tx, { schoolId, name: body.name, nameEn: englishOf(body), order });
      return sectionOut(tx, schoolId, row.id);
    });
  }

  async function updateSection(tenant: Tenant, id: number, body: UpdateSectionBody) {
    const { schoolId } = tenant;
    const out = await db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      if (!(await repo.findSection(tx, schoolId, id))) throw new AppError("NOT_FOUND");
      if (body.name !== undefined && (await repo.sectionNamed(tx, schoolId, body.name, id))) {
        throw new AppError("CONFLICT", { name: "CONFLICT" });
      }
      await repo.updateSection(tx, schoolId, id, { name: body.name, nameEn: englishOf(body), order: body.order });
      return sectionOut(tx, schoolId, id);
    });
    renamed(schoolId, body.name ?? body.name_en);
    return out;
  }

  /** Deletes a section without grades; one with grades is in use (409). */
  async function deleteSection(tenant: Tenant, id: number) {
    const { schoolId } = tenant;
    await deleteOrInUse(() =>
      db.transaction(async (tx) => {
        await lockSchoolStructure(tx, schoolId);
        if (!(await repo.findSection(tx, schoolId, id))) throw new AppError("NOT_FOUND");
        if ((await repo.countGrades(tx, schoolId, id)) > 0) throw new AppError("IN_USE");
        await repo.deleteSection(tx, schoolId, id);
      }),
    );
    return { id };
  }

  /** The year whose groups are counted: the one asked for (404 when not the school's) or the current one. */
  async function countedYear(tx: Tx, schoolId: string, yearId?: number) {
    if (yearId === undefined) return (await currentYear(tx, schoolId))?.id ?? null;
    if (!(await findYear(tx, schoolId, yearId))) throw new AppError("NOT_FOUND", { school_year_id: "NOT_FOUND" });
    return yearId;
  }

  async function listGrades(tenant: Tenant, query: GradesQuery) {
    const yearId = await countedYear(db, tenant.schoolId, query.school_year_id);
    return repo.listGrades(db, tenant.schoolId, { sectionId: query.section_id, yearId });
  }

  async function gradeOut(tx: Tx, schoolId: string, id: number) {
    const yearId = await countedYear(tx, schoolId);
    const row = (await repo.listGrades(tx, schoolId, { yearId })).find((g) => g.id === id);
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }

  async function requireSection(tx: Tx, schoolId: string, sectionId: number) {
    if (!(await repo.findSection(tx, schoolId, sectionId)))
      throw new AppError("NOT_FOUND", { section_id: "NOT_FOUND" });
  }

  /** Creates a grade in a section of the school; its name must be new in that section. */
  async function createGrade(tenant: Tenant, body: CreateGradeBody) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      await requireSection(tx, schoolId, body.section_id);
      if (await repo.gradeNamed(tx, schoolId, body.section_id, body.name)) {
        throw new AppError("CONFLICT", { name: "CONFLICT" });
      }
      const order = body.order ?? (await repo.nextOrder(tx, schoolId, body.section_id));
      const row = await repo.insertGrade(tx, { schoolId, sectionId: body.section_id, name: body.name, order });
      return gradeOut(tx, schoolId, row.id);
    });
  }

  async function updateGrade(tenant: Tenant, id: number, body: UpdateGradeBody) {
    const { schoolId } = tenant;
    const out = await db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      const grade = await repo.findGrade(tx, schoolId, id);
      if (!grade) throw new AppError("NOT_FOUND");
      if (body.section_id !== undefined) await requireSection(tx, schoolId, body.section_id);
      const sectionId = body.section_id ?? grade.sectionId;
      const name = body.name ?? grade.name;
      if (await repo.gradeNamed(tx, schoolId, sectionId, name, id))
        throw new AppError("CONFLICT", { name: "CONFLICT" });
      await repo.updateGrade(tx, schoolId, id, { sectionId: body.section_id, name: body.name, order: body.order });
      return gradeOut(tx, schoolId, id);
    });
    renamed(schoolId, body.name ?? body.section_id);
    return out;
  }

  /** Deletes a grade no group (of any year) and no subject uses. */
  async function deleteGrade(tenant: Tenant, id: number) {
    const { schoolId } = tenant;
    await deleteOrInUse(() =>
      db.transaction(async (tx) => {
        await lockSchoolStructure(tx, schoolId);
        if (!(await repo.findGrade(tx, schoolId, id))) throw new AppError("NOT_FOUND");
        const usage = await repo.gradeUsage(tx, schoolId, id);
        if (usage.groups > 0 || usage.subjects > 0) throw new AppError("IN_USE");
        await repo.deleteGrade(tx, schoolId, id);
      }),
    );
    return { id };
  }

  return {
    listSections,
    createSection,
    updateSection,
    deleteSection,
    listGrades,
    createGrade,
    updateGrade,
    deleteGrade,
  };
}

export type StructureService = ReturnType<typeof createStructureService>;
