// The avatars module: profile pictures, re-encoded in a file worker. Public surface: the plugin app.ts registers.
import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { UsersService } from "../users/index.ts";
import { avatarsRoutes } from "./avatars.routes.ts";
import { createAvatarsService } from "./avatars.service.ts";

export const avatarsModule: ModulePlugin<
  Pick<ModuleDeps, "db" | "config" | "events" | "files"> & { users: Pick<UsersService, "userPayload"> }
> = async (app, { ctx }) => {
  const { db, config, events, files, users } = ctx;
  await app.register(avatarsRoutes, {
    avatars: createAvatarsService({ db, uploadsDir: config.UPLOADS_DIR, users, events, files }),
    appDomain: config.APP_DOMAIN,
  });
};
