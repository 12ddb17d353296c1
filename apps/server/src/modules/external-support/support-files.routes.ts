import { envelope, IdParam, MessageAttachment, perm, singleLine } from "@convive/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, contentDisposition, errorResponses } from "../../lib/http.ts";
import { acceptRawBodies, MB } from "../../lib/raw-body.ts";
import { registerSensitiveKind } from "../../lib/read-log.ts";
import { sendAsDownload } from "../../plugins/security-headers.ts";
import { resolveSchoolId } from "../../plugins/tenancy.ts";
import { tooLarge } from "../incidents/index.ts";
import { viewerOf } from "./external-support.routes.ts";
import type { SupportFiles } from "./support-files.service.ts";

// A file of a referral or of an inclusion record (a signed consent, a report, a diagnosis, a signed letter): every
// download of a record's file is logged, one entry for its student; the record is the file.
registerSensitiveKind("support.attachment", { es: "Archivo de apoyo o inclusión", en: "Support or inclusion file" });

/** Whoever writes external support, inclusion or nursing uploads their files. */
const uploaders = {
  access: "school",
  permissions: [
    perm("external-support", "create"),
    perm("external-support", "update"),
    perm("inclusion", "create"),
    perm("inclusion", "update"),
    // Issue 29: the nurse records a medication authorisation with its signed paper.
    perm("nursing", "create"),
  ],
} as const;
/** The owner kind's rule decides who reads (the family of the student included); anyone else: 404. */
const members = { access: "school" } as const;

const declaredType = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();

/** A JSON or empty body reaches the handler as something else: it then reads as an empty file (415). */
const bytesOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

/**
 * Support files: uploaded as a raw body (as every upload of the app) in a plugin of its own, so only this route
 * reads every content type — what a file is gets decided from its bytes, not by a parser.
 */
export const supportFilesRoutes: FastifyPluginAsyncZod<{ files: SupportFiles; appDomain: string }> = async (
  app,
  { files, appDomain },
) => {
  acceptRawBodies(app as unknown as FastifyInstance, [/^.*$/], async (request) => {
    const mb = await files.limitMb(resolveSchoolId(request, appDomain));
    return { bytes: mb * MB, error: () => tooLarge(declaredType(request), mb) };
  });

  app.post(
    "/api/support-attachments",
    {
      config: { ...uploaders, idempotency: "keyed" },
      schema: {
        tags: ["external-support"],
        description:
          "Uploads one file for an external support or inclusion record not yet saved (raw body; Content-Type one of EVIDENCE_TYPES, checked against the content: 415 UNSUPPORTED_FILE_TYPE; at most the school's max_file_size_in_mb: 413). It stays the uploader's, unattached, until a save names it (422 SUPPORT_ATTACHMENT_UNAVAILABLE otherwise).",
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
    "/api/support-attachments/:id",
    {
      config: members,
      schema: {
        tags: ["external-support"],
        description:
          "A file of an external support or inclusion record, for whoever may read the record (its student's confidential readers and family); before a save claims it, its uploader only; 404 otherwise. Always a download; logged as a read.",
        params: IdParam,
        response: { 200: z.any(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const file = await files.read(viewerOf(request), request.params.id);
      if (file.studentId !== null) request.logRead("support.attachment", request.params.id, file.studentId);
      return sendAsDownload(reply, { type: file.mimeType, disposition: contentDisposition(file.fileName) })
        .header("cache-control", "private, no-store")
        .send(file.data);
    },
  );
};
