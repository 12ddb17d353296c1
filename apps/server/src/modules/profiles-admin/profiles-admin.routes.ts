import {
  DeletedResponse,
  envelope,
  IdParam,
  PermissionMatrix,
  ProfileNameBody,
  ProfileSummary,
  PutPermissionsBody,
  perm,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { createProfilesAdminService, type ProfilesAdminService } from "./profiles-admin.service.ts";

const access = (action: "create" | "read" | "update" | "delete") =>
  ({ access: "school", permissions: [perm("master-configuration-users-profiles", action)] }) as const;
const tags = ["master-configuration"];
const WRITE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };
const One = envelope(z.object({ profile: ProfileSummary }));
const Matrix = envelope(z.object({ matrix: PermissionMatrix }));

/** /api/profiles: the school's profiles (roles) and their permission matrix. GET /api/roles/:id stays as it is. */
export const profilesAdminRoutes: FastifyPluginAsyncZod<{ profiles: ProfilesAdminService }> = async (
  app,
  { profiles },
) => {
  app.get(
    "/api/profiles",
    {
      // Who manages users also picks their profiles: the list (names and counts) is open to them too.
      config: {
        access: "school",
        permissions: [perm("master-configuration-users-profiles", "read"), perm("master-configuration-users", "read")],
      },
      schema: {
        tags,
        description: "The school's profiles with their member counts; protected = Director or Familiar.",
        response: { 200: envelope(z.object({ profiles: z.array(ProfileSummary) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { profiles: await profiles.list(request.tenant!) } }),
  );

  app.post(
    "/api/profiles",
    {
      config: access("create"),
      schema: { tags, body: ProfileNameBody, response: { 201: One, ...WRITE_ERRORS } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: { profile: await profiles.create(request.tenant!, request.body) } }),
  );

  app.patch(
    "/api/profiles/:id",
    {
      config: access("update"),
      schema: {
        tags,
        description: "Renames a profile (409 PROFILE_PROTECTED for Director and Familiar, CONFLICT for a used name).",
        params: IdParam,
        body: ProfileNameBody,
        response: { 200: One, ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: { profile: await profiles.rename(request.tenant!, request.params.id, request.body) } }),
  );

  app.delete(
    "/api/profiles/:id",
    {
      config: access("delete"),
      schema: {
        tags,
        description: "Deletes a profile no member holds (409 IN_USE otherwise; 409 PROFILE_PROTECTED).",
        params: IdParam,
        response: { 200: envelope(DeletedResponse), ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: await profiles.remove(request.tenant!, request.params.id) }),
  );

  app.get(
    "/api/profiles/:id/permissions",
    {
      config: access("read"),
      schema: {
        tags,
        description: "The catalogue (areas × actions, module keys, special permissions) with what the profile holds.",
        params: IdParam,
        response: { 200: Matrix, ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { matrix: await profiles.matrix(request.tenant!, request.params.id) } }),
  );

  app.put(
    "/api/profiles/:id/permissions",
    {
      config: access("update"),
      schema: {
        tags,
        description:
          "Replaces the profile's permissions and module keys (catalogue names only, 422 otherwise). Some profile must keep every user-profile permission and module-master-configuration (409 PROFILE_ADMIN_REQUIRED).",
        params: IdParam,
        body: PutPermissionsBody,
        response: { 200: Matrix, ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: { matrix: await profiles.putPermissions(request.tenant!, request.params.id, request.body) },
    }),
  );
};

export const profilesAdminModule: FastifyPluginAsync<{ ctx: Pick<ModuleDeps, "db" | "events"> }> = async (
  app,
  { ctx },
) => {
  await app.register(profilesAdminRoutes, { profiles: createProfilesAdminService({ db: ctx.db, events: ctx.events }) });
};
