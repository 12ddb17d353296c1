import { envelope, SchoolInfo, UpdateSchoolInfoBody } from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { IMAGE_TYPES } from "../../lib/files/image-type.ts";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { acceptRawBodies, MB } from "../../lib/raw-body.ts";
import { areaAccess } from "../../lib/resource-routes.ts";
import { UPLOAD_CEILING_MB } from "../../lib/uploads.ts";
import { resolveSchoolId } from "../../plugins/tenancy.ts";
import { createSchoolInfoService, type SchoolInfoService } from "./school-info.service.ts";

const access = areaAccess("master-configuration-school-info");
const tags = ["master-configuration"];
const Answer = envelope(z.object({ school_info: SchoolInfo }));

/**
 * GET/PATCH /api/school-info and the logo (POST with the raw image as body, DELETE back to the default).
 * Answers carry contrast_warnings: the institutional colour pairs below WCAG AA.
 */
export const schoolInfoRoutes: FastifyPluginAsyncZod<{ schoolInfo: SchoolInfoService; appDomain: string }> = async (
  app,
  { schoolInfo, appDomain },
) => {
  // Scoped to this plugin: the logo route is the only one here that takes a raw image; the error names the
  // school's own limit.
  acceptRawBodies(app, Object.keys(IMAGE_TYPES), async (request) => {
    const limit = await schoolInfo.limitMb(resolveSchoolId(request, appDomain));
    return { bytes: limit * MB, error: () => new AppError("FILE_TOO_LARGE", undefined, { size: limit }) };
  });

  app.get(
    "/api/school-info",
    {
      config: access("read"),
      schema: { tags, response: { 200: Answer, ...AUTH_ERRORS } },
    },
    async (request) => ({ data: { school_info: await schoolInfo.get(request.tenant!) } }),
  );

  app.patch(
    "/api/school-info",
    {
      config: access("update"),
      schema: {
        tags,
        description:
          "Saves any subset of the fields. Changing either privacy notice text raises privacy_notice_version, so every member accepts again. message_starters (team | scope) decides who may write the first message of a student's conversation to the family.",
        body: UpdateSchoolInfoBody,
        response: { 200: Answer, ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { school_info: await schoolInfo.update(request.tenant!, request.body) } }),
  );

  app.post(
    "/api/school-info/logo",
    {
      config: access("update"),
      bodyLimit: UPLOAD_CEILING_MB * MB,
      schema: {
        tags,
        description:
          "Replaces the logo. Raw body, Content-Type image/png, image/jpeg or image/webp (no SVG), at most max_file_size_in_mb (413 FILE_TOO_LARGE); the type is checked from the content.",
        response: { 200: Answer, ...AUTH_ERRORS, ...errorResponses(413) },
      },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError("INVALID_IMAGE", { logo: "INVALID_IMAGE" });
      const declared = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      return { data: { school_info: await schoolInfo.setLogo(request.tenant!, declared, body) } };
    },
  );

  app.delete(
    "/api/school-info/logo",
    {
      config: access("update"),
      schema: { tags, description: "Back to the default logo.", response: { 200: Answer, ...AUTH_ERRORS } },
    },
    async (request) => ({ data: { school_info: await schoolInfo.removeLogo(request.tenant!) } }),
  );
};

/** The module as app.ts registers it: the service built from the app's context. */
export const schoolInfoModule: FastifyPluginAsync<{
  ctx: Pick<ModuleDeps, "db" | "config" | "events" | "files">;
}> = async (app, { ctx }) => {
  const schoolInfo = createSchoolInfoService({
    db: ctx.db,
    events: ctx.events,
    uploadsDir: ctx.config.UPLOADS_DIR,
    files: ctx.files,
  });
  await app.register(schoolInfoRoutes, { schoolInfo, appDomain: ctx.config.APP_DOMAIN });
};
