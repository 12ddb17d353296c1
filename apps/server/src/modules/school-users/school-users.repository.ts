import { and, asc, count, eq, ilike, inArray, isNull, ne, or, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { groups, memberships, profiles, schoolYears, users } from "../../db/schema/index.ts";
import { alphabetical, likeTerm, nameColumns, searchableName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

const FAMILIAR = "familiar";

/** `%`, `_` and `\` typed in a search box are matched literally. */
const memberColumns = {
  id: users.id,
  ...nameColumns(users),
  email: users.email,
  cell_phone: users.cellPhone,
  image_profile: users.imageProfile,
  profile_id: memberships.profileId,
  profile_name: profiles.name,
  profile_name_en: profiles.nameEn,
  profile_template: profiles.templateKey,
  trainer_type: memberships.trainerType,
  is_active: memberships.isActive,
  password_updated: users.passwordUpdated,
  joined: memberships.createdAt,
};

const membersOf = (tx: Tx) =>
  tx
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(profiles, sameSchool(profiles, memberships, eq(profiles.id, memberships.profileId)));

export interface MemberFilter {
  search?: string;
  profileId?: number;
  isActive?: boolean;
  scope: "all" | "staff" | "family";
  limit: number;
  offset: number;
}

/** One page of the school's members matching the filter, with the total for the pager. */
export async function listMembers(tx: Tx, schoolId: string, filter: MemberFilter) {
  const term = filter.search ? likeTerm(filter.search) : null;
  const conditions: (SQL | undefined)[] = [
    ofSchool(memberships, schoolId),
    term ? or(ilike(users.email, term), ilike(searchableName(users), term)) : undefined,
    filter.profileId ? eq(memberships.profileId, filter.profileId) : undefined,
    filter.isActive === undefined ? undefined : eq(memberships.isActive, filter.isActive),
    filter.scope === "family" ? eq(profiles.templateKey, FAMILIAR) : undefined,
    filter.scope === "staff" ? or(isNull(profiles.templateKey), ne(profiles.templateKey, FAMILIAR)) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    membersOf(tx)
      .where(where)
      .orderBy(
        asc(alphabetical(users.paternalSurname)),
        asc(alphabetical(users.maternalSurname)),
        asc(alphabetical(users.firstName)),
        asc(users.id),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    tx
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(profiles, sameSchool(profiles, memberships, eq(profiles.id, memberships.profileId)))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findMember(tx: Tx, schoolId: string, userId: number) {
  const [row] = await membersOf(tx).where(ofSchool(memberships, schoolId, eq(memberships.userId, userId)));
  return row;
}

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** The given users that are members of the school, with their profile's template. */
export const membersAmong = (tx: Tx, schoolId: string, userIds: readonly number[]) =>
  membersOf(tx).where(ofSchool(memberships, schoolId, inArray(memberships.userId, [...userIds])));

export async function insertMember(
  tx: Tx,
  values: { schoolId: string; userId: number; profileId: number; trainerType?: string | null },
) {
  await tx.insert(memberships).values(values);
}

export async function setProfile(tx: Tx, schoolId: string, userIds: readonly number[], profileId: number) {
  await forSchool(tx, schoolId)
    .update(memberships, { profileId })
    .where(inArray(memberships.userId, [...userIds]));
}

/** Users among `userIds` who head a group of a school year that is not closed (spec §5). */
export async function headTeachersAmong(tx: Tx, schoolId: string, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ userId: groups.headTeacherId })
    .from(groups)
    .innerJoin(schoolYears, sameSchool(schoolYears, groups, eq(schoolYears.id, groups.schoolYearId)))
    .where(ofSchool(groups, schoolId, inArray(groups.headTeacherId, [...userIds]), isNull(schoolYears.closedAt)));
  return rows.map((r) => r.userId!);
}
