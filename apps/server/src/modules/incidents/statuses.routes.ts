import { CloseIncidentBody, envelope, IdParam, IncidentCreatedSchema, perm, ReasonBody } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import type { StatusesService } from "./statuses.service.ts";

const tags = ["incidents"];
const updates = { access: "school", permissions: [perm("incidents", "update")] } as const;
const Incident = envelope(z.object({ incident: IncidentCreatedSchema }));
const ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };

export const statusesRoutes: FastifyPluginAsyncZod<{ statuses: StatusesService }> = async (app, { statuses }) => {
  app.post(
    "/api/incidents/:id/close",
    {
      config: updates,
      schema: {
        tags,
        description:
          "Closes an open incident with a closing note. 409 PENDING_FORMATIVE_ACTIONS while actions are pending, unless waive_pending_actions (they are then waived with the note); 409 INVALID_TRANSITION when not open.",
        params: IdParam,
        body: CloseIncidentBody,
        response: { 200: Incident, ...ERRORS },
      },
    },
    async (request) => ({
      data: {
        incident: await statuses.close(request.tenant!, request.principal!.userId, request.params.id, request.body),
      },
    }),
  );

  app.post(
    "/api/incidents/:id/cancel",
    {
      config: updates,
      schema: {
        tags,
        description: "Cancels an open incident with a reason (kept, never deleted); its pending actions are waived.",
        params: IdParam,
        body: ReasonBody,
        response: { 200: Incident, ...ERRORS },
      },
    },
    async (request) => ({
      data: {
        incident: await statuses.cancel(
          request.tenant!,
          request.principal!.userId,
          request.params.id,
          request.body.reason,
        ),
      },
    }),
  );

  app.post(
    "/api/incidents/:id/reopen",
    {
      config: updates,
      schema: {
        tags,
        description: "Reopens a closed incident: the Director only (403 DIRECTOR_ONLY).",
        params: IdParam,
        body: ReasonBody,
        response: { 200: Incident, ...ERRORS },
      },
    },
    async (request) => ({
      data: {
        incident: await statuses.reopen(
          request.tenant!,
          request.principal!.userId,
          request.params.id,
          request.body.reason,
        ),
      },
    }),
  );
};
