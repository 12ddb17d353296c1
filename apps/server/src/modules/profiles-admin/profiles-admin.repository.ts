import { asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { memberships, profilePermissions, profiles } from "../../db/schema/index.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

/** The school's profiles with how many members (all, active) hold each. */
export const listProfiles = (tx: Tx, schoolId: string) =>
  tx
    .select({
      id: profiles.id,
      name: profiles.name,
      name_en: profiles.nameEn,
      template_key: profiles.templateKey,
      members_count: sql<number>`count(${memberships.userId})::int`,
      active_members_count: sql<number>`(count(${memberships.userId}) filter (where ${memberships.isActive}))::int`,
    })
    .from(profiles)
    .leftJoin(memberships, sameSchool(memberships, profiles, eq(memberships.profileId, profiles.id)))
    .where(ofSchool(profiles, schoolId))
    .groupBy(profiles.schoolId, profiles.id)
    .orderBy(asc(profiles.id));

/** A profile of the school whose name equals `name` ignoring case, other than `exceptId`. */
export async function profileNamed(tx: Tx, schoolId: string, name: string, exceptId?: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(profiles, { id: profiles.id })
    .where(sql`lower(${profiles.name}) = lower(${name})`, exceptId ? ne(profiles.id, exceptId) : undefined);
  return row;
}

export async function insertProfile(tx: Tx, schoolId: string, name: string, nameEn: string | null) {
  const [row] = await tx.insert(profiles).values({ schoolId, name, nameEn }).returning({ id: profiles.id });
  return row!.id;
}

/** Sets the Spanish name and, unless undefined, the English one. */
export async function renameProfile(tx: Tx, schoolId: string, id: number, name: string, nameEn?: string | null) {
  await forSchool(tx, schoolId).update(profiles, { name, nameEn }).where(eq(profiles.id, id));
}

export async function deleteProfile(tx: Tx, schoolId: string, id: number) {
  await forSchool(tx, schoolId).delete(profiles).where(eq(profiles.id, id));
}

/** Replaces every permission and module key of a profile. */
export async function replaceGrants(tx: Tx, schoolId: string, profileId: number, grants: readonly string[]) {
  await forSchool(tx, schoolId).delete(profilePermissions).where(eq(profilePermissions.profileId, profileId));
  if (grants.length > 0) {
    await tx.insert(profilePermissions).values(grants.map((permission) => ({ schoolId, profileId, permission })));
  }
}

/** Ids of the school's profiles that hold every one of `grants`. */
export async function profilesHoldingAll(tx: Tx, schoolId: string, grants: readonly string[]): Promise<number[]> {
  const rows = await forSchool(tx, schoolId)
    .pick(profilePermissions, { id: profilePermissions.profileId })
    .where(inArray(profilePermissions.permission, [...grants]))
    .groupBy(profilePermissions.profileId)
    .having(sql`count(distinct ${profilePermissions.permission}) = ${grants.length}`);
  return rows.map((r) => r.id);
}

/** Serialises profile and permission changes of one school, so the keep-an-administrator rule cannot race. */
export async function lockProfiles(tx: Tx, schoolId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`profiles:${schoolId}`}, 0))`);
}
