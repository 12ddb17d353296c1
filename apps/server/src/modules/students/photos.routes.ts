import { BulkPhotosResponse, envelope, IdParam, PhotoResult, StudentSchema, singleLine } from "@convive/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import { acceptRawBodies, MB } from "../../lib/raw-body.ts";
import { resolveSchoolId } from "../../plugins/tenancy.ts";
import { studentsAccess } from "./access.ts";
import { PHOTO_ZIP_MAX_MB, type PhotosService } from "./photos.service.ts";
import type { StudentsService } from "./students.service.ts";

const tags = ["master-configuration"];
const UPLOAD_ERRORS = { ...AUTH_ERRORS, ...errorResponses(413) };
const One = envelope(z.object({ student: StudentSchema }));
/** Any image/* is read so a GIF or SVG is refused by its content (422 INVALID_IMAGE), not by a 415. */
const IMAGE_BODIES = [/^image\/[\w.+-]+$/, "application/octet-stream"];
const ZIP_BODIES = ["application/zip", "application/x-zip-compressed", "application/octet-stream"];

/** A JSON or empty body reaches the handler as something else: it then reads as an empty file. */
const bytesOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

interface Deps {
  photos: PhotosService;
  students: StudentsService;
  appDomain: string;
}

/**
 * Photos as raw bodies (no multipart): one picture for a student, one file named by enrollment, or a ZIP of
 * such files. Every picture is at most the school's max_file_size_in_mb (413 naming that figure), is checked
 * from its bytes and re-encoded without metadata before it is stored.
 */
export const photosRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  await app.register(singlePhotoRoutes, deps);
  await app.register(zipPhotoRoutes, deps);
};

const singlePhotoRoutes: FastifyPluginAsyncZod<Deps> = async (app, { photos, students, appDomain }) => {
  acceptRawBodies(app as unknown as FastifyInstance, IMAGE_BODIES, async (request) => {
    const mb = await photos.limitMb(resolveSchoolId(request, appDomain));
    return { bytes: mb * MB, error: () => new AppError("FILE_TOO_LARGE", undefined, { size: mb }) };
  });

  app.post(
    "/api/students/:id/photo",
    {
      config: studentsAccess("update"),
      schema: {
        tags,
        description:
          "Replaces the student's photo. Raw body (image/jpeg, image/png or image/webp by content), at most the school's max_file_size_in_mb.",
        params: IdParam,
        response: { 200: One, ...UPLOAD_ERRORS },
      },
    },
    async (request) => {
      await photos.save(request.tenant!, request.params.id, bytesOf(request));
      return { data: { student: await students.get(request.tenant!, request.params.id) } };
    },
  );

  app.delete(
    "/api/students/:id/photo",
    {
      config: studentsAccess("update"),
      schema: { tags, params: IdParam, response: { 200: One, ...AUTH_ERRORS } },
    },
    async (request) => {
      await photos.clear(request.tenant!, request.params.id);
      return { data: { student: await students.get(request.tenant!, request.params.id) } };
    },
  );

  app.post(
    "/api/students/photos/:enrollment",
    {
      config: studentsAccess("update"),
      schema: {
        tags,
        description:
          "One file of a multi-file upload, named by enrollment (the web strips the extension). 404 UNKNOWN_ENROLLMENT, 413, 422 INVALID_IMAGE.",
        params: z.object({ enrollment: singleLine().trim().min(1).max(40) }),
        response: { 200: envelope(z.object({ result: PhotoResult })), ...UPLOAD_ERRORS },
      },
    },
    async (request) => {
      const lang = requestLanguage(request.headers);
      const result = await photos.saveByEnrollment(request.tenant!, request.params.enrollment, bytesOf(request), lang);
      return { data: { result } };
    },
  );
};

const zipPhotoRoutes: FastifyPluginAsyncZod<Deps> = async (app, { photos }) => {
  acceptRawBodies(app as unknown as FastifyInstance, ZIP_BODIES, async () => ({
    bytes: PHOTO_ZIP_MAX_MB * MB,
    error: () => new AppError("UPLOAD_TOO_LARGE", undefined, { size: PHOTO_ZIP_MAX_MB }),
  }));

  app.post(
    "/api/students/photos",
    {
      config: studentsAccess("update"),
      schema: {
        tags,
        description: `A ZIP (at most ${PHOTO_ZIP_MAX_MB} MB) of photos named by enrollment, e.g. CDA-2026-0001.jpg. Answers per file: assigned, unknown_enrollment, bad_type or too_big.`,
        response: { 200: envelope(BulkPhotosResponse), ...UPLOAD_ERRORS },
      },
    },
    async (request) => ({
      data: await photos.saveZip(request.tenant!, bytesOf(request), requestLanguage(request.headers)),
    }),
  );
};
