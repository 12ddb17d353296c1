import { envelope, IdParam, MessageAttachment, singleLine } from "@convive/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, contentDisposition, errorResponses } from "../../lib/http.ts";
import { acceptRawBodies, MB } from "../../lib/raw-body.ts";
import { registerSensitiveKind } from "../../lib/read-log.ts";
import { sendAsDownload } from "../../plugins/security-headers.ts";
import { resolveSchoolId } from "../../plugins/tenancy.ts";
import { tooLarge } from "../incidents/index.ts";
import type { AttachmentsService } from "./attachments.service.ts";
import { readers, viewerOf, writers } from "./thread.routes.ts";

// A file sent in a family's conversation (a report, a photo): its downloads by staff are logged, one entry for the
// student of the conversation; the record is the attachment.
registerSensitiveKind("message.attachment", { es: "Archivo de un mensaje", en: "Message attachment" });

const declaredType = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();

/** A JSON or empty body reaches the handler as something else: it then reads as an empty file (415). */
const bytesOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

/**
 * Message attachments: uploaded as a raw body (as every upload of the app, evidence included) in a plugin of its
 * own, so only this route reads every content type — what a file is gets decided from its bytes, not by a parser.
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
    "/api/message-attachments",
    {
      config: { ...writers, idempotency: "keyed" },
      schema: {
        tags: ["messages"],
        description:
          "Uploads one file for a message not yet sent (raw body; Content-Type one of EVIDENCE_TYPES, checked against the content: 415 UNSUPPORTED_FILE_TYPE; at most the school's max_file_size_in_mb: 413). It stays the uploader's, unattached, until a send names it in attachment_ids.",
        querystring: z.object({ name: singleLine().max(255).optional() }),
        response: { 201: envelope(MessageAttachment), ...AUTH_ERRORS, ...errorResponses(413, 415) },
      },
    },
    async (request, reply) => {
      const attachment = await attachments.upload(viewerOf(request), {
        declared: declaredType(request),
        name: request.query.name,
        data: bytesOf(request),
      });
      return reply.status(201).send({ data: attachment });
    },
  );

  app.get(
    "/api/message-attachments/:id",
    {
      config: readers,
      schema: {
        tags: ["messages"],
        description:
          "A message's file, for whoever may read its conversation (before it is sent, its uploader only); 404 otherwise. Always a download.",
        params: IdParam,
        response: { 200: z.any(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const file = await attachments.read(viewerOf(request), request.params.id);
      if (file.studentId !== null) request.logRead("message.attachment", request.params.id, file.studentId);
      return sendAsDownload(reply, { type: file.mimeType, disposition: contentDisposition(file.fileName) })
        .header("cache-control", "private, max-age=3600")
        .send(file.data);
    },
  );
};
