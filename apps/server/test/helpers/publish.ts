import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../src/db/client.ts";
import { createPeriodsService } from "../../src/modules/ratings/periods.service.ts";
import { createPublicationsService } from "../../src/modules/ratings/publications.service.ts";

/**
 * Publishes a period for every group of its school year with the unpublish window already over (issue 26 §1), as
 * the director's publish does once the families were told: what tests that read as a family need beforehand.
 */
export async function publishForFamilies(db: Db, schoolId: string, periodId: number) {
  await db.execute(sql`
    insert into rating_group_publications (school_id, period_id, group_id, published_at, notify_at, notified_at)
    select p.school_id, p.id, g.id, now() - interval '1 hour', now() - interval '1 hour', now() - interval '1 hour'
      from periods p join groups g on g.school_id = p.school_id and g.school_year_id = p.school_year_id
     where p.school_id = ${schoolId} and p.id = ${periodId}
    on conflict do nothing`);
}

/**
 * Lets the unpublish window of the period's pending publications pass (their notify_at moved to a moment ago) and
 * runs the job that tells the families, as the runner would then; returns how many family members were told.
 */
export async function passPublishWindow(app: FastifyInstance, schoolId: string, periodId: number) {
  const result = await app.ctx.db.execute(sql`
    update rating_group_publications set notify_at = now() - interval '1 second'
     where school_id = ${schoolId} and period_id = ${periodId} and notified_at is null
    returning group_id`);
  const groupIds = (result as unknown as { rows: { group_id: number }[] }).rows.map((r) => Number(r.group_id));
  const publications = createPublicationsService({
    ...app.ctx,
    periods: createPeriodsService({ db: app.ctx.db }),
    log: () => {},
  });
  let told = 0;
  for (const groupId of groupIds) told += await publications.notifyDue({ schoolId, periodId, groupId });
  return told;
}
