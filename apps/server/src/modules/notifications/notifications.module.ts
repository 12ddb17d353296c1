import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import { notificationsRoutes } from "./notifications.routes.ts";
import type { NotificationsService } from "./notifications.service.ts";
import { schedulePurgeOfNotifications } from "./purge.job.ts";

/**
 * The bell (spec §2): a user's notifications, read and marked, kept NOTIFICATIONS_KEPT_MONTHS. The service itself is
 * built once by app.ts.
 */
export const notificationsModule: ModulePlugin<
  Pick<ModuleDeps, "db" | "jobs"> & { notifications: NotificationsService }
> = async (app, { ctx }) => {
  await app.register(notificationsRoutes, { notifications: ctx.notifications });
  await schedulePurgeOfNotifications(ctx.db, ctx.jobs);
};
