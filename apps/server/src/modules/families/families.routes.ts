import {
  CreatedFamilyMember,
  CreateFamilyMemberBody,
  DeletedResponse,
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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { createInvitationsService } from "../invitations/index.ts";
import { studentsAccess } from "../students/index.ts";
import { createFamiliesService, type FamiliesService } from "./families.service.ts";

const tags = ["master-configuration"];
const WRITE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };

/** A student's family members (spec §3 "Parent and student records") and the school's family accounts. */
export const familiesRoutes: FastifyPluginAsyncZod<{ families: FamiliesService }> = async (app, { families }) => {
  app.get(
    "/api/students/:id/family-members",
    {
      config: studentsAccess("read"),
      schema: {
        tags,
        params: IdParam,
        description: "The student's family members, and the open invitations that will link more once accepted.",
        response: {
          200: envelope(
            z.object({ family_members: z.array(FamilyMemberSchema), invitations: z.array(InvitationSchema) }),
          ),
          ...AUTH_ERRORS,
        },
      },
    },
    async (request) => ({ data: await families.listForStudent(request.tenant!, request.params.id) }),
  );

  app.post(
    "/api/students/:id/family-members",
    {
      config: studentsAccess("create"),
      schema: {
        tags,
        description:
          "A family member of this school (a sibling's parent) is linked at once (family_member); any other e-mail is invited (invitation, the same answer whether or not it has an account) and linked on acceptance. 409 MEMBER_NOT_FAMILIAR for staff, ALREADY_LINKED, ALREADY_INVITED; 422 INVALID_RFC.",
        params: IdParam,
        body: CreateFamilyMemberBody,
        response: { 201: envelope(CreatedFamilyMember), ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await families.add(
          request.tenant!,
          request.principal!.userId,
          request.params.id,
          request.body,
          requestLanguage(request.headers),
        ),
      }),
  );

  app.post(
    "/api/students/:id/family-invitations/:invitationId/resend",
    {
      config: studentsAccess("create"),
      schema: {
        tags,
        description: "E-mails the student's family invitation again with a new link valid 7 days (the old one stops).",
        params: StudentInvitationParams,
        response: { 200: envelope(z.object({ invitation: InvitationSchema })), ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: {
        invitation: await families.resendInvitation(request.tenant!, request.params.id, request.params.invitationId),
      },
    }),
  );

  app.delete(
    "/api/students/:id/family-invitations/:invitationId",
    {
      config: studentsAccess("create", "delete"),
      schema: {
        tags,
        description: "Takes the student off the invitation; one left without students is cancelled.",
        params: StudentInvitationParams,
        response: { 200: envelope(DeletedResponse), ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: await families.cancelInvitation(request.tenant!, request.params.id, request.params.invitationId),
    }),
  );

  app.patch(
    "/api/students/:id/family-members/:userId",
    {
      config: studentsAccess("update"),
      schema: {
        tags,
        params: FamilyLinkParams,
        body: UpdateFamilyMemberBody,
        response: { 200: envelope(z.object({ family_member: FamilyMemberSchema })), ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: {
        family_member: await families.update(request.tenant!, request.params.id, request.params.userId, request.body),
      },
    }),
  );

  app.delete(
    "/api/students/:id/family-members/:userId",
    {
      config: studentsAccess("delete"),
      schema: {
        tags,
        description: "Unlinks the family member from the student; the account stays.",
        params: FamilyLinkParams,
        response: { 200: envelope(DeletedResponse), ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: await families.unlink(request.tenant!, request.params.id, request.params.userId) }),
  );

  app.get(
    "/api/family-members",
    {
      config: studentsAccess("read", "search"),
      schema: {
        tags,
        description: "The school's family accounts (search in names and e-mail) with the children each is linked to.",
        querystring: FamilyMembersQuery,
        response: {
          200: envelope(
            z.object({
              family_members: z.array(FamilyAccountSchema),
              total: z.number(),
              page: z.number(),
              per_page: z.number(),
            }),
          ),
          ...AUTH_ERRORS,
        },
      },
    },
    async (request) => ({ data: await families.search(request.tenant!, request.query) }),
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
