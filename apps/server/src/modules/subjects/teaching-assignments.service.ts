import type { TeachingAssignmentBody, TeachingAssignmentsQuery } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { lockSchoolStructure } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Tenant } from "../../plugins/access.ts";
import { currentYear, findYear } from "../school-years/index.ts";
import { assignmentsInGroup, findGroup, isActiveStaff } from "../structure/index.ts";
import { findSubject, isTaughtIn } from "./subjects.repository.ts";
import * as repo from "./teaching-assignments.repository.ts";

const tripleOf = (body: TeachingAssignmentBody): repo.Triple => ({
  userId: body.user_id,
  groupId: body.group_id,
  subjectId: body.subject_id,
});

/** Who teaches which subject to which group (user × group × subject). */
export function createTeachingAssignmentsService(deps: { db: Db; events: EventBus }) {
  const { db } = deps;

  /** A group's assignments, or else those of the year asked for (default: the current one). */
  async function list(tenant: Tenant, query: TeachingAssignmentsQuery) {
    const { schoolId } = tenant;
    if (query.group_id) return repo.listAssignments(db, schoolId, { groupId: query.group_id, userId: query.user_id });
    let yearId = query.school_year_id;
    if (yearId !== undefined && !(await findYear(db, schoolId, yearId))) {
      throw new AppError("NOT_FOUND", { school_year_id: "NOT_FOUND" });
    }
    yearId ??= (await currentYear(db, schoolId))?.id;
    if (yearId === undefined) return [];
    return repo.listAssignments(db, schoolId, { userId: query.user_id, yearId });
  }

  /** The group of the school (404) in an open year (409 YEAR_CLOSED). */
  async function openGroup(tx: Tx, schoolId: string, groupId: number) {
    const group = await findGroup(tx, schoolId, groupId);
    if (!group) throw new AppError("NOT_FOUND", { group_id: "NOT_FOUND" });
    if (group.yearClosed) throw new AppError("YEAR_CLOSED");
    return group;
  }

  async function assignmentOut(tx: Tx, schoolId: string, t: repo.Triple) {
    const rows = await repo.listAssignments(tx, schoolId, { groupId: t.groupId, userId: t.userId });
    return rows.find((r) => r.subject_id === t.subjectId)!;
  }

  /**
   * Assigns a subject of the group's grade to an active staff member for that group. The same triple twice is
   * 409 CONFLICT.
   */
  async function create(tenant: Tenant, body: TeachingAssignmentBody) {
    const { schoolId } = tenant;
    const t = tripleOf(body);
    const out = await db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      const group = await openGroup(tx, schoolId, t.groupId);
      if (!(await findSubject(tx, schoolId, t.subjectId))) throw new AppError("NOT_FOUND", { subject_id: "NOT_FOUND" });
      if (!(await isActiveStaff(tx, schoolId, t.userId))) throw new AppError("NOT_STAFF", { user_id: "NOT_STAFF" });
      if (!(await isTaughtIn(tx, schoolId, t.subjectId, group.gradeId))) {
        throw new AppError("SUBJECT_NOT_IN_GRADE", { subject_id: "SUBJECT_NOT_IN_GRADE" });
      }
      if (await repo.findAssignment(tx, schoolId, t)) throw new AppError("CONFLICT");
      await repo.insertAssignment(tx, schoolId, t);
      return assignmentOut(tx, schoolId, t);
    });
    // The teacher's payload (include=sections,grades,subjects) lists what they teach.
    deps.events.emit("memberships.changed", { schoolId, userId: t.userId });
    return out;
  }

  /**
   * Removes one assignment. Spec §5: the head teacher of the group cannot be unassigned from it, so their last
   * subject in a group they own is refused (409 HEAD_TEACHER_OWNS_GROUP); another of their subjects may go.
   */
  async function remove(tenant: Tenant, body: TeachingAssignmentBody) {
    const { schoolId } = tenant;
    const t = tripleOf(body);
    await db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      if (!(await repo.findAssignment(tx, schoolId, t))) throw new AppError("NOT_FOUND");
      const group = await openGroup(tx, schoolId, t.groupId);
      const ownsGroup = group.headTeacherId === t.userId;
      if (ownsGroup && (await assignmentsInGroup(tx, schoolId, t.userId, t.groupId)) <= 1) {
        throw new AppError("HEAD_TEACHER_OWNS_GROUP");
      }
      await repo.deleteAssignment(tx, schoolId, t);
    });
    deps.events.emit("memberships.changed", { schoolId, userId: t.userId });
    return { user_id: t.userId, group_id: t.groupId, subject_id: t.subjectId };
  }

  return { list, create, remove };
}

export type TeachingAssignmentsService = ReturnType<typeof createTeachingAssignmentsService>;
