import { envelope, IdParam, MessageAttachment, perm, singleLine } from "@convive/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, contentDisposition, errorResponses } from "../../lib/http.ts";
import { acceptRawBodies, MB } from "../../lib/raw-body.ts";
import { sendAsDownload } from "../../plugins/security-headers.ts";
import { resolveSchoolId } from "../../plugins/tenancy.ts";
import { tooLarge } from "../incidents/index.ts";
import type { FormFiles } from "./files.service.ts";
import { viewerOf } from "./forms.routes.ts";

const declaredType = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
const bytesOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

/** The file question's uploads: a raw body in a plugin of its own, as every upload of the app. */
export const formFilesRoutes: FastifyPluginAsyncZod<{ files: FormFiles; appDomain: string }> = async (
  app,
  { files, appDomain },
) => {
  acceptRawBodies(app as unknown as FastifyInstance, [/^.*$/], async (request) => {
    const mb = await files.limitMb(resolveSchoolId(request, appDomain));
    return { bytes: mb * MB, error: () => tooLarge(declaredType(request), mb) };
  });

  app.post(
    "/api/form-files",
    {
      config: { access: "school", permissions: [perm("forms-parents", "update")], idempotency: "keyed" },
      schema: {
        tags: ["forms"],
        description:
          "A family member uploads a file for a file question (raw body; type decided from the bytes: 415; at most the school's max_file_size_in_mb: 413); it stays theirs until an answer names it.",
        querystring: z.object({ name: singleLine().max(255).optional() }),
        response: { 201: envelope(MessageAttachment), ...AUTH_ERRORS, ...errorResponses(413, 415) },
      },
    },
    async (request, reply) => {
      const file = await files.upload(viewerOf(request), {
        declared: declaredType(request),
        name: request.query.name,
        data: bytesOf(request),
      });
      return reply.status(201).send({ data: file });
    },
  );

  app.get(
    "/api/form-files/:id",
    {
      config: { access: "school", permissions: [perm("forms-parents", "read")] },
      schema: {
        tags: ["forms"],
        description: "A form answer's file for whoever reads the answer; before an answer names it, its uploader only.",
        params: IdParam,
        response: { 200: z.any(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const file = await files.read(viewerOf(request), request.params.id);
      if (file.studentId !== null) request.logRead("forms.answers", request.params.id, file.studentId);
      return sendAsDownload(reply, { type: file.mimeType, disposition: contentDisposition(file.fileName) })
        .header("cache-control", "private, no-store")
        .send(file.data);
    },
  );
};
