import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import {
  incidentStudents,
  incidents,
  incidentTimeline,
  memberships,
  profilePermissions,
  referralFollowUps,
  referrals,
  trainerTypes,
  users,
} from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool, ofSchool } from "../../lib/tenant-db.ts";

export type ReferralRow = Awaited<ReturnType<typeof referralsWhere>>[number];

const responsible = alias(users, "responsible");
const creator = alias(users, "creator");

/** Referrals with their trainer type's names and the responsible's and creator's names. */
function referralsWhere(tx: Tx, schoolId: string, ...conditions: (SQL | undefined)[]) {
  return tx
    .select({
      r: referrals,
      typeName: trainerTypes.name,
      typeNameEn: trainerTypes.nameEn,
      responsibleName: personName(responsible),
      creatorName: personName(creator),
      incidentForFamilies: incidents.visibleToFamily,
    })
    .from(referrals)
    .innerJoin(
      trainerTypes,
      and(eq(trainerTypes.schoolId, referrals.schoolId), eq(trainerTypes.id, referrals.trainerTypeId)),
    )
    .leftJoin(responsible, eq(responsible.id, referrals.responsibleId))
    .innerJoin(creator, eq(creator.id, referrals.createdBy))
    .leftJoin(incidents, and(eq(incidents.schoolId, referrals.schoolId), eq(incidents.id, referrals.incidentId)))
    .where(ofSchool(referrals, schoolId, ...conditions))
    .orderBy(desc(referrals.startDate), desc(referrals.id));
}

export const referralsOfStudent = (tx: Tx, schoolId: string, studentId: number) =>
  referralsWhere(tx, schoolId, eq(referrals.studentId, studentId));

export async function referralById(tx: Tx, schoolId: string, id: number) {
  const [row] = await referralsWhere(tx, schoolId, eq(referrals.id, id));
  return row;
}

export async function followUpsOf(tx: Tx, schoolId: string, referralIds: readonly number[]) {
  if (referralIds.length === 0) return [];
  return tx
    .select({ f: referralFollowUps, authorName: personName(users) })
    .from(referralFollowUps)
    .innerJoin(users, eq(users.id, referralFollowUps.authorId))
    .where(ofSchool(referralFollowUps, schoolId, inArray(referralFollowUps.referralId, [...referralIds])))
    .orderBy(asc(referralFollowUps.createdAt), asc(referralFollowUps.id));
}

export const insertReferral = (tx: Tx, schoolId: string, values: Omit<typeof referrals.$inferInsert, "schoolId">) =>
  forSchool(tx, schoolId).insert(referrals, values).returning({ id: referrals.id });

export const updateReferral = (
  tx: Tx,
  schoolId: string,
  id: number,
  patch: Partial<Omit<typeof referrals.$inferInsert, "schoolId" | "id">>,
) => {
  // An empty PATCH changes nothing (drizzle refuses an UPDATE without values: it was a 500).
  if (Object.keys(patch).length === 0) return Promise.resolve();
  return forSchool(tx, schoolId).update(referrals, patch).where(eq(referrals.id, id));
};

export const insertFollowUp = (
  tx: Tx,
  schoolId: string,
  values: Omit<typeof referralFollowUps.$inferInsert, "schoolId">,
) => forSchool(tx, schoolId).insert(referralFollowUps, values).returning({ id: referralFollowUps.id });

/** Whether the incident concerns the student and is inside `visible` (the reader's incident scope). */
export async function incidentOfStudent(
  tx: Tx,
  schoolId: string,
  incidentId: number,
  studentId: number,
  visible: SQL | undefined,
) {
  const [row] = await tx
    .select({ id: incidents.id })
    .from(incidents)
    .innerJoin(
      incidentStudents,
      and(
        eq(incidentStudents.schoolId, incidents.schoolId),
        eq(incidentStudents.incidentId, incidents.id),
        eq(incidentStudents.studentId, studentId),
      ),
    )
    .where(and(ofSchool(incidents, schoolId, eq(incidents.id, incidentId)), visible))
    .limit(1);
  return row !== undefined;
}

/** The incident's append-only entry: the student was referred to external support (ids only, never the reason). */
export async function noteOnTimeline(
  tx: Tx,
  schoolId: string,
  entry: { incidentId: number; userId: number; referralId: number; studentId: number },
) {
  await forSchool(tx, schoolId).insert(incidentTimeline, {
    incidentId: entry.incidentId,
    event: "referral.created",
    userId: entry.userId,
    details: { referral_id: entry.referralId, student_id: entry.studentId },
  });
}

/** A follow-up entry's referral and whether it is internal (who may read its files). */
export async function followUpById(tx: Tx, schoolId: string, id: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(referralFollowUps, { referralId: referralFollowUps.referralId, internal: referralFollowUps.internal })
    .where(eq(referralFollowUps.id, id));
  return row;
}

/** A trainer type of the school, active or not. */
export async function trainerType(tx: Tx, schoolId: string, id: number) {
  const [row] = await forSchool(tx, schoolId).select(trainerTypes).where(eq(trainerTypes.id, id));
  return row;
}

export const trainerTypesOf = (tx: Tx, schoolId: string) =>
  forSchool(tx, schoolId).select(trainerTypes).where().orderBy(asc(trainerTypes.id));

export const insertTrainerType = (tx: Tx, schoolId: string, v: { name: string; nameEn: string; active: boolean }) =>
  forSchool(tx, schoolId).insert(trainerTypes, v).returning();

export const updateTrainerType = (
  tx: Tx,
  schoolId: string,
  id: number,
  v: { name: string; nameEn: string; active: boolean },
) => forSchool(tx, schoolId).update(trainerTypes, v).where(eq(trainerTypes.id, id)).returning();

/** Whether the user is an active member of the school whose profile grants `permission`. */
export async function memberHolds(tx: Tx, schoolId: string, userId: number, permission: string) {
  const [row] = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(
      profilePermissions,
      and(
        eq(profilePermissions.schoolId, memberships.schoolId),
        eq(profilePermissions.profileId, memberships.profileId),
      ),
    )
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        ofSchool(memberships, schoolId, eq(memberships.userId, userId), eq(memberships.isActive, true)),
        eq(users.isActive, true),
        eq(profilePermissions.permission, permission),
      ),
    )
    .limit(1);
  return row !== undefined;
}
