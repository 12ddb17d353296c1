import {
  CreateGradeBody,
  CreateSectionBody,
  GradeSchema,
  GradesQuery,
  SectionSchema,
  UpdateGradeBody,
  UpdateSectionBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import { sectionsAccess } from "./access.ts";
import { groupsRoutes } from "./groups.routes.ts";
import { createGroupsService, type GroupsService } from "./groups.service.ts";
import { createStructureService, type StructureService } from "./structure.service.ts";

export const structureRoutes: FastifyPluginAsync<{ structure: StructureService; groups: GroupsService }> = async (
  app,
  { structure, groups },
) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access: sectionsAccess });
  const section = ["section", SectionSchema] as const;
  const grade = ["grade", GradeSchema] as const;

  r.list(
    "/api/sections",
    ["sections", SectionSchema],
    {
      description: "The school's sections (niveles) by order then name, with how many grades each has.",
    },
    ({ tenant }) => structure.listSections(tenant),
  );
  r.create("/api/sections", section, { body: CreateSectionBody }, ({ tenant, body }) =>
    structure.createSection(tenant, body),
  );
  r.update("/api/sections/:id", section, { body: UpdateSectionBody }, ({ tenant, params, body }) =>
    structure.updateSection(tenant, params.id, body),
  );
  r.remove(
    "/api/sections/:id",
    { description: "Deletes a section without grades (409 IN_USE otherwise)." },
    ({ tenant, params }) => structure.deleteSection(tenant, params.id),
  );

  r.list(
    "/api/grades",
    ["grades", GradeSchema],
    {
      description: "Grades by section and order, with their groups in school_year_id (default: the current year).",
      query: GradesQuery,
    },
    ({ tenant, query }) => structure.listGrades(tenant, query),
  );
  r.create("/api/grades", grade, { body: CreateGradeBody }, ({ tenant, body }) => structure.createGrade(tenant, body));
  r.update("/api/grades/:id", grade, { body: UpdateGradeBody }, ({ tenant, params, body }) =>
    structure.updateGrade(tenant, params.id, body),
  );
  r.remove(
    "/api/grades/:id",
    {
      description: "Deletes a grade no group (of any year) and no subject uses (409 IN_USE otherwise).",
    },
    ({ tenant, params }) => structure.deleteGrade(tenant, params.id),
  );

  await app.register(groupsRoutes, { groups });
};

/** The module as app.ts registers it: the services built from the app's context. */
export const structureModule: FastifyPluginAsync<{ ctx: Pick<ModuleDeps, "db" | "events"> }> = async (app, { ctx }) => {
  const deps = { db: ctx.db, events: ctx.events };
  await app.register(structureRoutes, { structure: createStructureService(deps), groups: createGroupsService(deps) });
};
