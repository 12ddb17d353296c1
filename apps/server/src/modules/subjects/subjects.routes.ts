import { CreateSubjectBody, SubjectSchema, SubjectsQuery, UpdateSubjectBody } from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import { subjectsAccess } from "./access.ts";
import { createSubjectsService, type SubjectsService } from "./subjects.service.ts";
import { teachingAssignmentsRoutes } from "./teaching-assignments.routes.ts";
import { createTeachingAssignmentsService } from "./teaching-assignments.service.ts";

export const subjectsRoutes: FastifyPluginAsync<{ subjects: SubjectsService }> = async (app, { subjects }) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access: subjectsAccess });
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
};

/** The module as app.ts registers it: the services built from the app's context. */
export const subjectsModule: FastifyPluginAsync<{ ctx: Pick<ModuleDeps, "db" | "events"> }> = async (app, { ctx }) => {
  const deps = { db: ctx.db, events: ctx.events };
  await app.register(subjectsRoutes, { subjects: createSubjectsService(deps) });
  await app.register(teachingAssignmentsRoutes, { assignments: createTeachingAssignmentsService(deps) });
};
