import {
  CompleteOccurrenceBody,
  envelope,
  FormativeActionBody,
  FormativeActionSchema,
  FormativeActionsQuery,
  IdParam,
  OccurrenceParam,
  perm,
  UpdateFormativeActionBody,
  WaiveBody,
} from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import type { FormativeActionsService } from "./formative-actions.service.ts";
import { viewerOf } from "./scope.ts";

const access = (...permissions: string[]) => ({ access: "school", permissions }) as const;
const tags = ["incidents"];
const WRITE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };
const One = envelope(z.object({ formative_action: FormativeActionSchema }));

export const formativeActionsRoutes: FastifyPluginAsyncZod<{ actions: FormativeActionsService }> = async (
  app,
  { actions },
) => {
  app.post(
    "/api/incidents/:id/formative-actions",
    {
      config: access(perm("formative-actions", "create")),
      schema: {
        tags,
        description:
          "Adds a formative action for a student of an open incident (409 INCIDENT_NOT_OPEN); the responsible user must be active staff (422 NOT_STAFF).",
        params: IdParam,
        body: FormativeActionBody,
        response: { 201: One, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: { formative_action: await actions.create(viewerOf(request), request.params.id, request.body) },
      }),
  );

  app.patch(
    "/api/formative-actions/:id",
    {
      config: access(perm("formative-actions", "update")),
      schema: {
        tags,
        description:
          "Edits guideline, responsible, dates, repeat or notes; new dates may not leave a completed occurrence out (409 COMPLETIONS_OUTSIDE_DATES).",
        params: IdParam,
        body: UpdateFormativeActionBody,
        response: { 200: One, ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: { formative_action: await actions.update(viewerOf(request), request.params.id, request.body) },
    }),
  );

  // No grant listed: the responsible user may complete their own action whatever their profile (the service
  // checks: responsible, or formative-actions.update within their scope).
  app.post(
    "/api/formative-actions/:id/completions",
    {
      config: access(),
      schema: {
        tags,
        description:
          "Marks one occurrence done (the responsible user or formative-actions.update); completing a completed day changes nothing.",
        params: IdParam,
        body: CompleteOccurrenceBody,
        response: { 200: One, ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: {
        formative_action: await actions.complete(
          viewerOf(request),
          request.params.id,
          request.body.occurrence_on,
          true,
          request.body.note,
        ),
      },
    }),
  );

  app.delete(
    "/api/formative-actions/:id/completions/:on",
    {
      config: access(),
      schema: {
        tags,
        description: "Marks one occurrence not done again (same callers as completing).",
        params: OccurrenceParam,
        response: { 200: One, ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: {
        formative_action: await actions.complete(viewerOf(request), request.params.id, request.params.on, false),
      },
    }),
  );

  app.post(
    "/api/formative-actions/:id/waive",
    {
      config: access(perm("formative-actions", "update")),
      schema: {
        tags,
        description: "Waives what is left of a pending action, with a reason (409 ACTION_CLOSED when done or waived).",
        params: IdParam,
        body: WaiveBody,
        response: { 200: One, ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: { formative_action: await actions.waive(viewerOf(request), request.params.id, request.body.reason) },
    }),
  );

  // Any staff member may be responsible for an action, so "mine" needs no grant; "all" needs
  // formative-actions.read and the whole-school scope (the service narrows everyone else to theirs).
  app.get(
    "/api/formative-actions",
    {
      config: access(),
      schema: {
        tags,
        description:
          "Formative actions, most urgent first: mine (the caller is responsible) or all (Director and school-wide staff); state=overdue lists those past due.",
        querystring: FormativeActionsQuery,
        response: { 200: envelope(z.object({ formative_actions: z.array(FormativeActionSchema) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { formative_actions: await actions.list(viewerOf(request), request.query) } }),
  );
};
