import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/*
 * The bell (spec §4) counts what arrived since it was last opened. Those notifications are the member's `count`
 * newest unread ones: each arrival adds one and is unread, opening the bell sets none, and a notification read is
 * one seen, so reading one of them takes it off (issue 12 §4: the bell never says "new" of what the list shows
 * as read). Raw SQL below names the school as the tenant helper would.
 */

/**
 * Whether the notification is one the bell counts: unread, with fewer than `count` unread ones newer. Locks the
 * member's row until the transaction ends, so two screens reading the same notification take it off once.
 */
export async function countedByBell(tx: Tx, schoolId: string, userId: number, id: number): Promise<boolean> {
  const result = await tx.execute(sql`
    select n.read_at is null
           and (select count(*) from notifications o
                 where o.school_id = ${schoolId} and o.user_id = ${userId} and o.read_at is null
                   and (o.created_at, o.id) > (n.created_at, n.id)) < m.unviewed_notifications_count as counted
      from notifications n
      join memberships m on m.school_id = n.school_id and m.user_id = n.user_id
     where n.school_id = ${schoolId} and n.user_id = ${userId} and n.id = ${id}
       for update of m`);
  return rowsOf<{ counted: boolean }>(result)[0]?.counted === true;
}

/**
 * Takes `seen` off the member's bell and never leaves it above the unread notifications left (after "mark all
 * read", none). Returns the new count.
 */
export async function settle(tx: Tx, schoolId: string, userId: number, seen: number): Promise<number> {
  const result = await tx.execute(sql`
    update memberships m
       set unviewed_notifications_count = least(
             greatest(m.unviewed_notifications_count - ${seen}, 0),
             (select count(*) from notifications n
               where n.school_id = ${schoolId} and n.user_id = ${userId} and n.read_at is null))
     where m.school_id = ${schoolId} and m.user_id = ${userId}
    returning m.unviewed_notifications_count as count`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}
