import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { JobRunner } from "../../lib/jobs.ts";

/**
 * How long an e-mail stays in the outbox once it has left (or finally failed): long enough to retry it from the
 * 'Unsent email list' or answer "did it go?", not a copy of every family's mail — its text names children.
 */
export const OUTBOX_KEPT_DAYS = 90;
export const OUTBOX_PURGE_QUEUE = "outbox-purge";

/**
 * Deletes sent and failed e-mails older than OUTBOX_KEPT_DAYS (pending ones always stay), then the attached files
 * (a report, migration 0044) no e-mail left names and older than a day — a file is written just before the e-mails
 * that carry it. Returns how many e-mails went.
 */
export async function purgeOldMail(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    with gone as (
      delete from email_outbox
       where status in ('sent', 'failed')
         and coalesce(sent_at, failed_at, created_at) < now() - make_interval(days => ${OUTBOX_KEPT_DAYS})
      returning 1
    )
    select count(*)::int as removed from gone`)) as unknown as { rows: { removed: number }[] };
  await db.execute(sql`
    delete from email_attachments a
     where a.created_at < now() - interval '1 day'
       and not exists (select 1 from email_outbox o where a.id = any(o.attachment_ids))`);
  return result.rows[0]?.removed ?? 0;
}

/** Nightly, once for the whole platform (04:23 UTC). */
export async function schedulePurgeOfMail(db: Db, jobs: JobRunner) {
  jobs.work(OUTBOX_PURGE_QUEUE, async () => {
    await purgeOldMail(db);
  });
  await jobs.schedule(OUTBOX_PURGE_QUEUE, "23 4 * * *");
}
