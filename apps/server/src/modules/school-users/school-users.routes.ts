import {
  AssignProfileBody,
  AssignProfileResponse,
  CreatedSchoolUser,
  CreateSchoolUserBody,
  envelope,
  IdParam,
  perm,
  SchoolUserDetail,
  SchoolUserSchema,
  SchoolUsersQuery,
  UpdateSchoolUserBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app.ts";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import type { AuthService } from "../auth/auth.service.ts";
import { createSchoolUsersService, type SchoolUsersService } from "./school-users.service.ts";

const access = (...actions: ("create" | "read" | "update" | "delete" | "search")[]) =>
  ({ access: "school", permissions: actions.map((a) => perm("master-configuration-users", a)) }) as const;
const tags = ["master-configuration"];
const WRITE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };
const One = envelope(z.object({ user: SchoolUserDetail }));

/** /api/school-users: members of the school, their profile, and their membership's active flag. */
export const schoolUsersRoutes: FastifyPluginAsyncZod<{ schoolUsers: SchoolUsersService }> = async (
  app,
  { schoolUsers },
) => {
  app.get(
    "/api/school-users",
    {
      config: access("read", "search"),
      schema: {
        tags,
        description: "Members by surname; search in names and e-mail; filter by profile, active flag and scope.",
        querystring: SchoolUsersQuery,
        response: {
          200: envelope(
            z.object({ users: z.array(SchoolUserSchema), total: z.number(), page: z.number(), per_page: z.number() }),
          ),
          ...AUTH_ERRORS,
        },
      },
    },
    async (request) => ({ data: await schoolUsers.list(request.tenant!, request.query) }),
  );

  app.get(
    "/api/school-users/:id",
    {
      config: access("read"),
      schema: { tags, params: IdParam, response: { 200: One, ...AUTH_ERRORS } },
    },
    async (request) => ({ data: { user: await schoolUsers.get(request.tenant!, request.params.id) } }),
  );

  app.post(
    "/api/school-users",
    {
      config: access("create"),
      schema: {
        tags,
        description:
          "Adds a member. A new e-mail creates the account and answers temporary_password once; a known one is linked (409 ALREADY_MEMBER if already here).",
        body: CreateSchoolUserBody,
        response: { 201: envelope(CreatedSchoolUser), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await schoolUsers.create(request.tenant!, request.body) }),
  );

  app.patch(
    "/api/school-users/:id",
    {
      config: access("update"),
      schema: {
        tags,
        description:
          "Edits names, phone, e-mail (409 EMAIL_SHARED_ACCOUNT when the account is in other schools), profile (409 HEAD_TEACHER_OWNS_GROUP to Familiar) and trainer type.",
        params: IdParam,
        body: UpdateSchoolUserBody,
        response: { 200: One, ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: {
        user: await schoolUsers.update(request.tenant!, request.principal!.userId, request.params.id, request.body),
      },
    }),
  );

  app.post(
    "/api/school-users/:id/deactivate",
    {
      config: access("delete"),
      schema: {
        tags,
        description:
          "Deactivates the membership and ends all the user's sessions (409 HEAD_TEACHER_OWNS_GROUP while they own a group).",
        params: IdParam,
        response: { 200: One, ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: { user: await schoolUsers.deactivate(request.tenant!, request.principal!.userId, request.params.id) },
    }),
  );

  app.post(
    "/api/school-users/:id/activate",
    {
      config: access("update"),
      schema: { tags, params: IdParam, response: { 200: One, ...WRITE_ERRORS } },
    },
    async (request) => ({ data: { user: await schoolUsers.activate(request.tenant!, request.params.id) } }),
  );

  app.post(
    "/api/school-users/assign-profile",
    {
      config: access("update"),
      schema: {
        tags,
        description:
          "Gives the profile to every listed member, all or none ('Profile assigned successfully!' / 'Failed to assign profile!').",
        body: AssignProfileBody,
        response: { 200: envelope(AssignProfileResponse), ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: await schoolUsers.assignProfile(request.tenant!, request.principal!.userId, request.body),
    }),
  );
};

export const schoolUsersModule: FastifyPluginAsync<{
  ctx: AppContext;
  auth: Pick<AuthService, "endAllSessions">;
}> = async (app, { ctx, auth }) => {
  const schoolUsers = createSchoolUsersService({ db: ctx.db, events: ctx.events, auth });
  await app.register(schoolUsersRoutes, { schoolUsers });
};
