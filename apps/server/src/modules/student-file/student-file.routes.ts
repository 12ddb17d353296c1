import { MyChildSchema, perm, StudentFileSchema } from "@convive/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { requestLanguage } from "../../lib/language.ts";
import { registerSensitiveKind } from "../../lib/read-log.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import type { StudentFileSection } from "../../lib/student-file-section.ts";
import type { Viewer } from "../incidents/index.ts";
import { createStudentFileService, type StudentFileService } from "./student-file.service.ts";

// The file gathers a student's contacts and every section's counts: its reads by staff are logged (issue 25 §3).
registerSensitiveKind("student.file", { es: "Expediente del alumno", en: "Student file" });

const viewerOf = (request: FastifyRequest): Viewer => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

/**
 * Whoever reads incidents (staff and families), the students profile or nursing records (the nurse, issue 29) may
 * ask; the service narrows to their scope.
 */
const readers = {
  access: "school",
  permissions: [perm("incidents", "read"), perm("master-configuration-students", "read"), perm("nursing", "read")],
} as const;

export const studentFileRoutes: FastifyPluginAsync<{ service: StudentFileService }> = async (app, { service }) => {
  const r = resourceRoutes(app, { tags: ["students"], access: () => readers });
  r.one(
    "/api/students/:id/file",
    ["file", StudentFileSchema],
    {
      config: readers,
      description:
        "The student's file: photo, group, family contacts (staff only) and each section with how many records the caller may read in it; 404 outside the caller's scope.",
    },
    async ({ request, params }) => {
      const file = await service.file(viewerOf(request), params.id);
      request.logRead("student.file", params.id, params.id);
      return file;
    },
  );
  r.list(
    "/api/my-children",
    ["children", MyChildSchema],
    {
      config: { access: "school", permissions: [perm("incidents", "read")] },
      description: "A family's children with their group and latest news (empty for staff).",
    },
    ({ request }) => service.myChildren(viewerOf(request)),
  );
};

export const studentFileModule: FastifyPluginAsync<{
  /** The sections other modules add, in their order (app.ts lists them): the file knows none of them by name. */
  ctx: { db: Db; studentFileSections: readonly StudentFileSection[] };
}> = async (app, { ctx }) => {
  const service = createStudentFileService({ db: ctx.db, sections: ctx.studentFileSections });
  await app.register(studentFileRoutes, { service });
};
