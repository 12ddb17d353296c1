import { asc, count, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { familyLinks, familyMembers, memberships, profiles, students, users } from "../../db/schema/index.ts";
import { alphabetical, likeTerm, nameColumns, searchableName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

export type FamilyMemberRow = typeof familyMembers.$inferInsert;

/** The school's Familiar profile (seeded from the template; protected from renaming and deletion). */
export async function familiarProfileId(tx: Tx, schoolId: string): Promise<number | undefined> {
  const [row] = await forSchool(tx, schoolId)
    .pick(profiles, { id: profiles.id })
    .where(eq(profiles.templateKey, "familiar"));
  return row?.id;
}

const accountColumns = {
  user_id: users.id,
  ...nameColumns(users),
  email: users.email,
  rfc: familyMembers.rfc,
  phone: familyMembers.phone,
  alternate_phone: familyMembers.alternatePhone,
  address: familyMembers.address,
  observations: familyMembers.observations,
  is_active: memberships.isActive,
  /** Whether this school may still fix the names (see school-users identityEditable). */
  identity_editable: sql<boolean>`(${users.root} = 0 and ${users.passwordUpdated} = 0
    and not exists (select 1 from memberships o where o.user_id = ${users.id} and o.school_id <> ${familyMembers.schoolId})
    and not exists (select 1 from sessions s where s.user_id = ${users.id}))`.mapWith(Boolean),
};

/** The family members of one student (or one of them), with the link's relationship and flags. */
export const linksOf = (tx: Tx, schoolId: string, studentId: number, userId?: number) =>
  tx
    .select({
      ...accountColumns,
      relationship: familyLinks.relationship,
      can_pick_up: familyLinks.canPickUp,
      is_emergency_contact: familyLinks.isEmergencyContact,
    })
    .from(familyLinks)
    .innerJoin(familyMembers, sameSchool(familyMembers, familyLinks, eq(familyMembers.userId, familyLinks.userId)))
    .innerJoin(memberships, sameSchool(memberships, familyLinks, eq(memberships.userId, familyLinks.userId)))
    .innerJoin(users, eq(users.id, familyLinks.userId))
    .where(
      ofSchool(
        familyLinks,
        schoolId,
        eq(familyLinks.studentId, studentId),
        userId === undefined ? undefined : eq(familyLinks.userId, userId),
      ),
    )
    .orderBy(asc(alphabetical(users.paternalSurname)), asc(alphabetical(users.firstName)));

export type LinkRow = Awaited<ReturnType<typeof linksOf>>[number];

/** Creates the school's record of a family member, or fills the parts given (null and undefined keep the old). */
export async function upsertFamilyMember(tx: Tx, values: FamilyMemberRow) {
  const given = Object.fromEntries(
    Object.entries(values).filter(([k, v]) => v !== undefined && v !== null && k !== "schoolId" && k !== "userId"),
  );
  const insert = tx.insert(familyMembers).values(values);
  if (Object.keys(given).length === 0) {
    await insert.onConflictDoNothing();
    return;
  }
  await insert.onConflictDoUpdate({ target: [familyMembers.schoolId, familyMembers.userId], set: given });
}

export async function updateFamilyMember(tx: Tx, schoolId: string, userId: number, patch: Partial<FamilyMemberRow>) {
  if (Object.values(patch).every((v) => v === undefined)) return;
  await forSchool(tx, schoolId).update(familyMembers, patch).where(eq(familyMembers.userId, userId));
}

export async function insertLink(tx: Tx, values: typeof familyLinks.$inferInsert) {
  await tx.insert(familyLinks).values(values);
}

export async function updateLink(
  tx: Tx,
  schoolId: string,
  studentId: number,
  userId: number,
  patch: Partial<typeof familyLinks.$inferInsert>,
) {
  if (Object.values(patch).every((v) => v === undefined)) return;
  await forSchool(tx, schoolId)
    .update(familyLinks, patch)
    .where(eq(familyLinks.studentId, studentId), eq(familyLinks.userId, userId));
}

export async function deleteLink(tx: Tx, schoolId: string, studentId: number, userId: number) {
  await forSchool(tx, schoolId)
    .delete(familyLinks)
    .where(eq(familyLinks.studentId, studentId), eq(familyLinks.userId, userId));
}

/** One page of the school's family accounts whose names or e-mail contain `search`. */
export async function searchAccounts(
  tx: Tx,
  schoolId: string,
  options: { search?: string; limit: number; offset: number },
) {
  const term = options.search ? likeTerm(options.search) : null;
  const where = ofSchool(
    familyMembers,
    schoolId,
    term ? or(ilike(users.email, term), ilike(searchableName(users), term)) : undefined,
  );
  const base = () =>
    tx
      .select(accountColumns)
      .from(familyMembers)
      .innerJoin(users, eq(users.id, familyMembers.userId))
      .innerJoin(memberships, sameSchool(memberships, familyMembers, eq(memberships.userId, familyMembers.userId)));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(asc(alphabetical(users.paternalSurname)), asc(alphabetical(users.firstName)), asc(users.id))
      .limit(options.limit)
      .offset(options.offset),
    tx.select({ n: count() }).from(familyMembers).innerJoin(users, eq(users.id, familyMembers.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The children each of the given family accounts is linked to. */
export const childrenOf = (tx: Tx, schoolId: string, userIds: readonly number[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          user_id: familyLinks.userId,
          id: students.id,
          enrollment: students.enrollment,
          first_name: students.firstName,
          paternal_surname: students.paternalSurname,
          maternal_surname: students.maternalSurname,
          relationship: familyLinks.relationship,
        })
        .from(familyLinks)
        .innerJoin(students, sameSchool(students, familyLinks, eq(students.id, familyLinks.studentId)))
        .where(ofSchool(familyLinks, schoolId, inArray(familyLinks.userId, [...userIds])))
        .orderBy(asc(alphabetical(students.paternalSurname)), asc(alphabetical(students.firstName)));
