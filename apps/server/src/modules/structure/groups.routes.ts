import { CreateGroupBody, GroupSchema, GroupsQuery, UpdateGroupBody } from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import { sectionsAccess } from "./access.ts";
import type { GroupsService } from "./groups.service.ts";

export const groupsRoutes: FastifyPluginAsync<{ groups: GroupsService }> = async (app, { groups }) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access: sectionsAccess });
  const group = ["group", GroupSchema] as const;

  r.list(
    "/api/groups",
    ["groups", GroupSchema],
    {
      description:
        "Groups of school_year_id (default: the current year), optionally of one grade, with head teacher and students.",
      query: GroupsQuery,
    },
    ({ tenant, query }) => groups.list(tenant, query),
  );
  r.create(
    "/api/groups",
    group,
    {
      description: "Creates a group; head_teacher_id must be an active staff member (422 NOT_STAFF otherwise).",
      body: CreateGroupBody,
    },
    ({ tenant, body }) => groups.create(tenant, body),
  );
  r.update(
    "/api/groups/:id",
    group,
    {
      description:
        "Renames a group, moves it to another grade or changes its head teacher (409 YEAR_CLOSED in a closed year).",
      body: UpdateGroupBody,
    },
    ({ tenant, params, body }) => groups.update(tenant, params.id, body),
  );
  r.remove(
    "/api/groups/:id",
    { description: "Deletes a group without students or teaching assignments (409 IN_USE otherwise)." },
    ({ tenant, params }) => groups.remove(tenant, params.id),
  );
};
