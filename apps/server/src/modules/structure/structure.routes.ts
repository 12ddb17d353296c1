import {
  CreateGradeBody,
  CreateGroupBody,
  CreateSectionBody,
  GradeSchema,
  GradesQuery,
  GroupSchema,
  GroupsQuery,
  SectionSchema,
  UpdateGradeBody,
  UpdateGroupBody,
  UpdateSectionBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import { sectionsAccess } from "./access.ts";
import { createGroupsService, type GroupsService } from "./groups.service.ts";
import { createStructureService, type StructureService } from "./structure.service.ts";

export const structureRoutes: FastifyPluginAsync<{ structure: StructureService; groups: GroupsService }> = async (
  app,
  { structure, groups },
) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access: sectionsAccess });
  const { listSections, createSection, updateSection, deleteSection } = structure;
  const { listGrades, createGrade, updateGrade, deleteGrade } = structure;

  r.crud(
    "/api/sections",
    {
      one: "section",
      many: "sections",
      item: SectionSchema,
      create: CreateSectionBody,
      update: UpdateSectionBody,
      docs: {
        list: "The school's sections (niveles) by order then name, with how many grades each has.",
        remove: "Deletes a section without grades (409 IN_USE otherwise).",
      },
    },
    { list: listSections, create: createSection, update: updateSection, remove: deleteSection },
  );
  r.crud(
    "/api/grades",
    {
      one: "grade",
      many: "grades",
      item: GradeSchema,
      query: GradesQuery,
      create: CreateGradeBody,
      update: UpdateGradeBody,
      docs: {
        list: "Grades by section and order, with their groups in school_year_id (default: the current year).",
        remove: "Deletes a grade no group (of any year) and no subject uses (409 IN_USE otherwise).",
      },
    },
    { list: listGrades, create: createGrade, update: updateGrade, remove: deleteGrade },
  );

  r.crud(
    "/api/groups",
    {
      one: "group",
      many: "groups",
      item: GroupSchema,
      query: GroupsQuery,
      create: CreateGroupBody,
      update: UpdateGroupBody,
      docs: {
        list: "Groups of school_year_id (default: the current year), optionally of one grade, with head teacher and students.",
        create: "Creates a group; head_teacher_id must be an active staff member (422 NOT_STAFF otherwise).",
        update:
          "Renames a group, moves it to another grade or changes its head teacher (409 YEAR_CLOSED in a closed year).",
        remove: "Deletes a group without students or teaching assignments (409 IN_USE otherwise).",
      },
    },
    groups,
  );
};

/** The module as app.ts registers it: the services built from the app's context. */
export const structureModule: FastifyPluginAsync<{ ctx: Pick<ModuleDeps, "db" | "events"> }> = async (app, { ctx }) => {
  const deps = { db: ctx.db, events: ctx.events };
  await app.register(structureRoutes, { structure: createStructureService(deps), groups: createGroupsService(deps) });
};
