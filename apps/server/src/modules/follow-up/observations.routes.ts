import { envelope, ObservationBody, ObservationSchema, ObservationsQuery, perm } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS } from "../../lib/http.ts";
import type { ObservationsService } from "./observations.service.ts";
import { viewerOf } from "./scope.ts";

const tags = ["incidents"];

export const observationsRoutes: FastifyPluginAsyncZod<{ observations: ObservationsService }> = async (
  app,
  { observations },
) => {
  app.post(
    "/api/accompaniment-observations",
    {
      config: { access: "school", permissions: [perm("accompaniment-observations", "create")] },
      schema: {
        tags,
        description:
          "Records an observation of an active student (type active, 422 INACTIVE_OPTION; not in the future, 422 FUTURE_DATE); points default to the type's.",
        body: ObservationBody,
        response: { 201: envelope(z.object({ observation: ObservationSchema })), ...AUTH_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: { observation: await observations.create(viewerOf(request), request.body) } }),
  );

  app.get(
    "/api/accompaniment-observations",
    {
      // Families hold incidents.read only: with it they read their children's observations shown to families.
      config: {
        access: "school",
        permissions: [perm("accompaniment-observations", "read"), perm("incidents", "read")],
      },
      schema: {
        tags,
        description:
          "Observations in the caller's scope (school, own groups and own records, or family), newest first, a page at a time.",
        querystring: ObservationsQuery,
        response: {
          200: envelope(
            z.object({
              observations: z.array(ObservationSchema),
              total: z.number(),
              page: z.number(),
              per_page: z.number(),
            }),
          ),
          ...AUTH_ERRORS,
        },
      },
    },
    async (request) => ({ data: await observations.list(viewerOf(request), request.query) }),
  );
};
