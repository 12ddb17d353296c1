import { CreateGroupBody, GroupSchema, GroupsQuery, UpdateGroupBody } from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import { sectionsAccess } from "./access.ts";
import type { GroupsService } from "./groups.service.ts";

export const groupsRoutes: FastifyPluginAsync<{ groups: GroupsService }> = async (app, { groups }) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access: sectionsAccess });
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
