import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

type Params = Record<string, string | number>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Rewrites the parameters of the school's notifications of `type` that say something else; returns how many. */
export async function restateOfType(tx: Tx, schoolId: string, type: string, params: Params): Promise<number> {
  // Raw SQL: jsonb compared as a whole (drizzle has no jsonb operators); the school is named as the helper would.
  const result = await tx.execute(sql`
    update notifications set params = ${JSON.stringify(params)}::jsonb
     where school_id = ${schoolId} and type = ${type} and params <> ${JSON.stringify(params)}::jsonb
    returning id`);
  return rowsOf<{ id: number }>(result).length;
}

/**
 * Deletes the school's notifications of `type` and takes off the bell count of each recipient the ones the bell
 * counted — by the bell's rule (bell.repository.ts): unread, with fewer than `count` unread ones newer. Returns
 * the new counts of the recipients whose count changed.
 */
export async function deleteOfType(
  tx: Tx,
  schoolId: string,
  type: string,
): Promise<{ userId: number; count: number }[]> {
  // Raw SQL: one statement; every CTE reads the rows as they were before the delete, so each withdrawn
  // notification is ranked among all the recipient's notifications, the others withdrawn included.
  const result = await tx.execute(sql`
    with gone as (
      delete from notifications where school_id = ${schoolId} and type = ${type}
      returning user_id, id, created_at, read_at
    ), unseen as (
      select g.user_id, count(*)::int as n
        from gone g
        join memberships m on m.school_id = ${schoolId} and m.user_id = g.user_id
       where g.read_at is null
         and (select count(*) from notifications n
               where n.school_id = ${schoolId} and n.user_id = g.user_id and n.read_at is null
                 and (n.created_at, n.id) > (g.created_at, g.id)) < m.unviewed_notifications_count
       group by g.user_id
    )
    update memberships m
       set unviewed_notifications_count = greatest(m.unviewed_notifications_count - u.n, 0)
      from unseen u
     where m.school_id = ${schoolId} and m.user_id = u.user_id
    returning m.user_id, m.unviewed_notifications_count`);
  return rowsOf<{ user_id: number; unviewed_notifications_count: number }>(result).map((r) => ({
    userId: Number(r.user_id),
    count: Number(r.unviewed_notifications_count),
  }));
}
