import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import * as repo from "./rectifications.repository.ts";

export const OVERDUE_QUEUE = "rectification-overdue";

type Row = Record<string, unknown>;

/**
 * The overdue reminder (issue 30 §3): once a school's calendar passes a request's due day with no answer, the
 * school's answerers (read-log holders) are notified — once: `overdue_notified_at` is set by the statement that
 * picks the request, so two instances or a rerun after a crash never remind twice.
 */
export function createOverdueSweep(deps: { db: Db; notifications: NotificationsService }) {
  const { db, notifications } = deps;
  return async function sweep(): Promise<number> {
    const publishers: (() => void)[] = [];
    const sent = await db.transaction(async (tx) => {
      // Every school at once, each on its own calendar: one statement claims what is due.
      const claimed = (
        (await tx.execute(sql`
          update rectification_requests r set overdue_notified_at = now()
            from schools s, students st
           where s.id = r.school_id and st.school_id = r.school_id and st.id = r.student_id
             and r.status = 'open' and r.overdue_notified_at is null
             and r.due_on < (now() at time zone s.time_zone)::date
          returning r.school_id, r.student_id, r.due_on::text as due_on,
            concat_ws(' ', st.first_name, nullif(st.paternal_surname, ''), nullif(st.maternal_surname, '')) as student`)) as unknown as {
          rows: Row[];
        }
      ).rows;
      for (const r of claimed) {
        const schoolId = String(r.school_id);
        const done = await notifications.notify(tx, {
          schoolId,
          userIds: await repo.answerers(tx, schoolId),
          type: "rectification.overdue",
          params: { student: String(r.student), due: String(r.due_on) },
          link: `/notifications?student=${Number(r.student_id)}&fileTab=my-data`,
        });
        publishers.push(done.publish);
      }
      return claimed.length;
    });
    for (const publish of publishers) publish();
    return sent;
  };
}

/** Hourly, so each school's morning comes within the hour whatever its time zone. */
export async function scheduleOverdueSweep(ctx: Pick<ModuleDeps, "jobs">, sweep: () => Promise<number>) {
  ctx.jobs.work(OVERDUE_QUEUE, () => sweep().then(() => undefined), { retryLimit: 2, expireSeconds: 300 });
  await ctx.jobs.schedule(OVERDUE_QUEUE, "10 * * * *");
}
