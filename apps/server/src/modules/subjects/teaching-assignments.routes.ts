import { envelope, TeachingAssignmentBody, TeachingAssignmentSchema, TeachingAssignmentsQuery } from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import { subjectsAccess } from "./access.ts";
import type { TeachingAssignmentsService } from "./teaching-assignments.service.ts";

/** Who teaches which subject in which group: a triple, created and removed whole (no id of its own to edit). */
export const teachingAssignmentsRoutes: FastifyPluginAsync<{ assignments: TeachingAssignmentsService }> = async (
  app,
  { assignments },
) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access: subjectsAccess });

  r.list(
    "/api/teaching-assignments",
    ["teaching_assignments", TeachingAssignmentSchema],
    {
      description: "A group's assignments, or a year's (default: the current one), optionally of one user.",
      query: TeachingAssignmentsQuery,
    },
    ({ tenant, query }) => assignments.list(tenant, query),
  );
  r.create(
    "/api/teaching-assignments",
    ["teaching_assignment", TeachingAssignmentSchema],
    {
      description:
        "Assigns a subject of the group's grade (422 SUBJECT_NOT_IN_GRADE) to an active staff member (422 NOT_STAFF).",
      body: TeachingAssignmentBody,
    },
    ({ tenant, body }) => assignments.create(tenant, body),
  );
  // Removed by the body's triple rather than by an id: the answer repeats the triple.
  r.route(
    "DELETE",
    "/api/teaching-assignments",
    200,
    envelope(TeachingAssignmentBody),
    {
      action: "delete",
      description:
        "Removes the assignment named by the body's triple; a head teacher's last subject in their own group is 409 HEAD_TEACHER_OWNS_GROUP.",
      body: TeachingAssignmentBody,
    },
    ({ tenant, body }) => assignments.remove(tenant, body),
  );
};
