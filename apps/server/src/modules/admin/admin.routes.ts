import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../../config/config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { AuthService } from "../auth/index.ts";
import { adminHelpVideosRoutes } from "./admin-help-videos.routes.ts";
import { createAdminHelpVideosService } from "./admin-help-videos.service.ts";
import { adminSchoolsRoutes } from "./admin-schools.routes.ts";
import { createAdminSchoolsService } from "./admin-schools.service.ts";
import { adminUsersRoutes } from "./admin-users.routes.ts";
import { createAdminUsersService } from "./admin-users.service.ts";

/**
 * The platform administration API (spec §1 root, §2 admin screens): schools, users and help videos.
 * Every route is `access: "root"`, so a non-root caller gets 403 ROOT_ONLY before any of this runs.
 */
export const adminRoutes: FastifyPluginAsync<{
  db: Db;
  auth: Pick<AuthService, "endAllSessions">;
  events: EventBus;
  helpVideoOrigins: Config["HELP_VIDEO_ORIGINS"];
}> = async (app, { db, auth, events, helpVideoOrigins }) => {
  // A root still on a temporary password must change it first (spec §2: forced to /Changepassword).
  app.addHook("preHandler", async (request) => {
    if (request.principal && !request.principal.passwordUpdated) throw new AppError("FORBIDDEN");
  });

  await app.register(adminSchoolsRoutes, { schools: createAdminSchoolsService({ db, events }) });
  await app.register(adminUsersRoutes, { users: createAdminUsersService({ db, auth, events }) });
  await app.register(adminHelpVideosRoutes, {
    videos: createAdminHelpVideosService({ db, helpVideoOrigins }),
  });
};
