import type { AdjustmentInput, BarrierInput } from "@convive/domain";
import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  conditionAdjustments,
  conditionBarriers,
  conditionTypes,
  studentConditions,
  users,
} from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool, ofSchool } from "../../lib/tenant-db.ts";

export const conditionTypesOf = (tx: Tx, schoolId: string) =>
  forSchool(tx, schoolId).select(conditionTypes).where().orderBy(asc(conditionTypes.id));

export async function conditionType(tx: Tx, schoolId: string, id: number) {
  const [row] = await forSchool(tx, schoolId).select(conditionTypes).where(eq(conditionTypes.id, id));
  return row;
}

type TypeValues = { name: string; nameEn: string; active: boolean };
export const insertConditionType = (tx: Tx, schoolId: string, v: TypeValues) =>
  forSchool(tx, schoolId).insert(conditionTypes, v).returning();

export const updateConditionType = (tx: Tx, schoolId: string, id: number, v: TypeValues) =>
  forSchool(tx, schoolId).update(conditionTypes, v).where(eq(conditionTypes.id, id)).returning();

/** Conditions with their type's names and their author's name, active ones first. */
function conditionsWhere(tx: Tx, schoolId: string, ...conditions: (SQL | undefined)[]) {
  return tx
    .select({
      c: studentConditions,
      typeName: conditionTypes.name,
      typeNameEn: conditionTypes.nameEn,
      by: personName(users),
    })
    .from(studentConditions)
    .innerJoin(
      conditionTypes,
      and(
        eq(conditionTypes.schoolId, studentConditions.schoolId),
        eq(conditionTypes.id, studentConditions.conditionTypeId),
      ),
    )
    .innerJoin(users, eq(users.id, studentConditions.createdBy))
    .where(ofSchool(studentConditions, schoolId, ...conditions))
    .orderBy(desc(studentConditions.active), asc(studentConditions.id));
}
export type ConditionRow = Awaited<ReturnType<typeof conditionsWhere>>[number];

export const conditionsOf = (tx: Tx, schoolId: string, studentId: number) =>
  conditionsWhere(tx, schoolId, eq(studentConditions.studentId, studentId));

export async function conditionById(tx: Tx, schoolId: string, id: number) {
  const [row] = await conditionsWhere(tx, schoolId, eq(studentConditions.id, id));
  return row;
}

/** The barriers and adjustments still on these conditions' lists, in the order they were written. */
export async function partsOf(tx: Tx, schoolId: string, conditionIds: readonly number[]) {
  if (conditionIds.length === 0) return { barriers: [], adjustments: [] };
  const ids = [...conditionIds];
  const [barriers, adjustments] = await Promise.all([
    forSchool(tx, schoolId)
      .select(conditionBarriers)
      .where(inArray(conditionBarriers.conditionId, ids), eq(conditionBarriers.active, true))
      .orderBy(asc(conditionBarriers.id)),
    forSchool(tx, schoolId)
      .select(conditionAdjustments)
      .where(inArray(conditionAdjustments.conditionId, ids), eq(conditionAdjustments.active, true))
      .orderBy(asc(conditionAdjustments.id)),
  ]);
  return { barriers, adjustments };
}
export type Parts = Awaited<ReturnType<typeof partsOf>>;

export async function insertCondition(
  tx: Tx,
  schoolId: string,
  values: Omit<typeof studentConditions.$inferInsert, "schoolId">,
) {
  const [row] = await forSchool(tx, schoolId).insert(studentConditions, values).returning({ id: studentConditions.id });
  return row!.id;
}

export const updateCondition = (
  tx: Tx,
  schoolId: string,
  id: number,
  patch: Partial<Omit<typeof studentConditions.$inferInsert, "schoolId" | "id">>,
) =>
  forSchool(tx, schoolId)
    .update(studentConditions, { ...patch, updatedAt: new Date() })
    .where(eq(studentConditions.id, id));

const sameBarrier = (a: BarrierInput, b: { context: string; description: string }) =>
  a.context === b.context && a.description === b.description;
const sameAdjustment = (
  a: AdjustmentInput,
  b: { kind: string; description: string; appliedBy: string; since: string },
) => a.kind === b.kind && a.description === b.description && a.applied_by === b.appliedBy && a.since === b.since;

/**
 * Makes the condition's barriers the given list: entries already on it stay (same row, same id), the others are
 * switched off (never deleted: the record keeps what was said), new ones are added.
 */
export async function replaceBarriers(tx: Tx, schoolId: string, conditionId: number, wanted: readonly BarrierInput[]) {
  const s = forSchool(tx, schoolId);
  const current = await s
    .select(conditionBarriers)
    .where(eq(conditionBarriers.conditionId, conditionId), eq(conditionBarriers.active, true))
    .orderBy(asc(conditionBarriers.id));
  const kept = new Set<number>();
  const added: BarrierInput[] = [];
  for (const b of wanted) {
    const match = current.find((c) => !kept.has(c.id) && sameBarrier(b, c));
    if (match) kept.add(match.id);
    else added.push(b);
  }
  const dropped = current.filter((c) => !kept.has(c.id)).map((c) => c.id);
  if (dropped.length > 0) {
    await s.update(conditionBarriers, { active: false }).where(inArray(conditionBarriers.id, dropped));
  }
  if (added.length > 0) {
    await s.insert(
      conditionBarriers,
      added.map((b) => ({ conditionId, context: b.context, description: b.description })),
    );
  }
}

/** The same for the adjustments; one taken off the list keeps the moment it ended. */
export async function replaceAdjustments(
  tx: Tx,
  schoolId: string,
  conditionId: number,
  wanted: readonly AdjustmentInput[],
) {
  const s = forSchool(tx, schoolId);
  const current = await s
    .select(conditionAdjustments)
    .where(eq(conditionAdjustments.conditionId, conditionId), eq(conditionAdjustments.active, true))
    .orderBy(asc(conditionAdjustments.id));
  const kept = new Set<number>();
  const added: AdjustmentInput[] = [];
  for (const a of wanted) {
    const match = current.find((c) => !kept.has(c.id) && sameAdjustment(a, c));
    if (match) kept.add(match.id);
    else added.push(a);
  }
  const dropped = current.filter((c) => !kept.has(c.id)).map((c) => c.id);
  if (dropped.length > 0) {
    await s
      .update(conditionAdjustments, { active: false, endedAt: new Date() })
      .where(inArray(conditionAdjustments.id, dropped));
  }
  if (added.length > 0) {
    await s.insert(
      conditionAdjustments,
      added.map((a) => ({
        conditionId,
        kind: a.kind,
        description: a.description,
        appliedBy: a.applied_by,
        since: a.since,
      })),
    );
  }
}
