import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import { readLogRoutes } from "./read-log.routes.ts";
import { createReadLogService } from "./read-log.service.ts";

/** The read log's reading side (issue 25 §3); the writing side is plugins/read-log.ts, used by every module. */
export const readLogModule: ModulePlugin<Pick<ModuleDeps, "db">> = async (app, { ctx }) => {
  await app.register(readLogRoutes, { service: createReadLogService({ db: ctx.db }) });
};
