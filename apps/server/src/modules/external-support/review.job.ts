import { and, eq, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { referrals, schools, students } from "../../db/schema/index.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { personName } from "../../lib/names.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { schoolToday } from "./referral-rules.ts";
import { memberHolds } from "./referrals.repository.ts";

export const REVIEW_QUEUE = "referral-review";

/**
 * The review reminder (issue 28 §1): once a school's calendar reaches a referral's next-review date, its responsible
 * is notified — once per date: `reminded_for` is set in the statement that picks the referral, so two instances or
 * a rerun after a crash never remind twice, and a new review date reminds again.
 */
export function createReviewSweep(deps: { db: Db; notifications: NotificationsService }) {
  const { db, notifications } = deps;
  return async function sweep(): Promise<number> {
    const all = await db.select({ id: schools.id }).from(schools).where(eq(schools.isActive, true));
    let sent = 0;
    for (const { id: schoolId } of all) {
      const today = await schoolToday(db, schoolId);
      const publish = await db.transaction(async (tx) => {
        const due = await tx
          .update(referrals)
          .set({ remindedFor: referrals.nextReviewDate })
          .where(
            and(
              eq(referrals.schoolId, schoolId),
              ne(referrals.status, "closed"),
              lte(referrals.nextReviewDate, today),
              or(isNull(referrals.remindedFor), sql`${referrals.remindedFor} <> ${referrals.nextReviewDate}`),
            ),
          )
          .returning({ id: referrals.id, studentId: referrals.studentId, responsibleId: referrals.responsibleId });
        const publishers: (() => void)[] = [];
        for (const r of due) {
          // Only someone who still reads external support hears of it (a responsible who left or lost the
          // permission is not told a student's name); the referral then shows as due on the support screen.
          if (r.responsibleId === null) continue;
          if (!(await memberHolds(tx, schoolId, r.responsibleId, "external-support.read"))) continue;
          const [student] = await tx
            .select({ name: personName(students) })
            .from(students)
            .where(and(eq(students.schoolId, schoolId), eq(students.id, r.studentId)));
          const done = await notifications.notify(tx, {
            schoolId,
            userIds: [r.responsibleId],
            type: "referral.review",
            params: { student: student?.name ?? "" },
            link: `/support?referral=${r.id}`,
          });
          publishers.push(done.publish);
          sent += 1;
        }
        return publishers;
      });
      for (const p of publish) p();
    }
    return sent;
  };
}

/** Hourly, so each school's morning comes within the hour whatever its time zone. */
export async function scheduleReviewSweep(ctx: Pick<ModuleDeps, "jobs">, sweep: () => Promise<number>) {
  ctx.jobs.work(REVIEW_QUEUE, () => sweep().then(() => undefined), { retryLimit: 2, expireSeconds: 300 });
  await ctx.jobs.schedule(REVIEW_QUEUE, "5 * * * *");
}
