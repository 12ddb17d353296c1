// The profiles module: GET /api/roles/:id, one profile with its permissions. Public surface: its plugin.
import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import { profilesRoutes } from "./profiles.routes.ts";

export const profilesModule: ModulePlugin<Pick<ModuleDeps, "db">> = async (app, { ctx }) => {
  await app.register(profilesRoutes, { db: ctx.db });
};
