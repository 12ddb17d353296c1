import { envelope, IdParam, ReadLogPageSchema, ReadLogQuery } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AUTH_ERRORS } from "../../lib/http.ts";
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
};
