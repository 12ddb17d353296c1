import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { SetupProgress } from "../schools/index.ts";
import { usersRoutes } from "./users.routes.ts";
import { createUsersService, type UsersService } from "./users.service.ts";

/** The users service other modules share (sign-in answers, avatars): built once by app.ts through this. */
export function createUsers(
  ctx: Pick<ModuleDeps, "db" | "config" | "events" | "caches"> & { setup: Pick<SetupProgress, "pending"> },
): UsersService {
  return createUsersService({ ...ctx, appDomain: ctx.config.APP_DOMAIN });
}

/** /api/users: a user's own payload and its edits. */
export const usersModule: ModulePlugin<{ users: UsersService }> = async (app, { ctx }) => {
  await app.register(usersRoutes, { users: ctx.users });
};
