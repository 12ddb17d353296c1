import {
  CreatedFamilyMember,
  CreateFamilyMemberBody,
  envelope,
  FamilyAccountSchema,
  FamilyLinkParams,
  FamilyMemberSchema,
  FamilyMembersQuery,
  IdParam,
  InvitationSchema,
  StudentInvitationParams,
  UpdateFamilyMemberBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { requestLanguage } from "../../lib/language.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import { createInvitationsService } from "../invitations/index.ts";
import { studentsAccess } from "../students/index.ts";
import { createFamiliesService, type FamiliesService } from "./families.service.ts";

/** A student's family members (spec §3 "Parent and student records") and the school's family accounts. */
export const familiesRoutes: FastifyPluginAsync<{ families: FamiliesService }> = async (app, { families }) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access: studentsAccess });

  r.route(
    "GET",
    "/api/students/:id/family-members",
    200,
    envelope(z.object({ family_members: z.array(FamilyMemberSchema), invitations: z.array(InvitationSchema) })),
    {
      action: "read",
      params: IdParam,
      description: "The student's family members, and the open invitations that will link more once accepted.",
    },
    ({ tenant, params }) => families.listForStudent(tenant, params.id),
  );
  r.route(
    "POST",
    "/api/students/:id/family-members",
    201,
    envelope(CreatedFamilyMember),
    {
      action: "create",
      description:
        "A family member of this school (a sibling's parent) is linked at once (family_member); any other e-mail is invited (invitation, the same answer whether or not it has an account) and linked on acceptance. 409 MEMBER_NOT_FAMILIAR for staff, ALREADY_LINKED, ALREADY_INVITED; 422 INVALID_RFC.",
      params: IdParam,
      body: CreateFamilyMemberBody,
    },
    ({ tenant, params, body, request }) =>
      families.add(tenant, request.principal!.userId, params.id, body, requestLanguage(request.headers)),
  );
  r.act(
    "POST",
    "/api/students/:id/family-invitations/:invitationId/resend",
    ["invitation", InvitationSchema],
    {
      action: "create",
      description: "E-mails the student's family invitation again with a new link valid 7 days (the old one stops).",
      params: StudentInvitationParams,
    },
    ({ tenant, params }) => families.resendInvitation(tenant, params.id, params.invitationId),
  );
  r.remove(
    "/api/students/:id/family-invitations/:invitationId",
    {
      config: studentsAccess("create", "delete"),
      description: "Takes the student off the invitation; one left without students is cancelled.",
      params: StudentInvitationParams,
    },
    ({ tenant, params }) => families.cancelInvitation(tenant, params.id, params.invitationId),
  );
  r.update(
    "/api/students/:id/family-members/:userId",
    ["family_member", FamilyMemberSchema],
    { params: FamilyLinkParams, body: UpdateFamilyMemberBody },
    ({ tenant, params, body }) => families.update(tenant, params.id, params.userId, body),
  );
  r.remove(
    "/api/students/:id/family-members/:userId",
    { description: "Unlinks the family member from the student; the account stays.", params: FamilyLinkParams },
    ({ tenant, params }) => families.unlink(tenant, params.id, params.userId),
  );
  r.page(
    "/api/family-members",
    ["family_members", FamilyAccountSchema],
    {
      config: studentsAccess("read", "search"),
      description: "The school's family accounts (search in names and e-mail) with the children each is linked to.",
      query: FamilyMembersQuery,
    },
    ({ tenant, query }) => families.search(tenant, query),
  );
};

export const familiesModule: FastifyPluginAsync<{
  ctx: Pick<ModuleDeps, "db" | "config" | "events" | "mailer">;
}> = async (app, { ctx }) => {
  const invitations = createInvitationsService({
    db: ctx.db,
    mailer: ctx.mailer,
    config: ctx.config,
    log: (m) => app.log.warn(m),
  });
  app.addHook("onClose", invitations.drain);
  const families = createFamiliesService({ db: ctx.db, events: ctx.events, invitations });
  await app.register(familiesRoutes, { families });
};
