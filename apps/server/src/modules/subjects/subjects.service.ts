import type { CreateSubjectBody, UpdateSubjectBody } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { deleteOrInUse, lockSchoolStructure } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Tenant } from "../../plugins/access.ts";
import * as repo from "./subjects.repository.ts";

/** Subjects and the grades they are taught in (master configuration › subject). Codes are unique per school. */
export function createSubjectsService(deps: { db: Db; events: EventBus }) {
  const { db } = deps;

  const list = (tenant: Tenant, query: { grade_id?: number }) =>
    repo.listSubjects(db, tenant.schoolId, { gradeId: query.grade_id });

  async function subjectOut(tx: Tx, schoolId: string, id: number) {
    const [row] = await repo.listSubjects(tx, schoolId, { id });
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }

  async function requireFreeCode(tx: Tx, schoolId: string, code: string | null | undefined, exceptId?: number) {
    if (code && (await repo.subjectWithCode(tx, schoolId, code, exceptId))) {
      throw new AppError("CONFLICT", { code: "CONFLICT" });
    }
  }

  /** Every grade must be the school's: another school's grade id is 404 like any other foreign id. */
  async function requireGrades(tx: Tx, schoolId: string, gradeIds: readonly number[]) {
    if ((await repo.missingGrades(tx, schoolId, gradeIds)).length > 0) {
      throw new AppError("NOT_FOUND", { grade_ids: "NOT_FOUND" });
    }
  }

  async function create(tenant: Tenant, body: CreateSubjectBody) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      await requireFreeCode(tx, schoolId, body.code);
      await requireGrades(tx, schoolId, body.grade_ids);
      const row = await repo.insertSubject(tx, { schoolId, name: body.name, code: body.code ?? null });
      await repo.setSubjectGrades(tx, schoolId, row.id, body.grade_ids);
      return subjectOut(tx, schoolId, row.id);
    });
  }

  /**
   * Renames, recodes or replaces the subject's grades. A grade whose groups are taught the subject cannot be
   * dropped (409 IN_USE): the assignments would be left pointing at a subject their grade no longer has.
   */
  async function update(tenant: Tenant, id: number, body: UpdateSubjectBody) {
    const { schoolId } = tenant;
    const out = await db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      if (!(await repo.findSubject(tx, schoolId, id))) throw new AppError("NOT_FOUND");
      await requireFreeCode(tx, schoolId, body.code, id);
      if (body.grade_ids) {
        await requireGrades(tx, schoolId, body.grade_ids);
        if ((await repo.assignmentsOutside(tx, schoolId, id, body.grade_ids)) > 0) {
          throw new AppError("IN_USE", { grade_ids: "IN_USE" });
        }
        await repo.setSubjectGrades(tx, schoolId, id, body.grade_ids);
      }
      await repo.updateSubject(tx, schoolId, id, { name: body.name, code: body.code });
      return subjectOut(tx, schoolId, id);
    });
    // Teachers' payloads (GET api/users/{id}?include=subjects) name their subjects.
    if (body.name !== undefined) deps.events.emit("schools.changed", { schoolId });
    return out;
  }

  /** Deletes a subject nobody teaches (409 IN_USE otherwise). */
  async function remove(tenant: Tenant, id: number) {
    const { schoolId } = tenant;
    await deleteOrInUse(() =>
      db.transaction(async (tx) => {
        await lockSchoolStructure(tx, schoolId);
        const [subject] = await repo.listSubjects(tx, schoolId, { id });
        if (!subject) throw new AppError("NOT_FOUND");
        if (subject.assignments_count > 0) throw new AppError("IN_USE");
        await repo.deleteSubject(tx, schoolId, id);
      }),
    );
    return { id };
  }

  return { list, create, update, remove };
}

export type SubjectsService = ReturnType<typeof createSubjectsService>;
