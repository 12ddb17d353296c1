import {
  envelope,
  IdParam,
  ReassignmentBody,
  ReassignmentEntry,
  ReassignmentHistory,
  ReassignmentHistoryQuery,
  ReassignmentMember,
  ReassignmentPreview,
  UserWork,
} from "@convive/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { requestLanguage } from "../../lib/language.ts";
import { areaAccess, resourceRoutes } from "../../lib/resource-routes.ts";
import type { HandoverReader } from "../../lib/work-handover.ts";
import type { ReassignmentService } from "./user-reassignment.service.ts";

// Master configuration → User reassignment (spec §6: read master-configuration-school-user-reassignment opens the
// screen): read to see people's work and preview, create to apply a reassignment. The Director holds both.
const access = areaAccess("master-configuration-school-user-reassignment");

export const reassignmentRoutes: FastifyPluginAsync<{ service: ReassignmentService }> = async (app, { service }) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access: (a) => access(a) });
  const reader = (request: FastifyRequest): HandoverReader => ({
    lang: requestLanguage(request.headers),
    grants: request.tenant!.grants,
  });

  r.route(
    "GET",
    "/api/user-reassignment/members",
    200,
    envelope(z.array(ReassignmentMember)),
    {
      action: "read",
      description:
        "Staff members (active or not) with the open work each holds: head-teacher groups, teaching assignments, formative actions, parent meetings, protocol steps, referrals and forms.",
    },
    ({ request, tenant }) => service.members(tenant.schoolId, reader(request).lang),
  );
  r.route(
    "GET",
    "/api/user-reassignment/members/:id/work",
    200,
    envelope(UserWork),
    {
      action: "read",
      params: IdParam,
      description: "A member's open work, kind by kind, in the reader's language. 404 for anyone not a member.",
    },
    ({ request, tenant, params }) => service.work(tenant.schoolId, params.id, reader(request)),
  );
  r.route(
    "POST",
    "/api/user-reassignment/preview",
    200,
    envelope(ReassignmentPreview),
    {
      action: "read",
      config: {
        ...access("read"),
        idempotency: { exempt: "A preview changes nothing: a repeat answers the same." },
      },
      body: ReassignmentBody,
      description:
        "What applying would change: each chosen item moved or merged into what the receiver holds, and the rule that stops a kind (ready=false). 409 REASSIGN_WORK_CHANGED when an item is no longer the giver's.",
    },
    ({ request, tenant, body }) => service.preview(tenant.schoolId, request.principal!.userId, body, reader(request)),
  );
  r.route(
    "POST",
    "/api/user-reassignment",
    201,
    envelope(ReassignmentEntry),
    {
      action: "create",
      body: ReassignmentBody,
      description:
        "Hands the chosen work over, all or nothing, in one transaction; each incident's timeline and the history record it. 422 REASSIGN_SAME_USER, REASSIGN_NOTHING_CHOSEN, NOT_STAFF, a kind's rule; 409 REASSIGN_WORK_CHANGED, REASSIGN_HEAD_TEACHER_KEEPS_SUBJECT.",
    },
    ({ request, tenant, body }) => service.apply(tenant.schoolId, request.principal!.userId, body, reader(request)),
  );
  r.route(
    "GET",
    "/api/user-reassignment/history",
    200,
    envelope(ReassignmentHistory),
    {
      action: "read",
      query: ReassignmentHistoryQuery,
      description: "The school's reassignments, newest first: when, from, to, by whom, how many items of each kind.",
    },
    ({ tenant, query }) => service.history(tenant.schoolId, query),
  );
};
