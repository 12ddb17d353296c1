import { randomUUID } from "node:crypto";
import { type PointAwardBody, type PointAwardResult, RATING_LIMITS, todayIn } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { currentYear } from "../school-years/index.ts";
import { schoolTimeZone } from "./ledger.repository.ts";
import { runningBalances } from "./ledger.service.ts";
import {
  deleteAward,
  findAward,
  findGroup,
  findStudents,
  groupStudents,
  insertAwards,
  lockStudents,
  studentsOfGroups,
} from "./points.repository.ts";
import { managesPoints, type Reader, reachable, scopeOf } from "./points.scope.ts";

/**
 * Manual awards and redemptions (issue 13 §3): to one student, several, or a whole group at once, all or nothing.
 * A teacher gives them to the students of the groups they head or teach; the author takes one back the same day,
 * the Director any day.
 */
export function createAwardsService(deps: { db: Db }) {
  const { db } = deps;

  async function give(reader: Reader, body: PointAwardBody): Promise<PointAwardResult> {
    const { schoolId } = reader.tenant;
    return db.transaction(async (tx) => {
      const scope = await scopeOf(tx, reader);
      if (scope.kind === "family") throw new AppError("FORBIDDEN");
      const today = todayIn(await schoolTimeZone(tx, schoolId));
      if (body.awarded_on > today) throw new AppError("FUTURE_DATE", { awarded_on: "FUTURE_DATE" });
      const year = await currentYear(tx, schoolId);
      if (year && body.awarded_on < year.startsOn) {
        throw new AppError("BEFORE_SCHOOL_YEAR", { awarded_on: "BEFORE_SCHOOL_YEAR" });
      }

      const group = body.group_id === undefined ? undefined : await findGroup(tx, schoolId, body.group_id);
      if (body.group_id !== undefined && (!group || (scope.kind === "own" && !scope.groupIds.includes(group.id)))) {
        throw new AppError("VALIDATION", { group_id: "NOT_FOUND" });
      }
      let studentIds: number[];
      if (body.student_ids) {
        studentIds = body.student_ids;
        // One student the reader may not reach (another group, another school, no such id) refuses the batch.
        // One statement at a time: the queries share the transaction's connection.
        const reached = await reachable(tx, schoolId, scope, studentIds);
        const found = await findStudents(tx, schoolId, studentIds);
        const inGroup = group ? await studentsOfGroups(tx, schoolId, [group.id], studentIds) : null;
        const outside = studentIds.filter((id) => !reached.has(id) || (inGroup !== null && !inGroup.includes(id)));
        if (outside.length > 0) throw new AppError("VALIDATION", { student_ids: "NOT_FOUND" });
        if (found.some((s) => s.status !== "active")) {
          throw new AppError("INACTIVE_OPTION", { student_ids: "INACTIVE_OPTION" });
        }
      } else {
        studentIds = (await groupStudents(tx, schoolId, group!.id)).map((s) => s.id);
        if (studentIds.length === 0) throw new AppError("VALIDATION", { group_id: "EMPTY_FIELDS" });
        if (studentIds.length > RATING_LIMITS.awardStudentsMax)
          throw new AppError("VALIDATION", { group_id: "VALIDATION" });
      }

      if (body.kind === "redemption") await refuseOverdraft(tx, schoolId, studentIds, body.points);

      const batchId = studentIds.length > 1 ? randomUUID() : null;
      const sign = body.kind === "redemption" ? -1 : 1;
      const ids = await insertAwards(
        tx,
        schoolId,
        studentIds.map((studentId) => ({
          studentId,
          kind: body.kind,
          points: sign * body.points,
          reason: body.reason,
          awardedOn: body.awarded_on,
          batchId,
          groupId: group?.id ?? null,
          awardedBy: reader.userId,
        })),
      );
      return { batch_id: batchId, ids };
    });
  }

  /** Takes back an award or redemption: its author on the day it was given, or a school-wide manager. */
  async function remove(reader: Reader, id: number): Promise<{ id: number }> {
    const { schoolId } = reader.tenant;
    return db.transaction(async (tx) => {
      const award = await findAward(tx, schoolId, id);
      if (!award) throw new AppError("NOT_FOUND");
      // Taking an award back lowers the balance: it waits for a redemption of the same student running now, so
      // that redemption's check and this removal happen one after the other. It is a correction of the record
      // (like an incident), so the balance does not refuse it.
      await lockStudents(tx, schoolId, [award.studentId]);
      const scope = await scopeOf(tx, reader);
      if (!(await reachable(tx, schoolId, scope, [award.studentId])).has(award.studentId)) {
        throw new AppError("NOT_FOUND");
      }
      if (!managesPoints(reader, scope)) {
        const tz = await schoolTimeZone(tx, schoolId);
        const sameDay = todayIn(tz, award.createdAt) === todayIn(tz);
        if (award.awardedBy !== reader.userId || !sameDay) throw new AppError("FORBIDDEN");
      }
      await deleteAward(tx, schoolId, id);
      return { id };
    });
  }

  return { give, remove };
}

/**
 * A redemption spends the running balance (since the school's reset) and never takes it below zero (issue 24 §1):
 * the students are locked first, so concurrent redemptions of one student read the balance one after the other,
 * each after the one before it committed; a single request that asks for more than a balance holds is refused
 * whole, naming the students it cannot cover.
 */
async function refuseOverdraft(tx: Tx, schoolId: string, studentIds: number[], points: number) {
  await lockStudents(tx, schoolId, studentIds);
  const balances = await runningBalances(tx, schoolId, studentIds);
  const short = studentIds.filter((id) => balances.get(id)! < points);
  if (short.length === 0) return;
  const names = (await findStudents(tx, schoolId, short)).map((s) => s.name).sort((p, q) => p.localeCompare(q));
  throw new AppError("INSUFFICIENT_POINTS", { points: "INSUFFICIENT_POINTS" }, { students: names.join(", ") });
}

export type AwardsService = ReturnType<typeof createAwardsService>;
