import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { incidentGraphRoutes } from "./incident-graph.routes.ts";
import { createIncidentGraphService } from "./incident-graph.service.ts";

/** The incident graph (issue 14 §2): incidents over time and the co-occurrence map, read from migration 0018's rollups. */
export const incidentGraphModule: FastifyPluginAsync<{ ctx: Pick<ModuleDeps, "db"> }> = async (app, { ctx }) => {
  await app.register(incidentGraphRoutes, { graph: createIncidentGraphService({ db: ctx.db }) });
};
