import { CloseIncidentBody, IdParam, IncidentCreatedSchema, perm, ReasonBody } from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import { requestLanguage } from "../../lib/language.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import type { StatusesService } from "./statuses.service.ts";

/** Closing, cancelling and reopening all change an incident: incidents.update (reopen is further the Director's). */
const updates = { access: "school", permissions: [perm("incidents", "update")] } as const;

export const statusesRoutes: FastifyPluginAsync<{ statuses: StatusesService }> = async (app, { statuses }) => {
  const r = resourceRoutes(app, { tags: ["incidents"], access: () => updates });
  const incident = ["incident", IncidentCreatedSchema] as const;

  r.act(
    "POST",
    "/api/incidents/:id/close",
    incident,
    {
      action: "update",
      description:
        "Closes an open incident with a closing note. 409 PROTOCOL_STEPS_PENDING while a protocol step is neither done nor waived (naming them); 409 PENDING_FORMATIVE_ACTIONS while actions are pending, unless waive_pending_actions (they are then waived with the note); 409 INVALID_TRANSITION when not open.",
      params: IdParam,
      body: CloseIncidentBody,
    },
    ({ tenant, params, body, request }) =>
      statuses.close(tenant, request.principal!.userId, params.id, body, requestLanguage(request.headers)),
  );
  r.act(
    "POST",
    "/api/incidents/:id/cancel",
    incident,
    {
      action: "update",
      description: "Cancels an open incident with a reason (kept, never deleted); its pending actions are waived.",
      body: ReasonBody,
    },
    ({ tenant, params, body, request }) => statuses.cancel(tenant, request.principal!.userId, params.id, body.reason),
  );
  r.act(
    "POST",
    "/api/incidents/:id/reopen",
    incident,
    {
      action: "update",
      description: "Reopens a closed incident: the Director only (403 DIRECTOR_ONLY).",
      body: ReasonBody,
    },
    ({ tenant, params, body, request }) => statuses.reopen(tenant, request.principal!.userId, params.id, body.reason),
  );
};
