import type { ModulePlugin } from "../../lib/module-deps.ts";
import { notificationsRoutes } from "./notifications.routes.ts";
import type { NotificationsService } from "./notifications.service.ts";

/** The bell (spec §2): a user's notifications, read and marked. The service itself is built once by app.ts. */
export const notificationsModule: ModulePlugin<{ notifications: NotificationsService }> = async (app, { ctx }) => {
  await app.register(notificationsRoutes, { notifications: ctx.notifications });
};
