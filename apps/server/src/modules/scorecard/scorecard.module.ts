import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { createAlerts } from "./alerts.service.ts";
import { createPdfPool } from "./pdf.pool.ts";
import { scorecardRoutes } from "./scorecard.routes.ts";
import { createScorecardService } from "./scorecard.service.ts";

/**
 * The scorecard (issue 13 §4) with its PDFs, drawn by this module's own worker pool, and the alerts at the school's
 * thresholds (§5), which listen to the incidents and ratings events.
 */
export const scorecardModule: FastifyPluginAsync<{
  ctx: Pick<ModuleDeps, "db" | "config" | "events" | "mailer"> & { notifications: NotificationsService };
}> = async (app, { ctx }) => {
  const log = (message: string) => app.log.warn(message);
  const pdfs = createPdfPool(ctx.config, log);
  app.addHook("onClose", () => pdfs.close());
  const alerts = createAlerts({ ...ctx, log });
  // Evaluations under way finish before the database closes.
  app.addHook("preClose", () => alerts.drain());
  await app.register(scorecardRoutes, { scorecards: createScorecardService({ db: ctx.db, pdfs }) });
};
