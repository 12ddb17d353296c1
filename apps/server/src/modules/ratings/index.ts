// The ratings module's public surface (issue 13 §2): the grid, the periods' closing, reopening and publishing per
// group (issue 26 §1), the completion and the family's view, registered by app.ts; and the one rule of which
// periods a family sees (publishedPeriodsFor), which the scorecard reads too.
import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { type AdjustmentMarkers, noMarkers } from "../../lib/student-markers.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { createPeriodsService } from "./periods.service.ts";
import { createPublicationsService, PUBLISH_NOTIFY_QUEUE, type PublishNotifyJob } from "./publications.service.ts";
import { ratingsRoutes } from "./ratings.routes.ts";
import { createRatingsService } from "./ratings.service.ts";

export { publishedPeriodsFor } from "./publications.repository.ts";
export { createPublicationsService, PUBLISH_NOTIFY_QUEUE };

export const ratingsModule: FastifyPluginAsync<{
  ctx: Pick<ModuleDeps, "db" | "config" | "events" | "mailer" | "jobs"> & {
    notifications: NotificationsService;
    /** Issue 28 §3: the inclusion module's adjustment markers beside the grid's students. */
    adjustmentMarkers?: AdjustmentMarkers;
    /** Issue 29 §4: the nursing module's health alert markers beside the grid's students. */
    healthAlertMarkers?: AdjustmentMarkers;
  };
}> = async (app, { ctx }) => {
  const log = (message: string) => app.log.warn(message);
  const ratings = createRatingsService({
    db: ctx.db,
    events: ctx.events,
    markers: ctx.adjustmentMarkers ?? noMarkers,
    health: ctx.healthAlertMarkers ?? noMarkers,
  });
  const periods = createPeriodsService({ db: ctx.db });
  const publications = createPublicationsService({ ...ctx, periods, log });
  // The families of a published group are told when its unpublish window ends; the handler reads the state.
  ctx.jobs.work<PublishNotifyJob>(PUBLISH_NOTIFY_QUEUE, async (job) => {
    await publications.notifyDue(job.data);
  });
  await app.register(ratingsRoutes, { ratings, periods, publications });
};
