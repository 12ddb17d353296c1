import { envelope, IdParam, UpdateUserBody, UserIncludeQuery, UserPayload } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS } from "../../lib/http.ts";
import type { UsersService } from "./users.service.ts";

const SchoolUser = z.object({
  id: z.number(),
  first_name: z.string(),
  paternal_surname: z.string(),
  maternal_surname: z.string(),
  email: z.string().optional(),
  image_profile: z.string().nullable(),
  profile_id: z.number().nullable().optional(),
  profile_name: z.string().nullable(),
  is_active: z.boolean().optional(),
  is_staff: z.boolean(),
});

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    "/api/users/:id",
    {
      config: { access: "user" },
      schema: {
        tags: ["users"],
        description: "The user for the selected school (roles, permissions, viewMain, bell count); polled every 30 s.",
        params: IdParam,
        querystring: UserIncludeQuery,
        response: { 200: envelope(z.object({ user: UserPayload })), 304: z.null(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const { json, etag } = await users.getUserJson(
        request.principal!,
        request.tenant,
        request.params.id,
        request.query.include,
      );
      // The 30 s poll: the browser revalidates with If-None-Match and an unchanged user costs no body.
      reply
        .header("etag", etag)
        .header("cache-control", "private, no-cache")
        .header("vary", "Authorization, X-School-Id");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send(undefined as never);
      // Already serialised through UserPayload (see getUserJson): sent as is.
      return reply.type("application/json; charset=utf-8").send(json as never);
    },
  );

  app.get(
    "/api/users",
    {
      config: { access: "school" },
      schema: {
        tags: ["users"],
        querystring: z.object({ staff: z.enum(["1", "true"]).optional() }),
        response: { 200: envelope(z.array(SchoolUser)), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await users.listUsers(request.tenant!, { staff: request.query.staff !== undefined }) }),
  );

  app.post(
    "/api/users/:id",
    {
      config: { access: "user" },
      schema: {
        tags: ["users"],
        params: IdParam,
        body: UpdateUserBody,
        response: { 200: envelope(z.object({ user: UserPayload })), ...AUTH_ERRORS, 409: AUTH_ERRORS[422] },
      },
    },
    async (request) => ({
      data: { user: await users.updateUser(request.principal!, request.tenant, request.params.id, request.body) },
    }),
  );
};
