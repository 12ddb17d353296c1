import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { createCopyPdfPool } from "./copy.pool.ts";
import { createCopyService } from "./copy.service.ts";
import { familyCopyRoutes } from "./family-copy.routes.ts";
import { createOverdueSweep, scheduleOverdueSweep } from "./rectifications.job.ts";
import { createRectificationsService } from "./rectifications.service.ts";

/**
 * The family's rights over their child's data (issue 30 §3): their own copy (JSON and a PDF drawn by this module's
 * worker pool) and their requests to correct it, answered by the Director, reminded when overdue.
 */
export const familyCopyModule: ModulePlugin<
  Pick<ModuleDeps, "db" | "config" | "jobs"> & { notifications: NotificationsService }
> = async (app, { ctx }) => {
  const pdfs = createCopyPdfPool(ctx.config, (message) => app.log.warn(message));
  app.addHook("onClose", () => pdfs.close());
  const rectifications = createRectificationsService({ db: ctx.db, notifications: ctx.notifications });
  const copies = createCopyService({ db: ctx.db, app, pdfs, rectifications });
  await app.register(familyCopyRoutes, { copies, rectifications });
  // A request past its due day unanswered is notified to the answerers once (the job runner, hourly).
  await scheduleOverdueSweep(ctx, createOverdueSweep({ db: ctx.db, notifications: ctx.notifications }));
};
