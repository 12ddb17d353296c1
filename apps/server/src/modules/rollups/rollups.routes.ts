import { envelope, perm, RollupRebuildStatus } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AUTH_ERRORS } from "../../lib/http.ts";
import type { RollupRebuilds } from "./rebuilds.service.ts";

/** Who reads the rollups (the dashboard, the incident graph) or changes what makes them rebuild (the structure). */
const readers = {
  access: "school",
  permissions: [
    perm("strategic-vision", "read"),
    "module-incidents-graph",
    perm("master-configuration-sections", "read"),
    perm("master-configuration-subjects", "read"),
  ],
} as const;

export const rollupsRoutes: FastifyPluginAsyncZod<{ rebuilds: RollupRebuilds }> = async (app, { rebuilds }) => {
  app.get(
    "/api/rollups/rebuild",
    {
      config: readers,
      schema: {
        tags: ["strategic-vision"],
        description:
          "Where the school's rollup rebuild stands (issue 25 §5): after a change of its time zone, a group moved, a head teacher or teaching assignment changed, the dashboard's and incident graph's rollups are rebuilt by a job once the changes are quiet. pending: changes wait for it (since requested_at); run: the last or running rebuild, step of steps.",
        response: { 200: envelope(RollupRebuildStatus), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await rebuilds.status(request.tenant!.schoolId) }),
  );
};
