import {
  CreateGradeBody,
  CreateSectionBody,
  DeletedResponse,
  envelope,
  GradeSchema,
  GradesQuery,
  IdParam,
  SectionSchema,
  UpdateGradeBody,
  UpdateSectionBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { sectionsAccess } from "./access.ts";
import { groupsRoutes } from "./groups.routes.ts";
import { createGroupsService, type GroupsService } from "./groups.service.ts";
import { createStructureService, type StructureService } from "./structure.service.ts";

const tags = ["master-configuration"];
const WRITE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };

export const structureRoutes: FastifyPluginAsyncZod<{ structure: StructureService; groups: GroupsService }> = async (
  app,
  { structure, groups },
) => {
  app.get(
    "/api/sections",
    {
      config: sectionsAccess("read"),
      schema: {
        tags,
        description: "The school's sections (niveles) by order then name, with how many grades each has.",
        response: { 200: envelope(z.object({ sections: z.array(SectionSchema) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { sections: await structure.listSections(request.tenant!) } }),
  );

  app.post(
    "/api/sections",
    {
      config: sectionsAccess("create"),
      schema: {
        tags,
        body: CreateSectionBody,
        response: { 201: envelope(z.object({ section: SectionSchema })), ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: { section: await structure.createSection(request.tenant!, request.body) } }),
  );

  app.patch(
    "/api/sections/:id",
    {
      config: sectionsAccess("update"),
      schema: {
        tags,
        params: IdParam,
        body: UpdateSectionBody,
        response: { 200: envelope(z.object({ section: SectionSchema })), ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: { section: await structure.updateSection(request.tenant!, request.params.id, request.body) },
    }),
  );

  app.delete(
    "/api/sections/:id",
    {
      config: sectionsAccess("delete"),
      schema: {
        tags,
        description: "Deletes a section without grades (409 IN_USE otherwise).",
        params: IdParam,
        response: { 200: envelope(DeletedResponse), ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: await structure.deleteSection(request.tenant!, request.params.id) }),
  );

  app.get(
    "/api/grades",
    {
      config: sectionsAccess("read"),
      schema: {
        tags,
        description: "Grades by section and order, with their groups in school_year_id (default: the current year).",
        querystring: GradesQuery,
        response: { 200: envelope(z.object({ grades: z.array(GradeSchema) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { grades: await structure.listGrades(request.tenant!, request.query) } }),
  );

  app.post(
    "/api/grades",
    {
      config: sectionsAccess("create"),
      schema: {
        tags,
        body: CreateGradeBody,
        response: { 201: envelope(z.object({ grade: GradeSchema })), ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: { grade: await structure.createGrade(request.tenant!, request.body) } }),
  );

  app.patch(
    "/api/grades/:id",
    {
      config: sectionsAccess("update"),
      schema: {
        tags,
        params: IdParam,
        body: UpdateGradeBody,
        response: { 200: envelope(z.object({ grade: GradeSchema })), ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: { grade: await structure.updateGrade(request.tenant!, request.params.id, request.body) },
    }),
  );

  app.delete(
    "/api/grades/:id",
    {
      config: sectionsAccess("delete"),
      schema: {
        tags,
        description: "Deletes a grade no group (of any year) and no subject uses (409 IN_USE otherwise).",
        params: IdParam,
        response: { 200: envelope(DeletedResponse), ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: await structure.deleteGrade(request.tenant!, request.params.id) }),
  );

  await app.register(groupsRoutes, { groups });
};

/** The module as app.ts registers it: the services built from the app's context. */
export const structureModule: FastifyPluginAsync<{ ctx: Pick<ModuleDeps, "db" | "events"> }> = async (app, { ctx }) => {
  const deps = { db: ctx.db, events: ctx.events };
  await app.register(structureRoutes, { structure: createStructureService(deps), groups: createGroupsService(deps) });
};
