import { envelope, IdParam, perm } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { AUTH_ERRORS } from "../../lib/http.ts";
import { findProfile, profileGrants } from "../users/index.ts";

const Role = z.object({
  id: z.number(),
  name: z.string(),
  name_en: z.string().nullable(),
  permissions: z.array(z.object({ name: z.string() })).optional(),
});

export const profilesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/roles/:id",
    {
      config: { access: "school" },
      schema: {
        tags: ["profiles"],
        params: IdParam,
        querystring: z.object({ include: z.enum(["permissions"]).optional() }),
        response: { 200: envelope(z.object({ role: Role })), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const tenant = request.tenant!;
      const own = request.params.id === tenant.profileId;
      // Another profile is visible only to those who manage profiles; other schools' profiles never are.
      if (!own && !tenant.grants.has(perm("master-configuration-users-profiles", "read")))
        throw new AppError("NOT_FOUND");
      const profile = await findProfile(db, tenant.schoolId, request.params.id);
      if (!profile) throw new AppError("NOT_FOUND");
      const permissions =
        request.query.include === "permissions"
          ? (await profileGrants(db, tenant.schoolId, profile.id)).map((name) => ({ name }))
          : undefined;
      return { data: { role: { id: profile.id, name: profile.name, name_en: profile.nameEn, permissions } } };
    },
  );
};
