import type { CreateGroupBody, GroupsQuery, UpdateGroupBody } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { deleteOrInUse, lockSchoolStructure } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Tenant } from "../../plugins/access.ts";
import { currentYear, findYear } from "../school-years/index.ts";
import * as groupsRepo from "./groups.repository.ts";
import { findGrade, isActiveStaff } from "./structure.repository.ts";

/** Groups of a grade in a school year, each with its head teacher (master configuration › level-grade-group). */
export function createGroupsService(deps: { db: Db; events: EventBus }) {
  const { db } = deps;

  /** The year named (404 when not the school's) or else the current one (undefined when there is none). */
  async function yearOf(tx: Tx, schoolId: string, yearId?: number) {
    if (yearId === undefined) return currentYear(tx, schoolId);
    const year = await findYear(tx, schoolId, yearId);
    if (!year) throw new AppError("NOT_FOUND", { school_year_id: "NOT_FOUND" });
    return year;
  }

  async function list(tenant: Tenant, query: GroupsQuery) {
    const year = await yearOf(db, tenant.schoolId, query.school_year_id);
    if (!year) return [];
    return groupsRepo.listGroups(db, tenant.schoolId, { yearId: year.id, gradeId: query.grade_id });
  }

  async function groupOut(tx: Tx, schoolId: string, id: number, yearId: number) {
    const [row] = await groupsRepo.listGroups(tx, schoolId, { yearId, id });
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }

  async function requireGrade(tx: Tx, schoolId: string, gradeId: number) {
    if (!(await findGrade(tx, schoolId, gradeId))) throw new AppError("NOT_FOUND", { grade_id: "NOT_FOUND" });
  }

  /** Spec §5's owner must be someone who can teach: an active staff member of the school. */
  async function requireHeadTeacher(tx: Tx, schoolId: string, userId: number | null | undefined) {
    if (userId == null) return;
    if (!(await isActiveStaff(tx, schoolId, userId))) throw new AppError("NOT_STAFF", { head_teacher_id: "NOT_STAFF" });
  }

  async function requireFreeName(tx: Tx, schoolId: string, key: groupsRepo.GroupKey, exceptId?: number) {
    if (await groupsRepo.groupNamed(tx, schoolId, key, exceptId)) throw new AppError("CONFLICT", { name: "CONFLICT" });
  }

  /** Creates a group in the year named or the current one; a closed year takes no new groups. */
  async function create(tenant: Tenant, body: CreateGroupBody) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      await requireGrade(tx, schoolId, body.grade_id);
      const year = await yearOf(tx, schoolId, body.school_year_id);
      if (!year) throw new AppError("CURRENT_YEAR_REQUIRED", { school_year_id: "CURRENT_YEAR_REQUIRED" });
      if (year.closedAt) throw new AppError("YEAR_CLOSED");
      await requireHeadTeacher(tx, schoolId, body.head_teacher_id);
      await requireFreeName(tx, schoolId, { gradeId: body.grade_id, yearId: year.id, name: body.name });
      const row = await groupsRepo.insertGroup(tx, {
        schoolId,
        gradeId: body.grade_id,
        schoolYearId: year.id,
        name: body.name,
        headTeacherId: body.head_teacher_id ?? null,
      });
      return groupOut(tx, schoolId, row.id, year.id);
    });
  }

  /** Renames a group, moves it to another grade or changes (or clears) its head teacher. */
  async function update(tenant: Tenant, id: number, body: UpdateGroupBody) {
    const { schoolId } = tenant;
    const out = await db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      const group = await groupsRepo.findGroup(tx, schoolId, id);
      if (!group) throw new AppError("NOT_FOUND");
      if (group.yearClosed) throw new AppError("YEAR_CLOSED");
      if (body.grade_id !== undefined) await requireGrade(tx, schoolId, body.grade_id);
      await requireHeadTeacher(tx, schoolId, body.head_teacher_id);
      const key = {
        gradeId: body.grade_id ?? group.gradeId,
        yearId: group.schoolYearId,
        name: body.name ?? group.name,
      };
      await requireFreeName(tx, schoolId, key, id);
      await groupsRepo.updateGroup(tx, schoolId, id, {
        gradeId: body.grade_id,
        name: body.name,
        headTeacherId: body.head_teacher_id,
      });
      return groupOut(tx, schoolId, id, group.schoolYearId);
    });
    // Teachers' payloads (GET api/users/{id}?include=grades) name their groups and grades; a new grade or head
    // teacher also changes what the rollups count, whose rebuild the rollups module queues on this event.
    const changed = body.name ?? body.grade_id ?? body.head_teacher_id;
    if (changed !== undefined) deps.events.emit("schools.changed", { schoolId });
    return out;
  }

  /** Deletes a group without students or teaching assignments; a closed year's groups stay. */
  async function remove(tenant: Tenant, id: number) {
    const { schoolId } = tenant;
    await deleteOrInUse(() =>
      db.transaction(async (tx) => {
        await lockSchoolStructure(tx, schoolId);
        const group = await groupsRepo.findGroup(tx, schoolId, id);
        if (!group) throw new AppError("NOT_FOUND");
        if (group.yearClosed) throw new AppError("YEAR_CLOSED");
        const usage = await groupsRepo.groupUsage(tx, schoolId, id);
        if (usage.students > 0 || usage.assignments > 0) throw new AppError("IN_USE");
        await groupsRepo.deleteGroup(tx, schoolId, id);
      }),
    );
    return { id };
  }

  return { list, create, update, remove };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
