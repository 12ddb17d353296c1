// The strategic vision module (issue 14 §1, §3, §4): the director's dashboard with its exports, the effectiveness of
// formative actions and the escalation of aged open incidents. Public surface: the plugin app.ts registers.
import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { createDashboardService } from "./dashboard.service.ts";
import { createEffectivenessService } from "./effectiveness.service.ts";
import { registerEscalationJob } from "./escalation.job.ts";
import { createExportService } from "./export.service.ts";
import { createSettingsService } from "./settings.service.ts";
import { strategicVisionRoutes } from "./strategic-vision.routes.ts";

export { createEscalation } from "./escalation.service.ts";

/**
 * Routes under /api/strategic-vision, and the escalation sweep: started when the server listens (never in a test
 * that only injects), stopped when it closes.
 */
export const strategicVisionModule: FastifyPluginAsync<{
  ctx: Pick<ModuleDeps, "db" | "config" | "mailer" | "jobs"> & { notifications: NotificationsService };
}> = async (app, { ctx }) => {
  const dashboards = createDashboardService({ db: ctx.db });
  const effectiveness = createEffectivenessService({ db: ctx.db });
  await app.register(strategicVisionRoutes, {
    dashboards,
    effectiveness,
    exporter: createExportService({ db: ctx.db, dashboards, effectiveness }),
    settings: createSettingsService({ db: ctx.db, dashboards }),
  });
  await registerEscalationJob(app, ctx);
};
