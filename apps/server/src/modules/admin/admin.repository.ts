import { asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { helpVideos, memberships, profiles, schools, users } from "../../db/schema/index.ts";
import { alphabetical, likeTerm, searchableName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

/** Members per school (or of one school), all and active, for the platform's school list. */
export async function memberCounts(tx: Tx, schoolId?: string) {
  const rows = await tx
    .select({
      schoolId: memberships.schoolId,
      total: count(),
      active: sql<number>`count(*) filter (where ${memberships.isActive})`.mapWith(Number),
    })
    .from(memberships)
    .where(schoolId === undefined ? undefined : ofSchool(memberships, schoolId))
    .groupBy(memberships.schoolId);
  return new Map(rows.map((r) => [r.schoolId, { total: r.total, active: r.active }]));
}

export const listProfiles = (tx: Tx, schoolId: string) =>
  forSchool(tx, schoolId)
    .pick(profiles, {
      id: profiles.id,
      name: profiles.name,
      name_en: profiles.nameEn,
      template_key: profiles.templateKey,
    })
    .where()
    .orderBy(asc(profiles.id));

/** `%`, `_` and `\` typed by the root are matched literally. */
/** One page of users whose names or e-mail contain `search`, with the total for the pager. */
export async function searchUsers(tx: Tx, options: { search?: string; limit: number; offset: number }) {
  const term = options.search ? likeTerm(options.search) : null;
  const where = term ? or(ilike(users.email, term), ilike(searchableName(users), term)) : undefined;
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(alphabetical(users.paternalSurname)), asc(alphabetical(users.firstName)), asc(users.id))
      .limit(options.limit)
      .offset(options.offset),
    tx.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The schools and profiles of the given users, for the platform's user list. */
export const membershipsOf = (tx: Tx, userIds: number[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          userId: memberships.userId,
          school_id: schools.id,
          school_name: schools.name,
          profile_id: memberships.profileId,
          profile_name: profiles.name,
          profile_name_en: profiles.nameEn,
          is_active: memberships.isActive,
        })
        .from(memberships)
        .innerJoin(schools, eq(schools.id, memberships.schoolId))
        .leftJoin(profiles, sameSchool(profiles, memberships, eq(profiles.id, memberships.profileId)))
        .where(inArray(memberships.userId, userIds))
        .orderBy(asc(alphabetical(schools.name)));

export async function insertUser(tx: Tx, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).returning();
  return row!;
}

export async function insertMembership(tx: Tx, schoolId: string, userId: number, profileId: number) {
  await tx.insert(memberships).values({ schoolId, userId, profileId });
}

export type HelpVideoRow = typeof helpVideos.$inferSelect;

export const listHelpVideos = (tx: Tx) =>
  tx.select().from(helpVideos).orderBy(asc(helpVideos.screenUrl), asc(helpVideos.language), desc(helpVideos.id));

export async function findHelpVideo(tx: Tx, id: number): Promise<HelpVideoRow | undefined> {
  const [row] = await tx.select().from(helpVideos).where(eq(helpVideos.id, id));
  return row;
}

export async function insertHelpVideo(tx: Tx, values: typeof helpVideos.$inferInsert) {
  const [row] = await tx.insert(helpVideos).values(values).returning();
  return row!;
}

export async function updateHelpVideo(tx: Tx, id: number, patch: Partial<typeof helpVideos.$inferInsert>) {
  const [row] = await tx.update(helpVideos).set(patch).where(eq(helpVideos.id, id)).returning();
  return row;
}

export async function deleteHelpVideo(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.delete(helpVideos).where(eq(helpVideos.id, id)).returning({ id: helpVideos.id });
  return rows.length > 0;
}
