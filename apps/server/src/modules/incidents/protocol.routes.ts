import {
  CompleteStepBody,
  envelope,
  IdParam,
  IncidentProtocolSchema,
  perm,
  ReassignStepBody,
  WaiveStepBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS } from "../../lib/http.ts";
import { registerSensitiveKind } from "../../lib/read-log.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import { readsIncidents, viewerOf } from "./archive.routes.ts";
import type { ProtocolService } from "./protocol.service.ts";

// An incident's protocol: its steps' notes and evidence name what was done about the students (issue 30 §2).
registerSensitiveKind("incident.protocol", { es: "Protocolo de incidencia", en: "Incident protocol" });

const tags = ["incidents"];
const StepParams = IdParam.extend({ stepId: IdParam.shape.id });
const protocolItem = ["protocol", IncidentProtocolSchema] as const;
/** Whoever may manage the incident (incidents.update) completes, waives and reassigns its steps. */
const manages = { access: "school", permissions: [perm("incidents", "update")] } as const;

const readRoute: FastifyPluginAsyncZod<{ protocol: ProtocolService }> = async (app, { protocol }) => {
  app.get(
    "/api/incidents/:id/protocol",
    {
      config: readsIncidents,
      schema: {
        tags,
        description:
          "The incident's protocol (null when its type follows none): steps in order with deadline, status, overdue flag, responsible, note and evidence. Staff in scope only: a family or another school gets 404.",
        params: IdParam,
        response: { 200: envelope(z.object({ protocol: IncidentProtocolSchema.nullable() })), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const found = await protocol.get(viewerOf(request), request.params.id);
      if (found.protocol) request.logRead("incident.protocol", request.params.id, found.studentIds);
      return { data: { protocol: found.protocol } };
    },
  );
};

/** An incident's protocol: reading it and completing, waiving and reassigning its steps. */
export const protocolRoutes: FastifyPluginAsync<{ protocol: ProtocolService }> = async (app, { protocol }) => {
  await app.register(readRoute, { protocol });
  const r = resourceRoutes(app, { tags, access: () => manages });
  r.act(
    "POST",
    "/api/incidents/:id/protocol/steps/:stepId/complete",
    protocolItem,
    {
      action: "update",
      params: StepParams,
      body: CompleteStepBody,
      description:
        "Completes a pending step with a note and optional evidence (ids of the incident's attachments). 409 PROTOCOL_STEP_NOT_PENDING, INCIDENT_NOT_OPEN.",
    },
    ({ request, params, body }) => protocol.complete(viewerOf(request), params.id, params.stepId, body),
  );
  r.act(
    "POST",
    "/api/incidents/:id/protocol/steps/:stepId/waive",
    protocolItem,
    {
      action: "update",
      params: StepParams,
      body: WaiveStepBody,
      description: "Waives a pending step explicitly, with a reason. 409 PROTOCOL_STEP_NOT_PENDING, INCIDENT_NOT_OPEN.",
    },
    ({ request, params, body }) => protocol.waive(viewerOf(request), params.id, params.stepId, body.reason),
  );
  r.act(
    "POST",
    "/api/incidents/:id/protocol/steps/:stepId/responsible",
    protocolItem,
    {
      action: "update",
      params: StepParams,
      body: ReassignStepBody,
      description: "Gives a pending step another responsible: an active staff member of the school.",
    },
    ({ request, params, body }) => protocol.reassign(viewerOf(request), params.id, params.stepId, body.responsible_id),
  );
};
