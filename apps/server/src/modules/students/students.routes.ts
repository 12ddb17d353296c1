import {
  CreateStudentBody,
  DeletedResponse,
  envelope,
  IdParam,
  StudentSchema,
  StudentsQuery,
  UpdateStudentBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { studentsAccess } from "./access.ts";
import { photosRoutes } from "./photos.routes.ts";
import { createPhotosService, type PhotosService } from "./photos.service.ts";
import { createStudentsService, type StudentsService } from "./students.service.ts";

const tags = ["master-configuration"];
const WRITE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };
const One = envelope(z.object({ student: StudentSchema }));

/** /api/students: every field of spec §3 "Parent and student records" for students, with the current group. */
export const studentsRoutes: FastifyPluginAsyncZod<{ students: StudentsService; photos: PhotosService }> = async (
  app,
  { students, photos },
) => {
  app.get(
    "/api/students",
    {
      config: studentsAccess("read", "search"),
      schema: {
        tags,
        description: "Students by surname; search in names, enrollment and CURP; filter by status, group or grade.",
        querystring: StudentsQuery,
        response: {
          200: envelope(
            z.object({ students: z.array(StudentSchema), total: z.number(), page: z.number(), per_page: z.number() }),
          ),
          ...AUTH_ERRORS,
        },
      },
    },
    async (request) => ({ data: await students.list(request.tenant!, request.query) }),
  );

  app.get(
    "/api/students/:id",
    { config: studentsAccess("read"), schema: { tags, params: IdParam, response: { 200: One, ...AUTH_ERRORS } } },
    async (request) => ({ data: { student: await students.get(request.tenant!, request.params.id) } }),
  );

  app.post(
    "/api/students",
    {
      config: studentsAccess("create"),
      schema: {
        tags,
        description:
          "Creates a student (422 INVALID_CURP, 409 ENROLLMENT_TAKEN); group_id must be a group of the current school year.",
        body: CreateStudentBody,
        response: { 201: One, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: { student: await students.create(request.tenant!, request.body) } }),
  );

  app.patch(
    "/api/students/:id",
    {
      config: studentsAccess("update"),
      schema: { tags, params: IdParam, body: UpdateStudentBody, response: { 200: One, ...WRITE_ERRORS } },
    },
    async (request) => ({
      data: { student: await students.update(request.tenant!, request.params.id, request.body) },
    }),
  );

  app.delete(
    "/api/students/:id",
    {
      config: studentsAccess("delete"),
      schema: {
        tags,
        description:
          "Deletes a student, their group history and family links (409 IN_USE once other records use them).",
        params: IdParam,
        response: { 200: envelope(DeletedResponse), ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { id, photo } = await students.remove(request.tenant!, request.params.id);
      await photos.removeUpload(photo);
      return { data: { id } };
    },
  );
};

export const studentsModule: FastifyPluginAsync<{ ctx: Pick<ModuleDeps, "db" | "config" | "files"> }> = async (
  app,
  { ctx },
) => {
  const students = createStudentsService({ db: ctx.db });
  const photos = createPhotosService({ db: ctx.db, uploadsDir: ctx.config.UPLOADS_DIR, files: ctx.files });
  await app.register(studentsRoutes, { students, photos });
  await app.register(photosRoutes, { photos, students, appDomain: ctx.config.APP_DOMAIN });
};
