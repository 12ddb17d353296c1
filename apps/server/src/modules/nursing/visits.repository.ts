import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import { infirmaryVisits, nursingOptions, users } from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool, ofSchool } from "../../lib/tenant-db.ts";

type VisitInsert = Omit<typeof infirmaryVisits.$inferInsert, "schoolId" | "id" | "createdAt">;

const reason = alias(nursingOptions, "reason");
const outcome = alias(nursingOptions, "outcome");

/** Visits with their reason's and outcome's names and who recorded them, newest first. */
function visitsWhere(tx: Tx, schoolId: string, ...conditions: SQL[]) {
  return tx
    .select({
      v: infirmaryVisits,
      reasonName: reason.name,
      reasonNameEn: reason.nameEn,
      outcomeName: outcome.name,
      outcomeNameEn: outcome.nameEn,
      recordedBy: personName(users),
    })
    .from(infirmaryVisits)
    .innerJoin(reason, and(eq(reason.schoolId, infirmaryVisits.schoolId), eq(reason.id, infirmaryVisits.reasonId)))
    .leftJoin(outcome, and(eq(outcome.schoolId, infirmaryVisits.schoolId), eq(outcome.id, infirmaryVisits.outcomeId)))
    .innerJoin(users, eq(users.id, infirmaryVisits.recordedBy))
    .where(ofSchool(infirmaryVisits, schoolId, ...conditions))
    .orderBy(desc(infirmaryVisits.arrivedAt), desc(infirmaryVisits.id));
}
export type VisitRow = Awaited<ReturnType<typeof visitsWhere>>[number];

export const visitsOfStudent = (tx: Tx, schoolId: string, studentId: number, limit = 30) =>
  visitsWhere(tx, schoolId, eq(infirmaryVisits.studentId, studentId)).limit(limit);

/** The school's visits that began in [from, to) — a school day. */
export const visitsBetween = (tx: Tx, schoolId: string, from: Date, to: Date) =>
  visitsWhere(tx, schoolId, gte(infirmaryVisits.arrivedAt, from), lt(infirmaryVisits.arrivedAt, to)).limit(300);

export async function visitById(tx: Tx, schoolId: string, id: number): Promise<VisitRow | undefined> {
  const [row] = await visitsWhere(tx, schoolId, eq(infirmaryVisits.id, id));
  return row;
}

export async function insertVisit(tx: Tx, schoolId: string, values: VisitInsert) {
  const [row] = await forSchool(tx, schoolId).insert(infirmaryVisits, values).returning({ id: infirmaryVisits.id });
  return row!.id;
}

export const updateVisit = (tx: Tx, schoolId: string, id: number, values: Partial<VisitInsert>) =>
  forSchool(tx, schoolId).update(infirmaryVisits, values).where(eq(infirmaryVisits.id, id));
