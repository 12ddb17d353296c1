import { CreateStudentBody, StudentSchema, StudentsQuery, UpdateStudentBody } from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import { studentsAccess } from "./access.ts";
import { photosRoutes } from "./photos.routes.ts";
import { createPhotosService, type PhotosService } from "./photos.service.ts";
import { createStudentsService, type StudentsService } from "./students.service.ts";

/** /api/students: every field of spec §3 "Parent and student records" for students, with the current group. */
export const studentsRoutes: FastifyPluginAsync<{ students: StudentsService; photos: PhotosService }> = async (
  app,
  { students, photos },
) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access: studentsAccess });
  const student = ["student", StudentSchema] as const;

  r.page(
    "/api/students",
    ["students", StudentSchema],
    {
      config: studentsAccess("read", "search"),
      description: "Students by surname; search in names, enrollment and CURP; filter by status, group or grade.",
      query: StudentsQuery,
    },
    ({ tenant, query }) => students.list(tenant, query),
  );
  r.one("/api/students/:id", student, {}, ({ tenant, params }) => students.get(tenant, params.id));
  r.create(
    "/api/students",
    student,
    {
      description:
        "Creates a student (422 INVALID_CURP, 409 ENROLLMENT_TAKEN); group_id must be a group of the current school year.",
      body: CreateStudentBody,
    },
    ({ tenant, body }) => students.create(tenant, body),
  );
  r.update("/api/students/:id", student, { body: UpdateStudentBody }, ({ tenant, params, body }) =>
    students.update(tenant, params.id, body),
  );
  r.remove(
    "/api/students/:id",
    {
      description: "Deletes a student, their group history and family links (409 IN_USE once other records use them).",
    },
    async ({ tenant, params }) => {
      const { id, photo } = await students.remove(tenant, params.id);
      await photos.removeUpload(photo);
      return { id };
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
