import {
  CreateReferralBody,
  envelope,
  FollowUpBody,
  IdParam,
  perm,
  Referral,
  ReferralFollowUp,
  ReferralList,
  ReferralListQuery,
  StudentReferrals,
  TrainerType,
  TrainerTypeBody,
  UpdateReferralBody,
} from "@convive/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { requestLanguage } from "../../lib/language.ts";
import { registerSensitiveKind } from "../../lib/read-log.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import type { Viewer } from "../incidents/index.ts";
import type { createReferralList } from "./list.service.ts";
import type { ReferralsService } from "./referrals.service.ts";
import type { createTrainerTypes } from "./trainer-types.service.ts";

registerSensitiveKind("support.referrals", { es: "Apoyo externo del estudiante", en: "Student's external support" });
registerSensitiveKind("support.referral", { es: "Canalización a apoyo externo", en: "External support referral" });
registerSensitiveKind("support.list", { es: "Lista de canalizaciones", en: "Referrals list" });

export const viewerOf = (request: FastifyRequest): Viewer => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

// The service decides who reads (the confidential readers and the student's family, else 404) and who writes: the
// routes only need a school member.
const member = { access: "school" } as const;
const readers = { access: "school", permissions: [perm("external-support", "read")] } as const;
const editors = { access: "school", permissions: [perm("external-support", "update")] } as const;

export const externalSupportRoutes: FastifyPluginAsync<{
  referrals: ReferralsService;
  list: ReturnType<typeof createReferralList>;
  types: ReturnType<typeof createTrainerTypes>;
}> = async (app, { referrals, list, types }) => {
  const r = resourceRoutes(app, { tags: ["external-support"], access: () => member });

  r.route(
    "GET",
    "/api/trainer-types",
    200,
    envelope(z.array(TrainerType)),
    { action: "read", config: readers, description: "The school's trainer types (es/en), active or not." },
    ({ request, tenant }) => types.list(tenant.schoolId, requestLanguage(request.headers)),
  );
  r.route(
    "POST",
    "/api/trainer-types",
    201,
    envelope(TrainerType),
    {
      action: "create",
      config: editors,
      body: TrainerTypeBody,
      description: "A new trainer type (409 on a name taken).",
    },
    ({ request, tenant, body }) => types.create(tenant.schoolId, body, requestLanguage(request.headers)),
  );
  r.route(
    "PATCH",
    "/api/trainer-types/:id",
    200,
    envelope(TrainerType),
    {
      action: "update",
      config: editors,
      params: IdParam,
      body: TrainerTypeBody,
      description: "Renames or switches off a type.",
    },
    ({ request, tenant, params, body }) =>
      types.update(tenant.schoolId, params.id, body, requestLanguage(request.headers)),
  );

  r.route(
    "GET",
    "/api/students/:id/referrals",
    200,
    envelope(StudentReferrals),
    {
      action: "read",
      params: IdParam,
      description:
        "The student's external support referrals, newest first: the school's confidential readers (external-support.read, in scope) and the student's family (without internal notes or internal entries); 404 for anyone else.",
    },
    async ({ request, params }) => {
      const answer = await referrals.forStudent(viewerOf(request), params.id);
      request.logRead("support.referrals", params.id, params.id);
      return answer;
    },
  );
  r.route(
    "POST",
    "/api/students/:id/referrals",
    201,
    envelope(Referral),
    {
      action: "create",
      params: IdParam,
      body: CreateReferralBody,
      description:
        "Refers the student to an external specialist (external-support.create). Needs the family's external_support consent (409 CONSENT_MISSING_EXTERNAL_SUPPORT).",
    },
    ({ request, params, body }) => referrals.create(viewerOf(request), params.id, body),
  );
  r.route(
    "GET",
    "/api/referrals",
    200,
    envelope(ReferralList),
    {
      action: "read",
      config: readers,
      query: ReferralListQuery,
      description: "The school's referrals for the support screen.",
    },
    async ({ request, query }) => {
      const { list: page, ids } = await list(viewerOf(request), query);
      if (ids.length > 0) request.logRead("support.list", "page", ids);
      return page;
    },
  );
  r.route(
    "GET",
    "/api/referrals/:id",
    200,
    envelope(Referral),
    {
      action: "read",
      params: IdParam,
      description: "One referral with its follow-up entries (as for the student's list).",
    },
    async ({ request, params }) => {
      const referral = await referrals.get(viewerOf(request), params.id);
      request.logRead("support.referral", params.id, referral.student.id);
      return referral;
    },
  );
  r.route(
    "PATCH",
    "/api/referrals/:id",
    200,
    envelope(Referral),
    {
      action: "update",
      params: IdParam,
      body: UpdateReferralBody,
      description:
        "Status, outcome (required to close), contact, next review, responsible, notes (external-support.update).",
    },
    ({ request, params, body }) => referrals.update(viewerOf(request), params.id, body),
  );
  r.route(
    "POST",
    "/api/referrals/:id/follow-ups",
    201,
    envelope(ReferralFollowUp),
    {
      action: "update",
      params: IdParam,
      body: FollowUpBody,
      description: "A follow-up entry; internal ones are never shown to the family (external-support.update).",
    },
    ({ request, params, body }) => referrals.addFollowUp(viewerOf(request), params.id, body),
  );
};
