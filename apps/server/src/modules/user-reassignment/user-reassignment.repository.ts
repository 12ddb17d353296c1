import type { HandoverKind, Language } from "@convive/domain";
import { and, asc, count, desc, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import { memberships, profiles, userReassignments, users } from "../../db/schema/index.ts";
import { alphabetical, personName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

const FAMILIAR = "familiar";

export interface MemberRow {
  id: number;
  name: string;
  email: string;
  profile: string | null;
  isActive: boolean;
  familiar: boolean;
}

/**
 * The school's members who may give or receive work: every profile but Familiar (and members without one), active
 * or not — an inactive one may still hold work nobody took over. `ids` narrows to those members.
 */
export async function staffMembers(tx: Tx, schoolId: string, lang: Language, ids?: number[]): Promise<MemberRow[]> {
  const rows = await tx
    .select({
      id: users.id,
      name: personName(users),
      email: users.email,
      profile: profiles.name,
      profileEn: profiles.nameEn,
      template: profiles.templateKey,
      memberActive: memberships.isActive,
      userActive: users.isActive,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(profiles, sameSchool(profiles, memberships, eq(profiles.id, memberships.profileId)))
    .where(
      ofSchool(
        memberships,
        schoolId,
        ids ? inArray(memberships.userId, ids) : or(isNull(profiles.templateKey), ne(profiles.templateKey, FAMILIAR)),
      ),
    )
    .orderBy(
      asc(alphabetical(users.paternalSurname)),
      asc(alphabetical(users.maternalSurname)),
      asc(alphabetical(users.firstName)),
      asc(users.id),
    );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    profile: lang === "en" ? (r.profileEn ?? r.profile) : r.profile,
    isActive: r.memberActive && r.userActive,
    familiar: r.template === FAMILIAR,
  }));
}

export async function insertReassignment(
  tx: Tx,
  schoolId: string,
  values: { fromUserId: number; toUserId: number; byUserId: number; items: Partial<Record<HandoverKind, string[]>> },
) {
  const [row] = await forSchool(tx, schoolId)
    .insert(userReassignments, values)
    .returning({ id: userReassignments.id, at: userReassignments.at });
  return row!;
}

const fromUser = alias(users, "from_user");
const toUser = alias(users, "to_user");
const byUser = alias(users, "by_user");

/** A page of the school's reassignments, newest first, with the three people's names. */
export async function historyPage(tx: Tx, schoolId: string, page: { limit: number; offset: number; id?: number }) {
  const where = ofSchool(userReassignments, schoolId, page.id ? eq(userReassignments.id, page.id) : undefined);
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        id: userReassignments.id,
        at: userReassignments.at,
        items: userReassignments.items,
        fromId: userReassignments.fromUserId,
        fromName: personName(fromUser),
        toId: userReassignments.toUserId,
        toName: personName(toUser),
        byId: userReassignments.byUserId,
        byName: personName(byUser),
      })
      .from(userReassignments)
      .innerJoin(fromUser, eq(fromUser.id, userReassignments.fromUserId))
      .innerJoin(toUser, eq(toUser.id, userReassignments.toUserId))
      .innerJoin(byUser, eq(byUser.id, userReassignments.byUserId))
      .where(and(where))
      .orderBy(desc(userReassignments.at), desc(userReassignments.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ n: count() }).from(userReassignments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
