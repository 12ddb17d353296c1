import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { incidents } from "../../db/schema/index.ts";
import type { JobRunner } from "../../lib/jobs.ts";
import { ofSchool } from "../../lib/tenant-db.ts";
import type { NotificationsService } from "../notifications/index.ts";
import * as repo from "./protocol.repository.ts";
import { OVERDUE_QUEUE, type OverdueJob } from "./protocol.service.ts";
import { insertTimeline } from "./registration.repository.ts";

/**
 * The overdue notice of one protocol step (issue 30 §2), run by the job runner at the step's deadline: a step still
 * pending is marked notified in the statement that picks it, its responsible and the school's Director are notified
 * once, and the timeline says it went overdue. A done or waived step, or one already notified, does nothing — so a
 * rerun after a crash or a second instance never notifies twice.
 */
export function createOverdueHandler(deps: { db: Db; notifications: NotificationsService }) {
  const { db, notifications } = deps;
  return async function overdue(job: OverdueJob): Promise<boolean> {
    const { schoolId, stepId } = job;
    const publish = await db.transaction(async (tx) => {
      const step = await repo.claimOverdue(tx, schoolId, stepId);
      if (!step) return null;
      const [incident] = await tx
        .select({ folio: incidents.folio, status: incidents.status })
        .from(incidents)
        .where(ofSchool(incidents, schoolId, eq(incidents.id, step.incidentId)));
      if (incident?.status !== "open") return null;
      const directors = await repo.directorsOf(tx, schoolId);
      const userIds = [...(step.responsibleId === null ? [] : [step.responsibleId]), ...directors];
      await insertTimeline(tx, [
        {
          schoolId,
          incidentId: step.incidentId,
          event: "protocol.step-overdue",
          userId: null,
          details: {
            step_id: step.id,
            position: step.position,
            name_es: step.nameEs,
            name_en: step.nameEn,
            due_at: step.dueAt.toISOString(),
            responsible_id: step.responsibleId,
          },
        },
      ]);
      const done = await notifications.notify(tx, {
        schoolId,
        userIds,
        type: "protocol.step-overdue",
        params: { step: step.nameEs, step_en: step.nameEn ?? step.nameEs, folio: incident.folio },
        link: `/incident-details?id=${step.incidentId}`,
      });
      return done.publish;
    });
    publish?.();
    return publish !== null;
  };
}

/** Declares the queue: each step's job is sent at registration with `startAfter` = its deadline. */
export function workOverdueSteps(jobs: JobRunner, handler: ReturnType<typeof createOverdueHandler>) {
  jobs.work<OverdueJob>(
    OVERDUE_QUEUE,
    async (job) => {
      await handler(job.data);
    },
    { retryLimit: 3, expireSeconds: 120 },
  );
}
