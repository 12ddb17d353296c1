import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { createAwardsService } from "./awards.service.ts";
import { pointsRoutes } from "./points.routes.ts";

/** Recognition points (issue 13 §3): the ledger read from its sources, the group's view and manual awards. */
export const pointsModule: FastifyPluginAsync<{ ctx: Pick<ModuleDeps, "db"> }> = async (app, { ctx }) => {
  await app.register(pointsRoutes, { db: ctx.db, awards: createAwardsService({ db: ctx.db }) });
};
