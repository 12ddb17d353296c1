import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../../config/config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { JobRunner } from "../../lib/jobs.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { AuthService } from "../auth/index.ts";
import { adminHelpVideosRoutes } from "./admin-help-videos.routes.ts";
import { createAdminHelpVideosService } from "./admin-help-videos.service.ts";
import { adminJobsRoutes } from "./admin-jobs.routes.ts";
import { adminSchoolsRoutes } from "./admin-schools.routes.ts";
import { createAdminSchoolsService } from "./admin-schools.service.ts";
import { adminUsersRoutes } from "./admin-users.routes.ts";
import { createAdminUsersService } from "./admin-users.service.ts";

/**
 * The platform administration API (spec §1 root, §2 admin screens): schools, users, help videos and the jobs.
 * Every route is `access: "root"`, so a non-root caller gets 403 ROOT_ONLY before any of this runs.
 */
export const adminRoutes: FastifyPluginAsync<{
  db: Db;
  auth: Pick<AuthService, "endAllSessions">;
  events: EventBus;
  jobs: JobRunner;
  mailer: Mailer;
  config: Config;
}> = async (app, { db, auth, events, jobs, mailer, config }) => {
  // A root still on a temporary password must change it first (spec §2: forced to /Changepassword).
  app.addHook("preHandler", async (request) => {
    if (request.principal && !request.principal.passwordUpdated) throw new AppError("FORBIDDEN");
  });

  await app.register(adminSchoolsRoutes, { schools: createAdminSchoolsService({ db, events, mailer, config }) });
  await app.register(adminUsersRoutes, { users: createAdminUsersService({ db, auth, events, mailer, config }) });
  await app.register(adminHelpVideosRoutes, {
    videos: createAdminHelpVideosService({ db, helpVideoOrigins: config.HELP_VIDEO_ORIGINS }),
  });
  await app.register(adminJobsRoutes, { jobs });
};
