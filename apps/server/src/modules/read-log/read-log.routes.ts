import { envelope, FamilyReadLogSchema, IdParam, perm, ReadLogPageSchema, ReadLogQuery } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, sendGeneratedFile } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import type { ReadLogService } from "./read-log.service.ts";

/** The Director holds every permission; another profile reads the log when given `read-log`. */
export const readsTheLog = { access: "school", permissions: ["read-log"] } as const;

export const readLogRoutes: FastifyPluginAsyncZod<{ service: ReadLogService }> = async (app, { service }) => {
  app.get(
    "/api/students/:id/read-log",
    {
      config: readsTheLog,
      schema: {
        tags: ["students"],
        description:
          "Who read the student's sensitive records (file, incident details, scorecard…): reader, profile, when, what and session; newest first, paged. read-log permission; 404 for a student of another school.",
        params: IdParam,
        querystring: ReadLogQuery,
        response: { 200: envelope(ReadLogPageSchema), ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      data: await service.page(
        { schoolId: request.tenant!.schoolId, language: requestLanguage(request.headers) },
        request.params.id,
        request.query,
      ),
    }),
  );

  app.get(
    "/api/students/:id/read-log.csv",
    {
      config: readsTheLog,
      schema: {
        tags: ["students"],
        description:
          "One student's read log as CSV for the Director (read-log permission): date on the school's clock, reader, profile, what, record, session and device, newest first, headers in the caller's language; 404 for a student of another school.",
        params: IdParam,
        response: { 200: z.any(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const file = await service.csv(
        { schoolId: request.tenant!.schoolId, language: requestLanguage(request.headers) },
        request.params.id,
      );
      return sendGeneratedFile(reply, { name: file.name, type: "text/csv; charset=utf-8", body: file.body });
    },
  );

  app.get(
    "/api/students/:id/read-log/family",
    {
      // A family member holds incidents.read (their children's file); the service lets in the student's own family.
      config: { access: "school", permissions: [perm("incidents", "read")] },
      schema: {
        tags: ["students"],
        description:
          "Who at the school opened the child's sensitive records, for the child's family: when, what, the reader's name and profile only (no e-mail, address or session), newest first, paged. Staff 403 (they read the full log); another family or school 404.",
        params: IdParam,
        querystring: ReadLogQuery,
        response: { 200: envelope(FamilyReadLogSchema), ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      data: await service.forFamily(
        {
          tenant: request.tenant!,
          userId: request.principal!.userId,
          language: requestLanguage(request.headers),
        },
        request.params.id,
        request.query,
      ),
    }),
  );
};
