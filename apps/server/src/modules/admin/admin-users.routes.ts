import {
  AddMembershipBody,
  AdminUser,
  AdminUserPage,
  AdminUsersQuery,
  CreateAdminUserBody,
  envelope,
  IdParam,
  UpdateAdminUserBody,
} from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import type { AdminUsersService } from "./admin-users.service.ts";

const root = { access: "root" } as const;
const tags = ["admin"];
const OneUser = envelope(z.object({ user: AdminUser }));

export const adminUsersRoutes: FastifyPluginAsyncZod<{ users: AdminUsersService }> = async (app, { users }) => {
  app.get(
    "/api/admin/users",
    {
      config: root,
      schema: {
        tags,
        description: "Users of the whole platform, searched by name or e-mail, one page at a time.",
        querystring: AdminUsersQuery,
        response: { 200: envelope(AdminUserPage), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await users.list(request.query) }),
  );

  app.post(
    "/api/admin/users",
    {
      config: root,
      schema: {
        tags,
        description:
          "Creates a user; without a password the account's owner is e-mailed a link to choose one (invitation_sent), and no password is ever answered.",
        body: CreateAdminUserBody,
        response: {
          201: envelope(z.object({ user: AdminUser, invitation_sent: z.boolean() })),
          ...AUTH_ERRORS,
          ...errorResponses(409),
        },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await users.create(request.body) }),
  );

  app.post(
    "/api/admin/users/:id/memberships",
    {
      config: root,
      schema: {
        tags,
        description: "Adds the user to a school with one of that school's profiles.",
        params: IdParam,
        body: AddMembershipBody,
        response: { 201: OneUser, ...AUTH_ERRORS, ...errorResponses(409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: { user: await users.addMembership(request.params.id, request.body) } }),
  );

  app.patch(
    "/api/admin/users/:id",
    {
      config: root,
      schema: {
        tags,
        description: "Edits a user; is_active false disables the user everywhere and ends all their sessions at once.",
        params: IdParam,
        body: UpdateAdminUserBody,
        response: { 200: OneUser, ...AUTH_ERRORS, ...errorResponses(409) },
      },
    },
    async (request) => ({
      data: { user: await users.update(request.principal!.userId, request.params.id, request.body) },
    }),
  );
};
