import { asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  grades,
  groups,
  memberships,
  profilePermissions,
  profiles,
  schools,
  sections,
  subjects,
  teachingAssignments,
  users,
} from "../../db/schema/index.ts";
import { alphabetical, nameColumns } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

export type UserRow = typeof users.$inferSelect;

export async function findUserById(tx: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

/** The user's schools as the login answer lists them; a school counts as active only if it and the membership are. */
export const listUserSchools = (tx: Tx, userId: number) =>
  tx
    .select({
      id: schools.id,
      name: schools.name,
      logo: schools.logo,
      is_active: sql<boolean>`(${schools.isActive} and ${memberships.isActive})`,
    })
    .from(memberships)
    .innerJoin(schools, eq(schools.id, memberships.schoolId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(alphabetical(schools.name)));

/** The membership facts the user payload needs in one school. */
export async function findMembership(tx: Tx, schoolId: string, userId: number) {
  const [row] = await tx
    .select({
      profileId: memberships.profileId,
      unviewed: memberships.unviewedNotificationsCount,
      acceptedNoticeVersion: memberships.privacyNoticeVersion,
      noticeVersion: schools.privacyNoticeVersion,
      isActive: memberships.isActive,
    })
    .from(memberships)
    .innerJoin(schools, eq(schools.id, memberships.schoolId))
    .where(ofSchool(memberships, schoolId, eq(memberships.userId, userId)));
  return row;
}

export const profileGrants = async (tx: Tx, schoolId: string, profileId: number) =>
  (
    await forSchool(tx, schoolId)
      .pick(profilePermissions, { permission: profilePermissions.permission })
      .where(eq(profilePermissions.profileId, profileId))
  ).map((r) => r.permission);

export async function findProfile(tx: Tx, schoolId: string, profileId: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(profiles, {
      id: profiles.id,
      name: profiles.name,
      nameEn: profiles.nameEn,
      templateKey: profiles.templateKey,
    })
    .where(eq(profiles.id, profileId));
  return row;
}

/** Names of the school's members (staff and families), for building full names. */
export const listSchoolUsers = (tx: Tx, schoolId: string) =>
  tx
    .select({
      id: users.id,
      ...nameColumns(users),
      email: users.email,
      image_profile: users.imageProfile,
      profile_id: memberships.profileId,
      profile_name: profiles.name,
      template_key: profiles.templateKey,
      is_active: memberships.isActive,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(profiles, sameSchool(profiles, memberships, eq(profiles.id, memberships.profileId)))
    .where(ofSchool(memberships, schoolId))
    .orderBy(asc(alphabetical(users.paternalSurname)), asc(alphabetical(users.firstName)));

export async function isMember(tx: Tx, schoolId: string, userId: number): Promise<boolean> {
  const [row] = await forSchool(tx, schoolId)
    .pick(memberships, { userId: memberships.userId })
    .where(eq(memberships.userId, userId));
  return Boolean(row);
}

export async function updateUserRow(tx: Tx, id: number, patch: Partial<typeof users.$inferInsert>) {
  const [row] = await tx
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function updateMembership(
  tx: Tx,
  schoolId: string,
  userId: number,
  patch: Partial<typeof memberships.$inferInsert>,
) {
  await forSchool(tx, schoolId).update(memberships, patch).where(eq(memberships.userId, userId));
}

/** What the user teaches in the school: the `sections, grades, subjects` include of GET api/users/{id}. */
export async function teachingOf(tx: Tx, schoolId: string, userId: number) {
  const rows = await tx
    .select({
      sectionId: sections.id,
      sectionName: sections.name,
      gradeId: grades.id,
      gradeName: grades.name,
      groupId: groups.id,
      groupName: groups.name,
      subjectId: subjects.id,
      subjectName: subjects.name,
    })
    .from(teachingAssignments)
    .innerJoin(groups, sameSchool(groups, teachingAssignments, eq(groups.id, teachingAssignments.groupId)))
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .innerJoin(subjects, sameSchool(subjects, teachingAssignments, eq(subjects.id, teachingAssignments.subjectId)))
    .where(ofSchool(teachingAssignments, schoolId, eq(teachingAssignments.userId, userId)));
  return rows;
}

/**
 * Whether the school may still correct the account's names and phone: it belongs to this school alone and has
 * never been used — no sign-in ever, no password of its own. Any other account is its owner's.
 */
export async function identityEditable(tx: Tx, schoolId: string, userId: number): Promise<boolean> {
  const result = await tx.execute(sql`
    select (u.root = 0 and u.password_updated = 0
            and not exists (select 1 from memberships m where m.user_id = u.id and m.school_id <> ${schoolId})
            and not exists (select 1 from sessions s where s.user_id = u.id)) as editable
      from users u where u.id = ${userId}`);
  const row = (result as unknown as { rows: { editable: boolean }[] }).rows[0];
  return Boolean(row?.editable);
}
