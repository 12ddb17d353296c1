import { ConsentChangeBody, perm, StudentConsentsSchema } from "@convive/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { requestLanguage } from "../../lib/language.ts";
import { registerSensitiveKind } from "../../lib/read-log.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import type { Viewer } from "../incidents/index.ts";
import type { ConsentService } from "./consent.service.ts";

const viewerOf = (request: FastifyRequest): Viewer => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

// What a family consented to about health, disability and external support says something of the child itself:
// staff reads are logged (issue 25 §3). A family member's own reads and changes are not (the log is of staff reads).
registerSensitiveKind("student.consents", { es: "Consentimientos del alumno", en: "Student consents" });

/** Whoever may open a student's file (the student file's own rule); the service narrows to their scope. */
const readers = {
  access: "school",
  permissions: [perm("incidents", "read"), perm("master-configuration-students", "read")],
} as const;

export const consentRoutes: FastifyPluginAsync<{ service: ConsentService }> = async (app, { service }) => {
  const r = resourceRoutes(app, { tags: ["students"], access: () => readers });
  r.one(
    "/api/students/:id/consents",
    ["consents", StudentConsentsSchema],
    {
      config: readers,
      description:
        "The family's express consent per category of sensitive data (health, disability/inclusion, external support): each category's state, its last record, the text a family member would confirm next, and every record newest first. Whoever may open the student's file; 404 otherwise.",
    },
    async ({ request, params }) => {
      const consents = await service.read(viewerOf(request), params.id);
      request.logRead("student.consents", params.id, params.id);
      return consents;
    },
  );
  r.act(
    "POST",
    "/api/students/:id/consents",
    ["consents", StudentConsentsSchema],
    {
      action: "update",
      config: readers,
      body: ConsentChangeBody,
      description:
        "A family member of the student grants (granted: true) or withdraws (false) one category, confirming the text of notice_version in language: a new record with that text, the history kept. 403 CONSENT_FAMILY_ONLY for staff, 409 CONSENT_NOTICE_CHANGED when the notice version is no longer the school's, 409 CONSENT_NOTICE_NOT_ACCEPTED to grant before accepting the notice; 404 for another family's child.",
    },
    ({ request, params, body }) => service.change(viewerOf(request), params.id, body),
  );
};
