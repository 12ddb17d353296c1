import {
  CompleteOccurrenceBody,
  FormativeActionBody,
  FormativeActionSchema,
  FormativeActionsQuery,
  IdParam,
  OccurrenceParam,
  perm,
  UpdateFormativeActionBody,
  WaiveBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import { areaAccess, keyed, resourceRoutes } from "../../lib/resource-routes.ts";
import type { FormativeActionsService } from "./formative-actions.service.ts";
import { viewerOf } from "./scope.ts";

/** No grant listed: the service decides (the responsible user, or formative-actions.update within their scope). */
const anyStaff = { access: "school", permissions: [] } as const;

export const formativeActionsRoutes: FastifyPluginAsync<{ actions: FormativeActionsService }> = async (
  app,
  { actions },
) => {
  const r = resourceRoutes(app, {
    tags: ["incidents"],
    access: areaAccess("formative-actions"),
  });
  const action = ["formative_action", FormativeActionSchema] as const;

  r.create(
    "/api/incidents/:id/formative-actions",
    action,
    {
      description:
        "Adds a formative action for a student of an open incident (409 INCIDENT_NOT_OPEN); the responsible user must be active staff (422 NOT_STAFF).",
      params: IdParam,
      body: FormativeActionBody,
    },
    ({ request, params, body }) => actions.create(viewerOf(request), params.id, body),
  );
  r.update(
    "/api/formative-actions/:id",
    action,
    {
      description:
        "Edits guideline, responsible, dates, repeat or notes; new dates may not leave a completed occurrence out (409 COMPLETIONS_OUTSIDE_DATES).",
      body: UpdateFormativeActionBody,
    },
    ({ request, params, body }) => actions.update(viewerOf(request), params.id, body),
  );
  // The responsible user may complete their own action whatever their profile.
  r.act(
    "POST",
    "/api/formative-actions/:id/completions",
    action,
    {
      action: "update",
      config: anyStaff,
      description:
        "Marks one occurrence done (the responsible user or formative-actions.update); completing a completed day changes nothing.",
      body: CompleteOccurrenceBody,
    },
    ({ request, params, body }) => actions.complete(viewerOf(request), params.id, body.occurrence_on, true, body.note),
  );
  r.route(
    "DELETE",
    "/api/formative-actions/:id/completions/:on",
    200,
    keyed(...action),
    {
      action: "update",
      config: anyStaff,
      description: "Marks one occurrence not done again (same callers as completing).",
      params: OccurrenceParam,
    },
    async ({ request, params }) => ({
      formative_action: await actions.complete(viewerOf(request), params.id, params.on, false),
    }),
  );
  r.act(
    "POST",
    "/api/formative-actions/:id/waive",
    action,
    {
      action: "update",
      description: "Waives what is left of a pending action, with a reason (409 ACTION_CLOSED when done or waived).",
      body: WaiveBody,
    },
    ({ request, params, body }) => actions.waive(viewerOf(request), params.id, body.reason),
  );
  // Families hold incidents.read only: with it they read their own child's actions (the service narrows to scope).
  r.list(
    "/api/students/:id/formative-actions",
    ["formative_actions", FormativeActionSchema],
    {
      config: { access: "school", permissions: [perm("formative-actions", "read"), perm("incidents", "read")] },
      params: IdParam,
      description:
        "The student's formative actions in the caller's scope (their file), most urgent first; 404 for another family's child.",
    },
    ({ request, params }) => actions.ofStudent(viewerOf(request), params.id),
  );
  // Any staff member may be responsible for an action, so "mine" needs no grant; "all" needs
  // formative-actions.read and the whole-school scope (the service narrows everyone else to theirs).
  r.list(
    "/api/formative-actions",
    ["formative_actions", FormativeActionSchema],
    {
      config: anyStaff,
      description:
        "Formative actions, most urgent first: mine (the caller is responsible) or all (Director and school-wide staff); state=overdue lists those past due.",
      query: FormativeActionsQuery,
    },
    ({ request, query }) => actions.list(viewerOf(request), query),
  );
};
