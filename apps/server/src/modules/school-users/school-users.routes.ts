import {
  AssignProfileBody,
  AssignProfileResponse,
  CreatedSchoolUser,
  CreateSchoolUserBody,
  envelope,
  IdParam,
  InvitationParam,
  InvitationSchema,
  InvitationsQuery,
  perm,
  SchoolUserDetail,
  SchoolUserSchema,
  SchoolUsersQuery,
  UpdateSchoolUserBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { createInvitationsService, type InvitationsService } from "../invitations/index.ts";
import { createSchoolUsersService, type SchoolUsersService } from "./school-users.service.ts";

const access = (...actions: ("create" | "read" | "update" | "delete" | "search")[]) =>
  ({ access: "school", permissions: actions.map((a) => perm("master-configuration-users", a)) }) as const;
const tags = ["master-configuration"];
const WRITE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };
const One = envelope(z.object({ user: SchoolUserDetail }));

/**
 * /api/school-users: members of the school, their profile, and their membership's active flag; people are added
 * by invitation, listed under /api/school-users/invitations until they accept.
 */
export const schoolUsersRoutes: FastifyPluginAsyncZod<{
  schoolUsers: SchoolUsersService;
  invitations: InvitationsService;
}> = async (app, { schoolUsers, invitations }) => {
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
          "Invites a person by e-mail: 201 with the invitation (only what was typed), the same whether or not the address has an account; they join when they accept the e-mailed link. 409 ALREADY_MEMBER / ALREADY_INVITED for this school's own members and invitations.",
        body: CreateSchoolUserBody,
        response: { 201: envelope(CreatedSchoolUser), ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await schoolUsers.create(
          request.tenant!,
          request.principal!.userId,
          request.body,
          requestLanguage(request.headers),
        ),
      }),
  );

  app.get(
    "/api/school-users/invitations",
    {
      config: access("read", "search"),
      schema: {
        tags,
        description:
          "The school's open invitations (pending or expired), newest first; search in typed names and e-mail.",
        querystring: InvitationsQuery,
        response: {
          200: envelope(
            z.object({
              invitations: z.array(InvitationSchema),
              total: z.number(),
              page: z.number(),
              per_page: z.number(),
            }),
          ),
          ...AUTH_ERRORS,
        },
      },
    },
    async (request) => ({ data: await invitations.list(request.tenant!, request.query) }),
  );

  app.post(
    "/api/school-users/invitations/:invitationId/resend",
    {
      config: access("create"),
      schema: {
        tags,
        description: "E-mails a new link valid 7 more days; the previous link stops working.",
        params: InvitationParam,
        response: { 200: envelope(z.object({ invitation: InvitationSchema })), ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: { invitation: await invitations.resend(request.tenant!, request.params.invitationId) },
    }),
  );

  app.delete(
    "/api/school-users/invitations/:invitationId",
    {
      config: access("create", "delete"),
      schema: {
        tags,
        description: "Cancels an open invitation: its link stops working.",
        params: InvitationParam,
        response: { 200: envelope(z.object({ id: z.number() })), ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: await invitations.cancel(request.tenant!, request.params.invitationId) }),
  );

  app.patch(
    "/api/school-users/:id",
    {
      config: access("update"),
      schema: {
        tags,
        description:
          "Edits the membership: profile (409 HEAD_TEACHER_OWNS_GROUP to Familiar) and trainer type. Names and phone only while identity_editable (409 IDENTITY_OWNED_BY_PERSON); never the e-mail (409 EMAIL_OWNED_BY_PERSON).",
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
          "Deactivates the membership in this school: its calls and sockets end at once, the person's other schools keep working (409 HEAD_TEACHER_OWNS_GROUP while they own a group).",
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
  ctx: Pick<ModuleDeps, "db" | "config" | "events" | "mailer">;
}> = async (app, { ctx }) => {
  const invitations = createInvitationsService({
    db: ctx.db,
    mailer: ctx.mailer,
    config: ctx.config,
    log: (m) => app.log.warn(m),
  });
  app.addHook("onClose", invitations.drain);
  const schoolUsers = createSchoolUsersService({ db: ctx.db, events: ctx.events, invitations });
  await app.register(schoolUsersRoutes, { schoolUsers, invitations });
};
