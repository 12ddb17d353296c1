import {
  CreateGroupBody,
  DeletedResponse,
  envelope,
  GroupSchema,
  GroupsQuery,
  IdParam,
  UpdateGroupBody,
} from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import { sectionsAccess } from "./access.ts";
import type { GroupsService } from "./groups.service.ts";

const tags = ["master-configuration"];
const WRITE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };

export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  app.get(
    "/api/groups",
    {
      config: sectionsAccess("read"),
      schema: {
        tags,
        description:
          "Groups of school_year_id (default: the current year), optionally of one grade, with head teacher and students.",
        querystring: GroupsQuery,
        response: { 200: envelope(z.object({ groups: z.array(GroupSchema) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { groups: await groups.list(request.tenant!, request.query) } }),
  );

  app.post(
    "/api/groups",
    {
      config: sectionsAccess("create"),
      schema: {
        tags,
        description: "Creates a group; head_teacher_id must be an active staff member (422 NOT_STAFF otherwise).",
        body: CreateGroupBody,
        response: { 201: envelope(z.object({ group: GroupSchema })), ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: { group: await groups.create(request.tenant!, request.body) } }),
  );

  app.patch(
    "/api/groups/:id",
    {
      config: sectionsAccess("update"),
      schema: {
        tags,
        description:
          "Renames a group, moves it to another grade or changes its head teacher (409 YEAR_CLOSED in a closed year).",
        params: IdParam,
        body: UpdateGroupBody,
        response: { 200: envelope(z.object({ group: GroupSchema })), ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: { group: await groups.update(request.tenant!, request.params.id, request.body) } }),
  );

  app.delete(
    "/api/groups/:id",
    {
      config: sectionsAccess("delete"),
      schema: {
        tags,
        description: "Deletes a group without students or teaching assignments (409 IN_USE otherwise).",
        params: IdParam,
        response: { 200: envelope(DeletedResponse), ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: await groups.remove(request.tenant!, request.params.id) }),
  );
};
