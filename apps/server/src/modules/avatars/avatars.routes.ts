import { envelope, IdParam, singleLine, UserPayload } from "@convive/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { IMAGE_TYPES } from "../../lib/files/image-type.ts";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import { acceptRawBodies, MB } from "../../lib/raw-body.ts";
import { PRIVATE_UPLOADS_FOLDER, UPLOAD_CEILING_MB } from "../../lib/uploads.ts";
import { UPLOADED_FILE_POLICY } from "../../plugins/security-headers.ts";
import { resolveSchoolId } from "../../plugins/tenancy.ts";
import type { AvatarsService } from "./avatars.service.ts";

/**
 * Pictures people uploaded are re-encoded (only JPEG, PNG or WebP bytes are ever stored), so they are shown in
 * place; still, opened on their own they run nothing and are never sniffed as another type.
 */
const asUploadedPicture = (reply: FastifyReply, type: string) =>
  reply.type(type).header("content-security-policy", UPLOADED_FILE_POLICY).header("x-content-type-options", "nosniff");

/**
 * POST /api/users/:id/avatar takes the picture as the raw body (`Content-Type: image/jpeg|png|webp`), no
 * multipart; GET /uploads/:name serves stored pictures to anyone (the names are 128-bit random).
 */
export const avatarsRoutes: FastifyPluginAsyncZod<{ avatars: AvatarsService; appDomain: string }> = async (
  app,
  { avatars, appDomain },
) => {
  // Scoped to this plugin; the limit named in the error is the selected school's.
  acceptRawBodies(app, Object.keys(IMAGE_TYPES), async (request) => {
    const limitMb = await avatars.limitMb(resolveSchoolId(request, appDomain));
    return { bytes: limitMb * MB, error: () => new AppError("FILE_TOO_LARGE", undefined, { size: limitMb }) };
  });

  app.post(
    "/api/users/:id/avatar",
    {
      config: { access: "user" },
      bodyLimit: UPLOAD_CEILING_MB * MB,
      schema: {
        tags: ["users"],
        description:
          "Replaces the caller's own profile picture. Raw body, Content-Type image/jpeg, image/png or image/webp, at most the selected school's max_file_size_in_mb (2 MB without a school); the type is checked from the content.",
        params: IdParam,
        response: { 200: envelope(z.object({ user: UserPayload })), ...AUTH_ERRORS, ...errorResponses(413) },
      },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError("INVALID_IMAGE", { image: "INVALID_IMAGE" });
      const declared = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      const user = await avatars.save(request.principal!, request.tenant, request.params.id, declared, body);
      return { data: { user } };
    },
  );

  app.get(
    "/uploads/:name",
    { config: { access: "public" }, schema: { hide: true, params: z.object({ name: singleLine().max(64) }) } },
    async (request, reply) => {
      const file = await avatars.read(request.params.name);
      if (!file) throw new AppError("NOT_FOUND");
      // A name is never reused, so the picture can be cached for good.
      return asUploadedPicture(reply, file.type)
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(file.data);
    },
  );

  // Students' photos: any signed-in user with the (unguessable) name, by session cookie or bearer; never cached
  // by shared caches.
  app.get(
    "/private-uploads/:name",
    { config: { access: "user" }, schema: { hide: true, params: z.object({ name: singleLine().max(64) }) } },
    async (request, reply) => {
      const file = await avatars.read(request.params.name, PRIVATE_UPLOADS_FOLDER);
      if (!file) throw new AppError("NOT_FOUND");
      return asUploadedPicture(reply, file.type).header("cache-control", "private, max-age=86400").send(file.data);
    },
  );
};
