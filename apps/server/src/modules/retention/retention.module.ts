import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { RetentionHold } from "../../lib/retention-holds.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { retentionRoutes } from "./retention.routes.ts";
import { createRetentionService } from "./retention.service.ts";
import { createRetentionRun, scheduleRetention, scheduleSchool } from "./run.job.ts";

type Needs = Pick<ModuleDeps, "db" | "jobs" | "events" | "mailer" | "config"> & {
  notifications: NotificationsService;
  retentionHolds: readonly RetentionHold[];
};

/** Retention (issue 30 §5): the school's periods, the daily anonymisation job with its notice, the retention log. */
export const retentionModule: ModulePlugin<Needs> = async (app, { ctx }) => {
  const run = createRetentionRun({
    db: ctx.db,
    notifications: ctx.notifications,
    mailer: ctx.mailer,
    uploadsDir: ctx.config.UPLOADS_DIR,
    config: ctx.config,
    holds: ctx.retentionHolds,
  });
  await scheduleRetention(ctx, run);
  await app.register(retentionRoutes, {
    service: createRetentionService({
      db: ctx.db,
      holds: ctx.retentionHolds,
      ensureScheduled: (school) => scheduleSchool(ctx, school),
    }),
  });
};
