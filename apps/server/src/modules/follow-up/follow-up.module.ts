import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { formativeActionsRoutes } from "./formative-actions.routes.ts";
import { createFormativeActionsService } from "./formative-actions.service.ts";
import { observationsRoutes } from "./observations.routes.ts";
import { createObservationsService } from "./observations.service.ts";
import { parentMeetingsRoutes } from "./parent-meetings.routes.ts";
import { createParentMeetingsService } from "./parent-meetings.service.ts";

/** Follow-up of incidents (design §4): formative actions, parent meetings and accompaniment observations. */
export const followUpModule: FastifyPluginAsync<{
  ctx: Pick<ModuleDeps, "db"> & { notifications: NotificationsService };
}> = async (app, { ctx }) => {
  const deps = { db: ctx.db, notifications: ctx.notifications };
  await app.register(formativeActionsRoutes, { actions: createFormativeActionsService(deps) });
  await app.register(parentMeetingsRoutes, { meetings: createParentMeetingsService(deps) });
  await app.register(observationsRoutes, { observations: createObservationsService(deps) });
};
