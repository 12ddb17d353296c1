import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  familyLinks,
  groups,
  memberships,
  profilePermissions,
  profiles,
  schools,
  studentGroups,
  teachingAssignments,
} from "../../db/schema/index.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

/** The permissions that decide how far a member's inbox reaches and whether they read messages at all. */
export const SCOPE_PERMISSIONS = [
  "incidents.update",
  "master-configuration-students.read",
  "messages.read",
  "messages.create",
] as const;

/** The school's message_starters setting ('team' unless the school chose 'scope'). */
export async function startersOf(tx: Tx, schoolId: string): Promise<string> {
  const [row] = await tx.select({ starters: schools.messageStarters }).from(schools).where(eq(schools.id, schoolId));
  return row?.starters ?? "team";
}

/** The head teacher of a group (the student's group this year), or null. */
export async function headTeacherOf(tx: Tx, schoolId: string, groupId: number | null): Promise<number | null> {
  if (groupId === null) return null;
  const [row] = await forSchool(tx, schoolId).pick(groups, { id: groups.headTeacherId }).where(eq(groups.id, groupId));
  return row?.id ?? null;
}

/** The family members linked to the student (their user ids). */
export async function familyOf(tx: Tx, schoolId: string, studentId: number): Promise<number[]> {
  const rows = await forSchool(tx, schoolId)
    .pick(familyLinks, { id: familyLinks.userId })
    .where(eq(familyLinks.studentId, studentId));
  return rows.map((r) => r.id);
}

/**
 * Each active member's profile name and the scope permissions it holds, for members other than the caller (the
 * recipients of a message, whose inbox counts are pushed to them). Inactive members are left out.
 */
export async function memberAccess(tx: Tx, schoolId: string, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const rows = await tx
    .select({
      userId: memberships.userId,
      profileName: profiles.name,
      grants: sql<
        string[]
      >`coalesce(array_agg(${profilePermissions.permission}) filter (where ${profilePermissions.permission} is not null), '{}')`,
    })
    .from(memberships)
    .innerJoin(profiles, sameSchool(profiles, memberships, eq(profiles.id, memberships.profileId)))
    .leftJoin(
      profilePermissions,
      sameSchool(
        profilePermissions,
        memberships,
        eq(profilePermissions.profileId, memberships.profileId),
        inArray(profilePermissions.permission, [...SCOPE_PERMISSIONS]),
      ),
    )
    .where(ofSchool(memberships, schoolId, inArray(memberships.userId, [...userIds]), eq(memberships.isActive, true)))
    .groupBy(memberships.userId, profiles.name);
  return rows.map((r) => ({ userId: r.userId, profileName: r.profileName, grants: new Set(r.grants) }));
}

/**
 * The students of the groups a member heads or teaches in the school year `yearId` — a teacher's inbox. Only the
 * current year's groups: last year's class is no longer theirs to answer for.
 */
export async function studentsOfMyGroups(tx: Tx, schoolId: string, userId: number, yearId: number | null) {
  if (yearId === null) return [];
  const mine = forSchool(tx, schoolId)
    .pick(groups, { id: groups.id })
    .where(eq(groups.headTeacherId, userId), eq(groups.schoolYearId, yearId))
    .union(
      tx
        .select({ id: teachingAssignments.groupId })
        .from(teachingAssignments)
        .innerJoin(groups, sameSchool(groups, teachingAssignments, eq(groups.id, teachingAssignments.groupId)))
        .where(
          ofSchool(
            teachingAssignments,
            schoolId,
            eq(teachingAssignments.userId, userId),
            eq(groups.schoolYearId, yearId),
          ),
        ),
    );
  const groupIds = (await mine).map((g) => g.id);
  if (groupIds.length === 0) return [];
  const rows = await forSchool(tx, schoolId)
    .pick(studentGroups, { id: studentGroups.studentId })
    .where(eq(studentGroups.schoolYearId, yearId), inArray(studentGroups.groupId, groupIds));
  return [...new Set(rows.map((r) => r.id))].sort((a, b) => a - b);
}

/** The children a member is a family member of. */
export async function childrenOf(tx: Tx, schoolId: string, userId: number) {
  const rows = await forSchool(tx, schoolId)
    .pick(familyLinks, { id: familyLinks.studentId })
    .where(eq(familyLinks.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Active members whose profile holds notify-profile: told of a family's message when nobody else would be. */
export async function notifyProfileHolders(tx: Tx, schoolId: string): Promise<number[]> {
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(
      profilePermissions,
      sameSchool(profilePermissions, memberships, eq(profilePermissions.profileId, memberships.profileId)),
    )
    .where(
      and(
        ofSchool(memberships, schoolId, eq(memberships.isActive, true)),
        eq(profilePermissions.permission, "notify-profile"),
      ),
    );
  return rows.map((r) => r.userId);
}
