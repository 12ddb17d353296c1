import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { JobRunner } from "../../lib/jobs.ts";

/** How long the bell keeps a notification. A notice names a child ("Diego pasó a enfermería"): it is not an archive. */
export const NOTIFICATIONS_KEPT_MONTHS = 12;
export const NOTIFICATIONS_PURGE_QUEUE = "notifications-purge";

/**
 * Deletes every school's notifications older than NOTIFICATIONS_KEPT_MONTHS. The bell's unviewed count (spec §4)
 * is its own number, reset when the bell is opened; it never counts more notifications than a member has left, so
 * in the same statement it is held to what remains. The records they pointed at keep their own retention
 * (master configuration › data retention, which needs at least two years after a student leaves), so no child's
 * name outlives the record it came from in someone's bell. Returns how many went.
 */
export async function purgeOldNotifications(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    with gone as (
      delete from notifications
       where created_at < now() - make_interval(months => ${NOTIFICATIONS_KEPT_MONTHS})
      returning school_id, user_id
    ), touched as (
      select distinct school_id, user_id from gone
    ), counted as (
      update memberships m set unviewed_notifications_count = least(m.unviewed_notifications_count, (
               select count(*) from notifications n
                where n.school_id = m.school_id and n.user_id = m.user_id
                  and n.created_at >= now() - make_interval(months => ${NOTIFICATIONS_KEPT_MONTHS})))
        from touched t where m.school_id = t.school_id and m.user_id = t.user_id
      returning 1
    )
    select (select count(*) from gone)::int as removed, (select count(*) from counted)::int as members`)) as unknown as {
    rows: { removed: number }[];
  };
  return result.rows[0]?.removed ?? 0;
}

/** Nightly, once for the whole platform (04:11 UTC: no school's school day). */
export async function schedulePurgeOfNotifications(db: Db, jobs: JobRunner) {
  jobs.work(NOTIFICATIONS_PURGE_QUEUE, async () => {
    await purgeOldNotifications(db);
  });
  await jobs.schedule(NOTIFICATIONS_PURGE_QUEUE, "11 4 * * *");
}
