import { SETUP_STAGES } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import type { EventBus } from "../../lib/events.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { markSetupCompleted, setupCompletedAt, setupStages } from "./setup.repository.ts";

/** The notification that tells a school's people how far its setup has come (notification-texts.json). */
export const SETUP_REMINDER = "setup.reminder";

/**
 * Issue 12 §2: a new school is guided through its seven setup stages (spec §3) until the first time they are all
 * complete. While it is being set up, whoever can complete the stages lands on the checklist (users.service reads
 * `pending`) and the setup reminder follows the count; the first time the school is found complete, its setup is
 * recorded as done, the reminder is withdrawn and everyone's landing view goes back to the spec's order.
 */
export function createSetupProgress(deps: {
  db: Db;
  events: EventBus;
  notices: Pick<NotificationsService, "restate" | "withdraw">;
}) {
  const { db, events, notices } = deps;
  // Schools whose setup is recorded as done. Never undone, so remembering it per instance is always right and
  // spares a set-up school any statement on the way.
  const done = new Set<string>();

  async function recordedDone(schoolId: string): Promise<boolean> {
    if (done.has(schoolId)) return true;
    if ((await setupCompletedAt(db, schoolId)) === null) return false;
    done.add(schoolId);
    return true;
  }

  /** Records the end of the setup once, withdraws the reminders and lets every member's landing view change. */
  async function finish(schoolId: string) {
    const withdrawn = await db.transaction(async (tx) => {
      if (!(await markSetupCompleted(tx, schoolId))) return null;
      return notices.withdraw(tx, { schoolId, type: SETUP_REMINDER });
    });
    done.add(schoolId);
    withdrawn?.publish();
    // The members' cached user answers carry the checklist as their landing view. Said by every call that saw the
    // seven stages, also one that found the end already recorded by a concurrent call (which may not have said it
    // yet): whoever answers after this never serves the checklist from a cache.
    events.emit("schools.changed", { schoolId });
  }

  /** How many of the seven stages the school has completed (finishing its setup when all seven are). */
  async function progress(schoolId: string) {
    const stages = await setupStages(db, schoolId);
    const completed = SETUP_STAGES.filter((s) => stages[s]).length;
    if (completed === SETUP_STAGES.length) await finish(schoolId);
    return completed;
  }

  /** Whether the school is still being set up: never completed its seven stages. */
  async function pending(schoolId: string): Promise<boolean> {
    if (await recordedDone(schoolId)) return false;
    return (await progress(schoolId)) < SETUP_STAGES.length;
  }

  /**
   * After a change in the school: while it is being set up, the reminders say the count as it is now ("3 of 7"),
   * and they go when the last stage completes.
   */
  async function afterChange(schoolId: string): Promise<void> {
    if (await recordedDone(schoolId)) return;
    const completed = await progress(schoolId);
    if (completed < SETUP_STAGES.length) {
      await notices.restate(db, {
        schoolId,
        type: SETUP_REMINDER,
        params: { completed, total: SETUP_STAGES.length },
      });
    }
  }

  return { pending, afterChange };
}

export type SetupProgress = ReturnType<typeof createSetupProgress>;
