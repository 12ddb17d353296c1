import type { MedicalRecordBody } from "@convive/domain";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  medicalRecordProposals,
  medicalRecords,
  memberships,
  profilePermissions,
  users,
} from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool } from "../../lib/tenant-db.ts";

export type RecordRow = typeof medicalRecords.$inferSelect;
export type ProposalRow = typeof medicalRecordProposals.$inferSelect;

export async function recordOf(tx: Tx, schoolId: string, studentId: number): Promise<RecordRow | undefined> {
  const [row] = await forSchool(tx, schoolId).select(medicalRecords).where(eq(medicalRecords.studentId, studentId));
  return row;
}

/** Writes the whole record (one per student); `hasCritical` is kept with it for the teachers' alert. */
export async function saveRecord(
  tx: Tx,
  schoolId: string,
  studentId: number,
  body: MedicalRecordBody,
  userId: number,
  hasCritical: boolean,
) {
  const values = {
    bloodType: body.blood_type,
    allergies: body.allergies,
    conditions: body.conditions,
    medication: body.medication,
    insuranceProvider: body.insurance_provider,
    insurancePolicy: body.insurance_policy,
    emergencyContacts: body.emergency_contacts,
    extra: body.extra,
    hasCritical,
    updatedBy: userId,
  };
  await tx
    .insert(medicalRecords)
    .values({ schoolId, studentId, ...values })
    .onConflictDoUpdate({
      target: [medicalRecords.schoolId, medicalRecords.studentId],
      set: { ...values, updatedAt: new Date() },
    });
}

/** The students of this list whose record holds a critical allergy or condition: one statement for a list. */
export async function alertMarkers(tx: Tx, schoolId: string, studentIds: readonly number[]): Promise<Set<number>> {
  if (studentIds.length === 0) return new Set();
  const rows = await forSchool(tx, schoolId)
    .pick(medicalRecords, { id: medicalRecords.studentId })
    .where(inArray(medicalRecords.studentId, [...new Set(studentIds)]), eq(medicalRecords.hasCritical, true));
  return new Set(rows.map((r) => r.id));
}

/** The student's pending proposals and the last decided ones, newest first. */
export const proposalsOf = (tx: Tx, schoolId: string, studentId: number) =>
  forSchool(tx, schoolId)
    .select(medicalRecordProposals)
    .where(eq(medicalRecordProposals.studentId, studentId))
    .orderBy(desc(medicalRecordProposals.id))
    .limit(20);

/** The school's pending proposals, oldest first (the nurse's desk). */
export const pendingProposals = (tx: Tx, schoolId: string) =>
  forSchool(tx, schoolId)
    .select(medicalRecordProposals)
    .where(eq(medicalRecordProposals.status, "pending"))
    .orderBy(medicalRecordProposals.createdAt)
    .limit(100);

export async function proposalById(tx: Tx, schoolId: string, id: number): Promise<ProposalRow | undefined> {
  const [row] = await forSchool(tx, schoolId).select(medicalRecordProposals).where(eq(medicalRecordProposals.id, id));
  return row;
}

export async function insertProposal(
  tx: Tx,
  schoolId: string,
  values: { studentId: number; changes: Record<string, unknown>; note: string; proposedBy: number },
) {
  const [row] = await forSchool(tx, schoolId)
    .insert(medicalRecordProposals, values)
    .returning({ id: medicalRecordProposals.id });
  return row!.id;
}

/** The school's active members whose profile holds nursing.update (the nurses who decide proposals): one statement. */
export async function nursesOf(tx: Tx, schoolId: string): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: memberships.userId })
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
        eq(memberships.schoolId, schoolId),
        eq(memberships.isActive, true),
        eq(users.isActive, true),
        eq(profilePermissions.permission, "nursing.update"),
      ),
    );
  return rows.map((r) => r.id);
}

/** Decides a pending proposal; false when it was decided meanwhile (a second nurse, a double click). */
export async function decideProposal(
  tx: Tx,
  schoolId: string,
  id: number,
  values: { status: "approved" | "rejected"; decidedBy: number; decisionNote: string },
) {
  const rows = await forSchool(tx, schoolId)
    .update(medicalRecordProposals, { ...values, decidedAt: new Date() })
    .where(eq(medicalRecordProposals.id, id), eq(medicalRecordProposals.status, "pending"))
    .returning({ id: medicalRecordProposals.id });
  return rows.length === 1;
}

/** People's names by id (users outlive nothing here: every writer is a member, kept by foreign keys). */
export async function namesOf(tx: Tx, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: personName(users) })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}
