import { envelope, IdParam, MessageAttachment, singleLine } from "@convive/domain";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { AUTH_ERRORS, contentDisposition, errorResponses } from "../../lib/http.ts";
import { acceptRawBodies, MB } from "../../lib/raw-body.ts";
import { sendAsDownload } from "../../plugins/security-headers.ts";
import { resolveSchoolId } from "../../plugins/tenancy.ts";
import { tooLarge } from "../incidents/index.ts";
import { readers, senders, staffMayRead, viewerOf } from "./announcements.routes.ts";
import type { AnnouncementsService } from "./announcements.service.ts";
import type { AnnouncementFiles } from "./attachments.service.ts";

const declaredType = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
const bytesOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

/**
 * An announcement's files: uploaded as a raw body like every upload of the app (what a file is is decided from its
 * bytes), in a plugin of its own so only this route reads every content type; downloaded by whoever may read it.
 */
export const announcementFilesRoutes: FastifyPluginAsync<{
  files: AnnouncementFiles;
  service: AnnouncementsService;
  appDomain: string;
}> = async (app, { files, service, appDomain }) => {
  acceptRawBodies(app as unknown as FastifyInstance, [/^.*$/], async (request) => {
    const mb = await files.limitMb(resolveSchoolId(request, appDomain));
    return { bytes: mb * MB, error: () => tooLarge(declaredType(request), mb) };
  });

  app.post(
    "/api/announcement-attachments",
    {
      config: { ...senders, idempotency: "keyed" },
      schema: {
        tags: ["announcements"],
        description:
          "Uploads one file for an announcement not yet sent (raw body; Content-Type one of EVIDENCE_TYPES, checked against the content: 415; at most the school's max_file_size_in_mb: 413). It stays the uploader's until a send names it.",
        querystring: z.object({ name: singleLine().max(255).optional() }),
        response: { 201: envelope(MessageAttachment), ...AUTH_ERRORS, ...errorResponses(413, 415) },
      },
    },
    async (request, reply) => {
      const { name } = request.query as { name?: string };
      const file = await files.upload(viewerOf(request), {
        declared: declaredType(request),
        name,
        data: bytesOf(request),
      });
      return reply.status(201).send({ data: file });
    },
  );

  app.get(
    "/api/announcement-attachments/:id",
    {
      config: readers,
      schema: {
        tags: ["announcements"],
        description:
          "An announcement's file, for whoever may read the announcement (before it is sent, its uploader only); 404 otherwise. Always a download.",
        params: IdParam,
        response: { 200: z.any(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      // The announcement's own rule: staff without announcements.read (messages.read only) read none of its files.
      staffMayRead(viewer);
      const { id } = request.params as { id: number };
      const file = await files.read(viewer, id, (announcementId) =>
        service.detail(viewer, announcementId).then(
          () => true,
          () => false,
        ),
      );
      return sendAsDownload(reply, { type: file.mimeType, disposition: contentDisposition(file.fileName) })
        .header("cache-control", "private, max-age=3600")
        .send(file.data);
    },
  );
};
