// The admin module (spec §1 root, §2 admin screens): the platform's schools, users and help videos. Public
// surface: the plugin app.ts registers.
import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { AuthService } from "../auth/index.ts";
import { adminRoutes } from "./admin.routes.ts";

export const adminModule: ModulePlugin<
  Pick<ModuleDeps, "db" | "config" | "events" | "jobs" | "mailer"> & { auth: Pick<AuthService, "endAllSessions"> }
> = async (app, { ctx }) => {
  await app.register(adminRoutes, {
    db: ctx.db,
    auth: ctx.auth,
    events: ctx.events,
    jobs: ctx.jobs,
    mailer: ctx.mailer,
    config: ctx.config,
  });
};
