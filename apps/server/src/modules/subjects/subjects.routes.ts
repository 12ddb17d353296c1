import {
  CreateSubjectBody,
  envelope,
  perm,
  SubjectSchema,
  SubjectsQuery,
  TeachingAssignmentBody,
  TeachingAssignmentSchema,
  TeachingAssignmentsQuery,
  UpdateSubjectBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { type CrudAction, resourceRoutes } from "../../lib/resource-routes.ts";
import { createSubjectsService, type SubjectsService } from "./subjects.service.ts";
import { createTeachingAssignmentsService, type TeachingAssignmentsService } from "./teaching-assignments.service.ts";

/** Subjects and teaching assignments share one area of the permission matrix (spec §6 subject). */
const access = (action: CrudAction) =>
  ({ access: "school", permissions: [perm("master-configuration-subjects", action)] }) as const;

export const subjectsRoutes: FastifyPluginAsync<{
  subjects: SubjectsService;
  assignments: TeachingAssignmentsService;
}> = async (app, { subjects, assignments }) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access });
  r.crud(
    "/api/subjects",
    {
      one: "subject",
      many: "subjects",
      item: SubjectSchema,
      query: SubjectsQuery,
      create: CreateSubjectBody,
      update: UpdateSubjectBody,
      docs: {
        list: "Subjects by name with their grades, optionally only those taught in grade_id.",
        create: "Creates a subject taught in grade_ids; a code already used in the school is 409 CONFLICT.",
        update: "Edits a subject; grade_ids replaces its grades (409 IN_USE when a dropped grade is taught it).",
        remove: "Deletes a subject without teaching assignments (409 IN_USE otherwise).",
      },
    },
    subjects,
  );

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

/** The module as app.ts registers it: the services built from the app's context. */
export const subjectsModule: FastifyPluginAsync<{ ctx: Pick<ModuleDeps, "db" | "events"> }> = async (app, { ctx }) => {
  const deps = { db: ctx.db, events: ctx.events };
  await app.register(subjectsRoutes, {
    subjects: createSubjectsService(deps),
    assignments: createTeachingAssignmentsService(deps),
  });
};
