import {
  AcknowledgeBody,
  Acknowledgement,
  AcknowledgementReminded,
  AcknowledgementReminderBody,
  envelope,
  IdParam,
  IncidentAcknowledgements,
  UnacknowledgedList,
  UnacknowledgedQuery,
} from "@convive/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import type { AcknowledgementReminders } from "./acknowledgements.reminders.ts";
import type { AckSession } from "./acknowledgements.rules.ts";
import type { AcknowledgementsService } from "./acknowledgements.service.ts";
import { readsIncidents, viewerOf } from "./archive.routes.ts";

const tags = ["incidents"];
const WRITE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };
const Acknowledged = envelope(z.object({ acknowledgement: Acknowledgement }));

const sessionOf = (request: FastifyRequest): AckSession => ({
  sessionId: request.principal!.sessionId,
  device: request.headers["user-agent"] ?? null,
});

/**
 * The family's acknowledgement of incidents and of meetings' minutes (issue 30 §1), staff's view of who has and
 * has not acknowledged, and the reminder. Every route reads incidents (incidents.read or .search) and then the
 * caller's scope decides: a family reaches only its children's incidents shown to families (404 otherwise).
 */
export const acknowledgementsRoutes: FastifyPluginAsyncZod<{
  acknowledgements: AcknowledgementsService;
  reminders: AcknowledgementReminders;
}> = async (app, { acknowledgements, reminders }) => {
  app.get(
    "/api/incidents/:id/acknowledgements",
    {
      config: readsIncidents,
      schema: {
        tags,
        description:
          "Who has acknowledged the incident and its meetings' minutes: staff get every student's family (members, who acknowledged, the last reminder, whether one may go now); a family member its household's acknowledgements and whether they may still acknowledge. 404 outside the caller's scope.",
        params: IdParam,
        response: { 200: envelope(IncidentAcknowledgements), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await acknowledgements.panel(viewerOf(request), request.params.id) }),
  );

  /** A family member's "Enterado": 201 with it the first time, 200 with the same one for a repeat. */
  const acknowledgeRoute = (
    url: string,
    description: string,
    run: typeof acknowledgements.acknowledge | typeof acknowledgements.acknowledgeMinutes,
  ) =>
    app.post(
      url,
      {
        config: { ...readsIncidents, idempotency: "keyed" },
        schema: {
          tags,
          description,
          params: IdParam,
          body: AcknowledgeBody,
          response: { 200: Acknowledged, 201: Acknowledged, ...WRITE_ERRORS },
        },
      },
      async (request, reply) => {
        const { acknowledgement, created } = await run(
          viewerOf(request),
          sessionOf(request),
          request.params.id,
          request.body,
        );
        return reply.status(created ? 201 : 200).send({ data: { acknowledgement } });
      },
    );

  acknowledgeRoute(
    "/api/incidents/:id/acknowledgement",
    "A family member acknowledges an incident of their child shown to families (\"Enterado\"), optionally with a comment or a disagreement (disagrees: true needs the comment). 201 with the acknowledgement; a repeat answers the first one with 200 and changes nothing. Staff: 403; another family's or school's incident: 404; a cancelled one: 409.",
    acknowledgements.acknowledge,
  );
  acknowledgeRoute(
    "/api/parent-meetings/:id/acknowledgement",
    "A family member acknowledges the minutes of a parent meeting their household attends, the same way as an incident (201, a repeat 200). Staff: 403; another household's meeting: 404; a meeting without minutes: 409.",
    acknowledgements.acknowledgeMinutes,
  );

  app.post(
    "/api/incidents/:id/acknowledgements/remind",
    {
      config: { ...readsIncidents, idempotency: "keyed" },
      schema: {
        tags,
        description:
          "Staff who see the incident remind one student's family to acknowledge it: a notification and an e-mail (through the outbox, held in quiet hours) to each family member. Once per family, incident and school day (409 ACK_REMINDER_LIMIT); 409 when the family has acknowledged, 422 when it has nobody on record; families: 403.",
        params: IdParam,
        body: AcknowledgementReminderBody,
        response: { 200: envelope(AcknowledgementReminded), ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: await reminders.remind(viewerOf(request), request.params.id, request.body.student_id),
    }),
  );

  app.get(
    "/api/incidents/unacknowledged",
    {
      config: readsIncidents,
      schema: {
        tags,
        description:
          "Staff: the families that have not acknowledged incidents of the current school year shown to families (not cancelled), in the caller's scope, newest incident first; group_id: the student's group at the time. Families: 403.",
        querystring: UnacknowledgedQuery,
        response: { 200: envelope(UnacknowledgedList), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await reminders.unacknowledged(viewerOf(request), request.query) }),
  );
};
