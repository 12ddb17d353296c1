import { AttachmentSchema, envelope, IdParam, perm, singleLine } from "@convive/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import { acceptRawBodies, MB } from "../../lib/raw-body.ts";
import { resolveSchoolId } from "../../plugins/tenancy.ts";
import { type AttachmentsService, tooLarge } from "./attachments.service.ts";

const declaredType = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();

/** A JSON or empty body reaches the handler as something else: it then reads as an empty file (415). */
const bytesOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

/**
 * Evidence upload as a raw body (no multipart), in a plugin of its own so that only this route reads every
 * content type: what it really is gets decided from the bytes (415 UNSUPPORTED_FILE_TYPE), not by the parser.
 */
export const attachmentsRoutes: FastifyPluginAsyncZod<{ attachments: AttachmentsService; appDomain: string }> = async (
  app,
  { attachments, appDomain },
) => {
  acceptRawBodies(app as unknown as FastifyInstance, [/^.*$/], async (request) => {
    const mb = await attachments.limitMb(resolveSchoolId(request, appDomain));
    return { bytes: mb * MB, error: () => tooLarge(declaredType(request), mb) };
  });

  app.post(
    "/api/incidents/:id/attachments",
    {
      config: { access: "school", permissions: [perm("incidents", "create"), perm("incidents", "update")] },
      schema: {
        tags: ["incidents"],
        description:
          "Adds an evidence file to an open incident (its recorder, or incidents.update). Raw body; Content-Type one of EVIDENCE_TYPES, checked against the content (415 UNSUPPORTED_FILE_TYPE); at most the school's max_file_size_in_mb (413); at most 10 per incident (422 TOO_MANY_ATTACHMENTS). Pictures are re-encoded without metadata.",
        params: IdParam,
        querystring: z.object({ name: singleLine().max(255).optional() }),
        response: {
          201: envelope(z.object({ attachment: AttachmentSchema })),
          ...AUTH_ERRORS,
          ...errorResponses(409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const attachment = await attachments.upload(request.tenant!, request.principal!.userId, request.params.id, {
        declared: declaredType(request),
        name: request.query.name,
        data: bytesOf(request),
      });
      return reply.status(201).send({ data: { attachment } });
    },
  );
};
