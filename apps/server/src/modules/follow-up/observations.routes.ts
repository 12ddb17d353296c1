import { ObservationBody, ObservationSchema, ObservationsQuery, perm } from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import { areaAccess, resourceRoutes } from "../../lib/resource-routes.ts";
import type { ObservationsService } from "./observations.service.ts";
import { viewerOf } from "./scope.ts";

export const observationsRoutes: FastifyPluginAsync<{ observations: ObservationsService }> = async (
  app,
  { observations },
) => {
  const r = resourceRoutes(app, {
    tags: ["incidents"],
    access: areaAccess("accompaniment-observations"),
  });

  r.create(
    "/api/accompaniment-observations",
    ["observation", ObservationSchema],
    {
      description:
        "Records an observation of an active student (type active, 422 INACTIVE_OPTION; not in the future, 422 FUTURE_DATE); points default to the type's.",
      body: ObservationBody,
    },
    ({ request, body }) => observations.create(viewerOf(request), body),
  );
  r.page(
    "/api/accompaniment-observations",
    ["observations", ObservationSchema],
    {
      // Families hold incidents.read only: with it they read their children's observations shown to families.
      config: {
        access: "school",
        permissions: [perm("accompaniment-observations", "read"), perm("incidents", "read")],
      },
      description:
        "Observations in the caller's scope (school, own groups and own records, or family), newest first, a page at a time.",
      query: ObservationsQuery,
    },
    ({ request, query }) => observations.list(viewerOf(request), query),
  );
};
