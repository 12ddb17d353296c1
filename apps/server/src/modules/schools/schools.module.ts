import fp from "fastify-plugin";
import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { appManifestRoutes } from "./app-manifest.routes.ts";
import { schoolsRoutes } from "./schools.routes.ts";
import { createSchoolsService } from "./schools.service.ts";
import { setupProgressHook } from "./setup-progress.hook.ts";
import { createSetupProgress, type SetupProgress } from "./setup-progress.service.ts";

/**
 * Issue 12 §2: whether a school is still being set up decides its staff's landing view (users) and its setup
 * reminder. Built once by app.ts through this, since the users module reads it too.
 */
export function createSetup(
  ctx: Pick<ModuleDeps, "db" | "events"> & { notifications: Pick<NotificationsService, "restate" | "withdraw"> },
): SetupProgress {
  return createSetupProgress({ db: ctx.db, events: ctx.events, notices: ctx.notifications });
}

/**
 * The school's public details and setup progress. Not encapsulated (fastify-plugin): the setup hook watches every
 * module's successful writes, so it must sit beside them, not inside this module; the routes keep their own scope.
 */
const schools: ModulePlugin<Pick<ModuleDeps, "db" | "config" | "events"> & { setup: SetupProgress }> = async (
  app,
  { ctx },
) => {
  await app.register(setupProgressHook, { setup: ctx.setup, events: ctx.events });
  const service = createSchoolsService({ db: ctx.db });
  await app.register(schoolsRoutes, { schools: service, appDomain: ctx.config.APP_DOMAIN });
  await app.register(appManifestRoutes, { schools: service, appDomain: ctx.config.APP_DOMAIN });
};
export const schoolsModule = fp(schools);
