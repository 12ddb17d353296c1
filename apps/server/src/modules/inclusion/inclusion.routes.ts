import {
  AcknowledgeLetterBody,
  ConditionBody,
  ConditionedEnrollmentBody,
  ConditionType,
  ConditionTypeBody,
  envelope,
  IdParam,
  MonitoredList,
  MonitoredQuery,
  perm,
  StudentAdjustments,
  StudentInclusion,
  UpdateConditionBody,
  UpdateConditionedEnrollmentBody,
} from "@convive/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { sendGeneratedFile } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import { registerSensitiveKind } from "../../lib/read-log.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import type { Viewer } from "../incidents/index.ts";
import type { createConditionTypes } from "./condition-types.service.ts";
import type { createConditionWrites } from "./conditions.service.ts";
import type { createEnrollmentWrites } from "./enrollments.service.ts";
import type { InclusionReads } from "./inclusion.service.ts";
import type { createLetterPdf } from "./letter.service.ts";
import type { createMonitoredList } from "./monitored.service.ts";

registerSensitiveKind("inclusion.record", { es: "Inclusión y seguimiento", en: "Inclusion and monitoring" });
registerSensitiveKind("inclusion.adjustments", { es: "Ajustes razonables", en: "Reasonable adjustments" });
registerSensitiveKind("inclusion.letter", { es: "Carta compromiso", en: "Commitment letter" });
registerSensitiveKind("inclusion.list", { es: "Lista de estudiantes en seguimiento", en: "Monitored students list" });

const viewerOf = (request: FastifyRequest): Viewer => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

// The services decide who reads (confidential readers and the student's family, else 404) and who writes.
const member = { access: "school" } as const;
const readers = { access: "school", permissions: [perm("inclusion", "read")] } as const;
const editors = { access: "school", permissions: [perm("inclusion", "update")] } as const;

