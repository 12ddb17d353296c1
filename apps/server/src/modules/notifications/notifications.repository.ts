import { DEFAULT_TIME_ZONE } from "@convive/domain";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { memberships, notifications, schools, users } from "../../db/schema/index.ts";
import { forSchool, ofSchool } from "../../lib/tenant-db.ts";

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotifications {
  schoolId: string;
  userIds: readonly number[];
  type: string;
  params: Record<string, string | number>;
  link: string | null;
}

/** One delivered notification and the recipient's bell count right after it. */
export interface Delivered {
  id: number;
  userId: number;
  count: number;
}

/**
 * Bumps the bell count of the active members among `userIds` and writes one row for each of them, all or nothing:
 * inside the caller's transaction this is a savepoint, on the bare database its own transaction. The count is
 * raised in SQL (`count + 1`) so concurrent notifications never lose an increment.
 */
export function insertForActiveMembers(tx: Tx, input: NewNotifications): Promise<Delivered[]> {
  return tx.transaction(async (inner) => {
    const bumped = await forSchool(inner, input.schoolId)
      .update(memberships, { unviewedNotificationsCount: sql`${memberships.unviewedNotificationsCount} + 1` })
      .where(inArray(memberships.userId, [...input.userIds]), eq(memberships.isActive, true))
      .returning({ userId: memberships.userId, count: memberships.unviewedNotificationsCount });
    if (bumped.length === 0) return [];
    const rows = await inner
      .insert(notifications)
      .values(
        bumped.map((b) => ({
          schoolId: input.schoolId,
          userId: b.userId,
          type: input.type,
          params: input.params,
          link: input.link,
        })),
      )
      .returning({ id: notifications.id, userId: notifications.userId });
    const countOf = new Map(bumped.map((b) => [b.userId, b.count]));
    return rows.map((r) => ({ id: r.id, userId: r.userId, count: countOf.get(r.userId)! }));
  });
}

export async function readerLanguage(tx: Tx, userId: number): Promise<string | undefined> {
  const [row] = await tx.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language;
}

/** The school's time zone, the clock notifications show their dates on. */
export async function schoolTimeZone(tx: Tx, schoolId: string): Promise<string> {
  const [row] = await tx.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  return row?.timeZone || DEFAULT_TIME_ZONE;
}

const mine = (schoolId: string, userId: number) => ofSchool(notifications, schoolId, eq(notifications.userId, userId));

/**
 * A page of the user's notifications, newest first. Keyset on (created_at, id) — the order of the
 * (school, user, created_at) index — resolved from the cursor row, so paging stays cheap however long the list.
 * A cursor that is not one of the user's notifications yields an empty page.
 */
export function listPage(tx: Tx, schoolId: string, userId: number, cursor: number | undefined, limit: number) {
  const after =
    cursor === undefined
      ? undefined
      : sql`(${notifications.createdAt}, ${notifications.id}) < (
          select c.created_at, c.id from notifications c
           where c.school_id = ${schoolId} and c.user_id = ${userId} and c.id = ${cursor})`;
  return tx
    .select()
    .from(notifications)
    .where(and(mine(schoolId, userId), after))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnread(tx: Tx, schoolId: string, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(schoolId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read (keeping the first read time); undefined when it is not theirs. */
export async function markRead(tx: Tx, schoolId: string, userId: number, id: number) {
  const [row] = await tx
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(mine(schoolId, userId), eq(notifications.id, id)))
    .returning();
  return row;
}

/** Marks every unread notification of the user in the school read; returns how many changed. */
export async function markAllRead(tx: Tx, schoolId: string, userId: number): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(mine(schoolId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
