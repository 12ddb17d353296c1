import {
  envelope,
  FamilyCopyQuery,
  IdParam,
  perm,
  RectificationAnswerBody,
  RectificationBody,
  RectificationListSchema,
  RectificationSchema,
  RectificationsQuery,
} from "@convive/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, sendGeneratedFile } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import { registerSensitiveKind } from "../../lib/read-log.ts";
import { keyed, resourceRoutes } from "../../lib/resource-routes.ts";
import type { Viewer } from "../incidents/index.ts";
import type { CopyService } from "./copy.service.ts";
import type { RectificationsService } from "./rectifications.service.ts";

// The copy is everything the family may read of the child in one file: its download is logged (issue 30 §3), and
// unlike the family's other reads it is logged for the family too (logRead's `family` option).
registerSensitiveKind("student.family-copy", { es: "Copia de datos de la familia", en: "Family's copy of the data" });

const viewerOf = (request: FastifyRequest): Viewer => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

/** A family member holds incidents.read (their children's file); the service narrows to their own children. */
const familyReaders = { access: "school", permissions: [perm("incidents", "read")] } as const;
/** Whoever may open a student's file; the service lets in the student's family and the read-log holders. */
const fileReaders = {
  access: "school",
  permissions: [perm("incidents", "read"), perm("master-configuration-students", "read")],
} as const;
/** ARCO requests are answered by the read-log holder, the school's privacy officer (the Director by default). */
const answerers = { access: "school", permissions: ["read-log"] } as const;

const slug = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();

export const familyCopyRoutes: FastifyPluginAsyncZod<{
  copies: CopyService;
  rectifications: RectificationsService;
}> = async (app, { copies, rectifications }) => {
  app.get(
    "/api/students/:id/family-copy",
    {
      config: familyReaders,
      schema: {
        tags: ["students"],
        description:
          "The family's own copy of everything the school holds about their child that is meant for the family (ARCO access), as JSON or as a PDF drawn in a worker, in the reader's language, other children's names hidden; logged in the read log. A family member of the student only (staff 403; another family or school 404).",
        params: IdParam,
        querystring: FamilyCopyQuery,
        response: { 200: z.any(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const copy = await copies.build(request, viewer, request.params.id);
      request.logRead("student.family-copy", request.query.format, request.params.id, { family: true });
      const name = `convive-${slug(copy.student.name)}-${copy.generated_at.slice(0, 10)}`;
      if (request.query.format === "pdf") {
        const pdf = await copies.pdf(copy, copy.language);
        return sendGeneratedFile(reply, { name: `${name}.pdf`, type: "application/pdf", body: pdf });
      }
      return sendGeneratedFile(reply, {
        name: `${name}.json`,
        type: "application/json; charset=utf-8",
        body: JSON.stringify(copy, null, 2),
      });
    },
  );

  const r = resourceRoutes(app, { tags: ["students"], access: () => fileReaders });
  r.route(
    "GET",
    "/api/students/:id/rectifications",
    200,
    envelope(RectificationListSchema),
    {
      action: "read",
      params: IdParam,
      description:
        "The student's rectification requests, newest first, with the school's answers: for the student's family and the read-log holders (the Director); anyone else 404.",
    },
    ({ request, params }) => rectifications.ofStudent(viewerOf(request), params.id),
  );
  r.route(
    "POST",
    "/api/students/:id/rectifications",
    201,
    keyed("request", RectificationSchema),
    {
      action: "create",
      config: familyReaders,
      params: IdParam,
      body: RectificationBody,
      description: `A family member asks the school to correct their own or their child's data (what is wrong, what it should say): an open request due in 20 days, notified to the read-log holders (the Director). Staff 403; another family or school 404.`,
    },
    async ({ request, params, body }) => ({
      request: await rectifications.request(viewerOf(request), params.id, body),
    }),
  );
  r.route(
    "GET",
    "/api/rectifications",
    200,
    envelope(RectificationListSchema),
    {
      action: "read",
      config: answerers,
      query: RectificationsQuery,
      description:
        "The school's rectification requests (open ones by due day; status=all for every one) for the read-log holders.",
    },
    ({ request, query }) => rectifications.list(viewerOf(request), query.status),
  );
  r.route(
    "POST",
    "/api/rectifications/:id/answer",
    200,
    keyed("request", RectificationSchema),
    {
      action: "update",
      config: answerers,
      params: IdParam,
      body: RectificationAnswerBody,
      description:
        "Answers a rectification request once — corrected or declined, with the answer the family reads (notified to whoever asked). 409 RECTIFICATION_ANSWERED; another school's 404.",
    },
    async ({ request, params, body }) => ({
      request: await rectifications.answer(viewerOf(request), params.id, body),
    }),
  );
};
