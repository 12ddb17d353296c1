// The ratings module's public surface (issue 13 §2): the grid, the periods' closing, reopening and publishing, the
// completion and the family's view, registered by app.ts.
import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { createPeriodsService } from "./periods.service.ts";
import { ratingsRoutes } from "./ratings.routes.ts";
import { createRatingsService } from "./ratings.service.ts";

export const ratingsModule: FastifyPluginAsync<{
  ctx: Pick<ModuleDeps, "db" | "config" | "events" | "mailer"> & { notifications: NotificationsService };
}> = async (app, { ctx }) => {
  const ratings = createRatingsService({ db: ctx.db, events: ctx.events });
  const periods = createPeriodsService({ ...ctx, log: (message) => app.log.warn(message) });
  await app.register(ratingsRoutes, { ratings, periods });
};
