import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { schools } from "../../db/schema/index.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { schoolToday } from "../external-support/index.ts";
import * as repo from "./forms.repository.ts";
import { type SendDeps, tellFamilies } from "./send.service.ts";

export const REMINDER_QUEUE = "form-reminders";

/**
 * The due-date reminders (issue 29 §2): on each school's calendar day (its time zone), the families whose student
 * has not submitted an open form are reminded two days before its due date and on the day. The form's
 * `reminded_stage` is set in the statement that picks it, so two instances or a rerun after a crash never remind
 * twice for the same occurrence. Tests run `createReminderSweep(deps)()` themselves.
 */
export function createReminderSweep(deps: SendDeps & { db: Db }) {
  const { db } = deps;
  return async function sweep(): Promise<number> {
    const all = await db.select({ id: schools.id }).from(schools).where(eq(schools.isActive, true));
    let reminded = 0;
    for (const { id: schoolId } of all) {
      const today = await schoolToday(db, schoolId);
      const publishers = await db.transaction(async (tx) => {
        const due = await repo.takeDueReminders(tx, schoolId, today);
        const out: (() => void)[] = [];
        for (const form of due) {
          const userIds = await repo.familiesOf(tx, schoolId, form.id, {
            missingOnly: true,
            scope: { kind: "school" },
          });
          out.push(await tellFamilies(deps, tx, schoolId, form.id, "reminder", userIds));
          reminded += userIds.length;
        }
        return out;
      });
      for (const p of publishers) p();
    }
    return reminded;
  };
}

/** Hourly, so each school's morning comes within the hour whatever its time zone. */
export async function scheduleReminderSweep(ctx: Pick<ModuleDeps, "jobs">, sweep: () => Promise<number>) {
  ctx.jobs.work(REMINDER_QUEUE, () => sweep().then(() => undefined), { retryLimit: 2, expireSeconds: 300 });
  await ctx.jobs.schedule(REMINDER_QUEUE, "15 * * * *");
}
