import {
  AssignProfileBody,
  AssignProfileResponse,
  CreatedSchoolUser,
  CreateSchoolUserBody,
  envelope,
  InvitationParam,
  InvitationSchema,
  InvitationsQuery,
  SchoolUserDetail,
  SchoolUserSchema,
  SchoolUsersQuery,
  UpdateSchoolUserBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import { requestLanguage } from "../../lib/language.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { areaAccess, resourceRoutes } from "../../lib/resource-routes.ts";
import type { WorkHandover } from "../../lib/work-handover.ts";
import { createInvitationsService, type InvitationsService } from "../invitations/index.ts";
import { createSchoolUsersService, type SchoolUsersService } from "./school-users.service.ts";

const access = areaAccess("master-configuration-users");

/**
 * /api/school-users: members of the school, their profile, and their membership's active flag; people are added
 * by invitation, listed under /api/school-users/invitations until they accept.
 */
export const schoolUsersRoutes: FastifyPluginAsync<{
  schoolUsers: SchoolUsersService;
  invitations: InvitationsService;
}> = async (app, { schoolUsers, invitations }) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access });
  const user = ["user", SchoolUserDetail] as const;
  const invitation = ["invitation", InvitationSchema] as const;

  r.page(
    "/api/school-users",
    ["users", SchoolUserSchema],
    {
      config: access("read", "search"),
      description: "Members by surname; search in names and e-mail; filter by profile, active flag and scope.",
      query: SchoolUsersQuery,
    },
    ({ tenant, query }) => schoolUsers.list(tenant, query),
  );
  r.one("/api/school-users/:id", user, {}, ({ tenant, params }) => schoolUsers.get(tenant, params.id));
  r.route(
    "POST",
    "/api/school-users",
    201,
    envelope(CreatedSchoolUser),
    {
      action: "create",
      description:
        "Invites a person by e-mail: 201 with the invitation (only what was typed), the same whether or not the address has an account; they join when they accept the e-mailed link. 409 ALREADY_MEMBER / ALREADY_INVITED for this school's own members and invitations.",
      body: CreateSchoolUserBody,
    },
    ({ tenant, body, request }) =>
      schoolUsers.create(tenant, request.principal!.userId, body, requestLanguage(request.headers)),
  );

  r.page(
    "/api/school-users/invitations",
    ["invitations", InvitationSchema],
    {
      config: access("read", "search"),
      description:
        "The school's open invitations (pending or expired), newest first; search in typed names and e-mail.",
      query: InvitationsQuery,
    },
    ({ tenant, query }) => invitations.list(tenant, query),
  );
  r.act(
    "POST",
    "/api/school-users/invitations/:invitationId/resend",
    invitation,
    {
      action: "create",
      description: "E-mails a new link valid 7 more days; the previous link stops working.",
      params: InvitationParam,
    },
    ({ tenant, params }) => invitations.resend(tenant, params.invitationId),
  );
  r.remove(
    "/api/school-users/invitations/:invitationId",
    {
      config: access("create", "delete"),
      description: "Cancels an open invitation: its link stops working.",
      params: InvitationParam,
    },
    ({ tenant, params }) => invitations.cancel(tenant, params.invitationId),
  );

  r.update(
    "/api/school-users/:id",
    user,
    {
      description:
        "Edits the membership: profile (409 HEAD_TEACHER_OWNS_GROUP to Familiar) and trainer type. Names and phone only while identity_editable (409 IDENTITY_OWNED_BY_PERSON); never the e-mail (409 EMAIL_OWNED_BY_PERSON).",
      body: UpdateSchoolUserBody,
    },
    ({ tenant, params, body, request }) => schoolUsers.update(tenant, request.principal!.userId, params.id, body),
  );
  r.act(
    "POST",
    "/api/school-users/:id/deactivate",
    user,
    {
      action: "delete",
      description:
        "Deactivates the membership in this school: its calls and sockets end at once, the person's other schools keep working (409 HEAD_TEACHER_OWNS_GROUP while they own a group). The detail's open_work lists what else they still hold (hand it over first: /api/user-reassignment).",
    },
    ({ tenant, params, request }) => schoolUsers.deactivate(tenant, request.principal!.userId, params.id),
  );
  r.act("POST", "/api/school-users/:id/activate", user, { action: "update" }, ({ tenant, params }) =>
    schoolUsers.activate(tenant, params.id),
  );
  r.route(
    "POST",
    "/api/school-users/assign-profile",
    200,
    envelope(AssignProfileResponse),
    {
      action: "update",
      description:
        "Gives the profile to every listed member, all or none ('Profile assigned successfully!' / 'Failed to assign profile!').",
      body: AssignProfileBody,
    },
    ({ tenant, body, request }) => schoolUsers.assignProfile(tenant, request.principal!.userId, body),
  );
};

export const schoolUsersModule: FastifyPluginAsync<{
  ctx: Pick<ModuleDeps, "db" | "config" | "events" | "mailer"> & { workHandovers: readonly WorkHandover[] };
}> = async (app, { ctx }) => {
  const invitations = createInvitationsService({
    db: ctx.db,
    mailer: ctx.mailer,
    config: ctx.config,
    log: (m) => app.log.warn(m),
  });
  app.addHook("onClose", invitations.drain);
  const schoolUsers = createSchoolUsersService({
    db: ctx.db,
    events: ctx.events,
    invitations,
    handovers: ctx.workHandovers,
  });
  await app.register(schoolUsersRoutes, { schoolUsers, invitations });
};