export const inclusionRoutes: FastifyPluginAsync<{
  reads: InclusionReads;
  conditions: ReturnType<typeof createConditionWrites>;
  enrollments: ReturnType<typeof createEnrollmentWrites>;
  monitored: ReturnType<typeof createMonitoredList>;
  types: ReturnType<typeof createConditionTypes>;
  letter: ReturnType<typeof createLetterPdf>;
}> = async (app, { reads, conditions, enrollments, monitored, types, letter }) => {
  const r = resourceRoutes(app, { tags: ["inclusion"], access: () => member });
  const lang = (request: FastifyRequest) => requestLanguage(request.headers);

  r.route(
    "GET",
    "/api/condition-types",
    200,
    envelope(z.array(ConditionType)),
    { action: "read", config: readers, description: "The school's condition types (es/en), active or not." },
    ({ request, tenant }) => types.list(tenant.schoolId, lang(request)),
  );
  r.route(
    "POST",
    "/api/condition-types",
    201,
    envelope(ConditionType),
    {
      action: "create",
      config: editors,
      body: ConditionTypeBody,
      description: "A new condition type (409 on a name taken).",
    },
    ({ request, tenant, body }) => types.create(tenant.schoolId, body, lang(request)),
  );
  r.route(
    "PATCH",
    "/api/condition-types/:id",
    200,
    envelope(ConditionType),
    {
      action: "update",
      config: editors,
      params: IdParam,
      body: ConditionTypeBody,
      description: "Renames or switches off a type.",
    },
    ({ request, tenant, params, body }) => types.update(tenant.schoolId, params.id, body, lang(request)),
  );

  r.route(
    "GET",
    "/api/students/:id/inclusion",
    200,
    envelope(StudentInclusion),
    {
      action: "read",
      params: IdParam,
      description:
        "The student's conditions (barriers, adjustments, USAER) and conditioned enrollments: the school's confidential readers (inclusion.read, in scope) and the student's family (without internal notes or the enrollment's details); 404 for anyone else.",
    },
    async ({ request, params }) => {
      const answer = await reads.forStudent(viewerOf(request), params.id);
      request.logRead("inclusion.record", params.id, params.id);
      return answer;
    },
  );
  r.route(
    "GET",
    "/api/students/:id/adjustments",
    200,
    envelope(StudentAdjustments),
    {
      action: "read",
      params: IdParam,
      description:
        "The student's active reasonable adjustments only (no condition, description, barriers, documents or reasons): any staff member who may open the student's file — the teacher's one click from the marker.",
    },
    async ({ request, params }) => {
      const answer = await reads.adjustments(viewerOf(request), params.id);
      request.logRead("inclusion.adjustments", params.id, params.id);
      return answer;
    },
  );
  r.route(
    "POST",
    "/api/students/:id/conditions",
    201,
    envelope(StudentInclusion),
    {
      action: "create",
      params: IdParam,
      body: ConditionBody,
      description:
        "Records a condition (inclusion.create); needs the family's disability consent (409 CONSENT_MISSING_DISABILITY).",
    },
    ({ request, params, body }) => conditions.create(viewerOf(request), params.id, body),
  );
  r.route(
    "PATCH",
    "/api/conditions/:id",
    200,
    envelope(StudentInclusion),
    {
      action: "update",
      params: IdParam,
      body: UpdateConditionBody,
      description: "Changes a condition; active false ends it (inclusion.update).",
    },
    ({ request, params, body }) => conditions.update(viewerOf(request), params.id, body),
  );
  r.route(
    "POST",
    "/api/students/:id/conditioned-enrollments",
    201,
    envelope(StudentInclusion),
    {
      action: "create",
      params: IdParam,
      body: ConditionedEnrollmentBody,
      description:
        "Opens a conditioned enrollment (inclusion.create); one open at a time (409 CONDITIONED_ENROLLMENT_OPEN).",
    },
    ({ request, params, body }) => enrollments.create(viewerOf(request), params.id, body),
  );
  r.route(
    "PATCH",
    "/api/conditioned-enrollments/:id",
    200,
    envelope(StudentInclusion),
    {
      action: "update",
      params: IdParam,
      body: UpdateConditionedEnrollmentBody,
      description:
        "Commitments, review date, the student's signature, and the outcome that closes it (inclusion.update).",
    },
    ({ request, params, body }) => enrollments.update(viewerOf(request), params.id, body),
  );
  r.route(
    "POST",
    "/api/conditioned-enrollments/:id/acknowledge",
    200,
    envelope(StudentInclusion),
    {
      // "update": its refusals include 409 (already acknowledged, closed); the service lets in the family only.
      action: "update",
      params: IdParam,
      body: AcknowledgeLetterBody,
      description:
        "A family member of the student acknowledges the carta compromiso (403 LETTER_FAMILY_ONLY for staff; 409 when already done).",
    },
    ({ request, params, body }) => enrollments.acknowledge(viewerOf(request), params.id, body),
  );
  r.route(
    "GET",
    "/api/inclusion/monitored",
    200,
    envelope(MonitoredList),
    {
      action: "read",
      config: readers,
      query: MonitoredQuery,
      description: "The school's students under monitoring, earliest review first.",
    },
    async ({ request, query }) => {
      const { list, ids } = await monitored(viewerOf(request), query);
      if (ids.length > 0) request.logRead("inclusion.list", "page", ids);
      return list;
    },
  );

  app.get(
    "/api/conditioned-enrollments/:id/letter.pdf",
    {
      config: member,
      schema: {
        tags: ["inclusion"],
        params: IdParam,
        description: "The carta compromiso as a PDF, in the reader's language (logged as a read).",
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const { pdf, studentId, fileName } = await letter(viewerOf(request), id);
      request.logRead("inclusion.letter", id, studentId);
      return sendGeneratedFile(reply, { name: fileName, type: "application/pdf", body: pdf, disposition: "inline" });
    },
  );
};
