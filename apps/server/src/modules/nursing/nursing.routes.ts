import {
  AdministrationBody,
  AuthorizationBody,
  DecideProposalBody,
  envelope,
  HealthAlert,
  IdParam,
  MedicalRecordBody,
  NursingDesk,
  NursingStudent,
  NursingStudentsQuery,
  ProposalBody,
  perm,
  StudentNursing,
  UpdateAuthorizationBody,
  UpdateVisitBody,
  Visit,
  VisitBody,
} from "@convive/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { requestLanguage } from "../../lib/language.ts";
import { registerSensitiveKind } from "../../lib/read-log.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import type { Viewer } from "../incidents/index.ts";
import type { createMedicationWrites } from "./medication.service.ts";
import type { NursingReads } from "./nursing.service.ts";
import type { createRecordWrites } from "./record.service.ts";
import type { createVisitWrites } from "./visits.service.ts";

registerSensitiveKind("nursing.record", { es: "Expediente médico", en: "Medical record" });
registerSensitiveKind("nursing.alert", { es: "Alerta de salud", en: "Health alert" });
registerSensitiveKind("nursing.visits", { es: "Visitas a enfermería del día", en: "Today's infirmary visits" });

const viewerOf = (request: FastifyRequest): Viewer => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

// The services decide who reads (nursing.read staff and the student's family, else 404) and who writes.
const member = { access: "school" } as const;
const readers = { access: "school", permissions: [perm("nursing", "read")] } as const;

export const nursingRoutes: FastifyPluginAsync<{
  reads: NursingReads;
  record: ReturnType<typeof createRecordWrites>;
  visits: ReturnType<typeof createVisitWrites>;
  medication: ReturnType<typeof createMedicationWrites>;
}> = async (app, { reads, record, visits, medication }) => {
  const r = resourceRoutes(app, { tags: ["nursing"], access: () => member });
  /** Every answer carrying the record is a read of it (staff only: the plugin leaves families out). */
  const logged = async (request: FastifyRequest, studentId: number, answer: Promise<{ student: { id: number } }>) => {
    const data = await answer;
    request.logRead("nursing.record", studentId, studentId);
    return data;
  };

  r.route(
    "GET",
    "/api/nursing/students",
    200,
    envelope(z.array(NursingStudent)),
    {
      action: "read",
      config: readers,
      query: NursingStudentsQuery,
      description: "The nurse's search: students of the school by name (20 at most), with the health alert marker.",
    },
    ({ request, query }) => reads.search(viewerOf(request), query.q),
  );
  r.route(
    "GET",
    "/api/nursing/desk",
    200,
    envelope(NursingDesk),
    {
      action: "read",
      config: readers,
      description: "Today's infirmary visits (school clock) and the families' pending proposals.",
    },
    async ({ request }) => {
      const { desk, studentIds } = await reads.desk(viewerOf(request));
      if (studentIds.length > 0) request.logRead("nursing.visits", "desk", studentIds);
      return desk;
    },
  );
  r.route(
    "GET",
    "/api/students/:id/nursing",
    200,
    envelope(StudentNursing),
    {
      action: "read",
      params: IdParam,
      description:
        "The student's medical record, visits, medication and proposals: staff holding nursing.read and the student's family; 404 for anyone else (a teacher reads the health alert).",
    },
    ({ request, params }) => logged(request, params.id, reads.forStudent(viewerOf(request), params.id)),
  );
  r.route(
    "GET",
    "/api/students/:id/health-alert",
    200,
    envelope(HealthAlert),
    {
      action: "read",
      params: IdParam,
      description:
        "The student's critical allergies and conditions only (never the record): any staff member who may open the student's file.",
    },
    async ({ request, params }) => {
      const answer = await reads.alert(viewerOf(request), params.id);
      // An empty alert says nothing of the record (the student file's header asks on every opening).
      if (answer.items.length > 0) request.logRead("nursing.alert", params.id, params.id);
      return answer;
    },
  );
  r.route(
    "PUT",
    "/api/students/:id/medical-record",
    200,
    envelope(StudentNursing),
    {
      action: "update",
      params: IdParam,
      body: MedicalRecordBody,
      description:
        "Writes the student's medical record (nursing.create, then nursing.update); needs the family's health consent (409 CONSENT_MISSING_HEALTH).",
    },
    ({ request, params, body }) => logged(request, params.id, record.save(viewerOf(request), params.id, body)),
  );
  r.route(
    "POST",
    "/api/students/:id/medical-record/proposals",
    201,
    envelope(StudentNursing),
    {
      action: "create",
      params: IdParam,
      body: ProposalBody,
      description:
        "A family member of the student proposes changes to the record for the nurse to approve (staff 403); needs the health consent.",
    },
    ({ request, params, body }) => record.propose(viewerOf(request), params.id, body),
  );
  r.route(
    "POST",
    "/api/nursing/proposals/:id/decision",
    200,
    envelope(StudentNursing),
    {
      action: "update",
      params: IdParam,
      body: DecideProposalBody,
      description:
        "The nurse approves (applied to the record) or rejects a family's proposal (nursing.update); the proposer is told. 409 when already decided.",
    },
    async ({ request, params, body }) => {
      const answer = await record.decide(viewerOf(request), params.id, body);
      request.logRead("nursing.record", answer.student.id, answer.student.id);
      return answer;
    },
  );
  r.route(
    "POST",
    "/api/students/:id/nursing-visits",
    201,
    envelope(Visit),
    {
      action: "create",
      params: IdParam,
      body: VisitBody,
      description:
        "Records an infirmary visit (nursing.create) — never blocked by missing consent — and tells the family at once (in-app, push, e-mail); family_notified_at says when.",
    },
    ({ request, params, body }) => visits.create(viewerOf(request), params.id, body),
  );
  r.route(
    "PATCH",
    "/api/nursing-visits/:id",
    200,
    envelope(Visit),
    {
      action: "update",
      params: IdParam,
      body: UpdateVisitBody,
      description: "The time out, the outcome, the treatment, vital signs or notes of a visit (nursing.update).",
    },
    ({ request, params, body }) => visits.update(viewerOf(request), params.id, body),
  );
  r.route(
    "POST",
    "/api/students/:id/medication-authorizations",
    201,
    envelope(StudentNursing),
    {
      action: "create",
      params: IdParam,
      body: AuthorizationBody,
      description:
        "The family's authorisation to give a medicine: a family member in the app, or the nurse with the signed paper (document_id); needs the health consent.",
    },
    ({ request, params, body }) => logged(request, params.id, medication.authorize(viewerOf(request), params.id, body)),
  );
  r.route(
    "PATCH",
    "/api/medication-authorizations/:id",
    200,
    envelope(StudentNursing),
    {
      action: "update",
      params: IdParam,
      body: UpdateAuthorizationBody,
      description: "Withdraws (the family or the nurse) or restores (the nurse) an authorisation.",
    },
    async ({ request, params, body }) => {
      const answer = await medication.setActive(viewerOf(request), params.id, body.active);
      request.logRead("nursing.record", answer.student.id, answer.student.id);
      return answer;
    },
  );
  r.route(
    "POST",
    "/api/students/:id/medication-administrations",
    201,
    envelope(StudentNursing),
    {
      action: "create",
      params: IdParam,
      body: AdministrationBody,
      description:
        "Logs a dose given under a valid authorisation of the student (nursing.create; 409 NURSING_AUTHORIZATION_INACTIVE); the family is told.",
    },
    ({ request, params, body }) =>
      logged(request, params.id, medication.administer(viewerOf(request), params.id, body)),
  );
};
