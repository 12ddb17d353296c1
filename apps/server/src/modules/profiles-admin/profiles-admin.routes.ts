import { IdParam, PermissionMatrix, ProfileNameBody, ProfileSummary, PutPermissionsBody, perm } from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { areaAccess, keyed, resourceRoutes } from "../../lib/resource-routes.ts";
import { createProfilesAdminService, type ProfilesAdminService } from "./profiles-admin.service.ts";

const access = areaAccess("master-configuration-users-profiles");

/** /api/profiles: the school's profiles (roles) and their permission matrix. GET /api/roles/:id stays as it is. */
export const profilesAdminRoutes: FastifyPluginAsync<{ profiles: ProfilesAdminService }> = async (
  app,
  { profiles },
) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access });
  const profile = ["profile", ProfileSummary] as const;

  r.list(
    "/api/profiles",
    ["profiles", ProfileSummary],
    {
      // Who manages users also picks their profiles: the list (names and counts) is open to them too.
      config: {
        access: "school",
        permissions: [perm("master-configuration-users-profiles", "read"), perm("master-configuration-users", "read")],
      },
      description: "The school's profiles with their member counts; protected = Director or Familiar.",
    },
    ({ tenant }) => profiles.list(tenant),
  );
  r.create("/api/profiles", profile, { body: ProfileNameBody }, ({ tenant, body }) => profiles.create(tenant, body));
  r.update(
    "/api/profiles/:id",
    profile,
    {
      description: "Renames a profile (409 PROFILE_PROTECTED for Director and Familiar, CONFLICT for a used name).",
      body: ProfileNameBody,
    },
    ({ tenant, params, body }) => profiles.rename(tenant, params.id, body),
  );
  r.remove(
    "/api/profiles/:id",
    { description: "Deletes a profile no member holds (409 IN_USE otherwise; 409 PROFILE_PROTECTED)." },
    ({ tenant, params }) => profiles.remove(tenant, params.id),
  );

  const matrix = keyed("matrix", PermissionMatrix);
  r.route(
    "GET",
    "/api/profiles/:id/permissions",
    200,
    matrix,
    {
      action: "read",
      description: "The catalogue (areas × actions, module keys, special permissions) with what the profile holds.",
      params: IdParam,
    },
    async ({ tenant, params }) => ({ matrix: await profiles.matrix(tenant, params.id) }),
  );
  r.route(
    "PUT",
    "/api/profiles/:id/permissions",
    200,
    matrix,
    {
      action: "update",
      description:
        "Replaces the profile's permissions and module keys (catalogue names only, 422 otherwise). Some profile must keep every user-profile permission and module-master-configuration (409 PROFILE_ADMIN_REQUIRED).",
      params: IdParam,
      body: PutPermissionsBody,
    },
    async ({ tenant, params, body }) => ({ matrix: await profiles.putPermissions(tenant, params.id, body) }),
  );
};

export const profilesAdminModule: FastifyPluginAsync<{ ctx: Pick<ModuleDeps, "db" | "events"> }> = async (
  app,
  { ctx },
) => {
  await app.register(profilesAdminRoutes, { profiles: createProfilesAdminService({ db: ctx.db, events: ctx.events }) });
};
