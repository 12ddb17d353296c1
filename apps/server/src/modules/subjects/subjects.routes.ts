import {
  CreateSubjectBody,
  DeletedResponse,
  envelope,
  IdParam,
  perm,
  SubjectSchema,
  SubjectsQuery,
  TeachingAssignmentBody,
  TeachingAssignmentSchema,
  TeachingAssignmentsQuery,
  UpdateSubjectBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { createSubjectsService, type SubjectsService } from "./subjects.service.ts";
import { createTeachingAssignmentsService, type TeachingAssignmentsService } from "./teaching-assignments.service.ts";

/** Subjects and teaching assignments share one area of the permission matrix (spec §6 subject). */
const access = (action: "create" | "read" | "update" | "delete") =>
  ({ access: "school", permissions: [perm("master-configuration-subjects", action)] }) as const;
const tags = ["master-configuration"];
const WRITE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };
const Subject = envelope(z.object({ subject: SubjectSchema }));

export const subjectsRoutes: FastifyPluginAsyncZod<{
  subjects: SubjectsService;
  assignments: TeachingAssignmentsService;
}> = async (app, { subjects, assignments }) => {
  app.get(
    "/api/subjects",
    {
      config: access("read"),
      schema: {
        tags,
        description: "Subjects by name with their grades, optionally only those taught in grade_id.",
        querystring: SubjectsQuery,
        response: { 200: envelope(z.object({ subjects: z.array(SubjectSchema) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { subjects: await subjects.list(request.tenant!, request.query) } }),
  );

  app.post(
    "/api/subjects",
    {
      config: access("create"),
      schema: {
        tags,
        description: "Creates a subject taught in grade_ids; a code already used in the school is 409 CONFLICT.",
        body: CreateSubjectBody,
        response: { 201: Subject, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: { subject: await subjects.create(request.tenant!, request.body) } }),
  );

  app.patch(
    "/api/subjects/:id",
    {
      config: access("update"),
      schema: {
        tags,
        description: "Edits a subject; grade_ids replaces its grades (409 IN_USE when a dropped grade is taught it).",
        params: IdParam,
        body: UpdateSubjectBody,
        response: { 200: Subject, ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: { subject: await subjects.update(request.tenant!, request.params.id, request.body) } }),
  );

  app.delete(
    "/api/subjects/:id",
    {
      config: access("delete"),
      schema: {
        tags,
        description: "Deletes a subject without teaching assignments (409 IN_USE otherwise).",
        params: IdParam,
        response: { 200: envelope(DeletedResponse), ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: await subjects.remove(request.tenant!, request.params.id) }),
  );

  app.get(
    "/api/teaching-assignments",
    {
      config: access("read"),
      schema: {
        tags,
        description: "A group's assignments, or a year's (default: the current one), optionally of one user.",
        querystring: TeachingAssignmentsQuery,
        response: {
          200: envelope(z.object({ teaching_assignments: z.array(TeachingAssignmentSchema) })),
          ...AUTH_ERRORS,
        },
      },
    },
    async (request) => ({ data: { teaching_assignments: await assignments.list(request.tenant!, request.query) } }),
  );

  app.post(
    "/api/teaching-assignments",
    {
      config: access("create"),
      schema: {
        tags,
        description:
          "Assigns a subject of the group's grade (422 SUBJECT_NOT_IN_GRADE) to an active staff member (422 NOT_STAFF).",
        body: TeachingAssignmentBody,
        response: { 201: envelope(z.object({ teaching_assignment: TeachingAssignmentSchema })), ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: { teaching_assignment: await assignments.create(request.tenant!, request.body) } }),
  );

  app.delete(
    "/api/teaching-assignments",
    {
      config: access("delete"),
      schema: {
        tags,
        description:
          "Removes the assignment named by the body's triple; a head teacher's last subject in their own group is 409 HEAD_TEACHER_OWNS_GROUP.",
        body: TeachingAssignmentBody,
        response: { 200: envelope(TeachingAssignmentBody), ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: await assignments.remove(request.tenant!, request.body) }),
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
