import { AppIconParams, AppManifestQuery } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../lib/errors.ts";
import { requestLanguage } from "../../lib/language.ts";
import { resolveSchoolId } from "../../plugins/tenancy.ts";
import { type AppBranding, appManifest, type IconSize, iconPng, safeColors } from "./app-manifest.ts";
import type { SchoolsService } from "./schools.service.ts";

/**
 * Issue 32 §3: the installable app of the school the host (or `?school=`) names, in its colours — public, as the
 * sign-in page's branding is: a school's name and colours are what its sign-in page already shows. An unknown or
 * inactive school, or none, gets Convive's own.
 */
export const appManifestRoutes: FastifyPluginAsyncZod<{ schools: SchoolsService; appDomain: string }> = async (
  app,
  { schools, appDomain },
) => {
  const brandingOf = async (querySchool: string | undefined, request: Parameters<typeof resolveSchoolId>[0]) => {
    let schoolId: string | null = null;
    try {
      schoolId = resolveSchoolId(request, appDomain) ?? querySchool ?? null;
    } catch {
      schoolId = null;
    }
    const convive: AppBranding = { id: null, name: "Convive", colors: safeColors([]) };
    if (!schoolId) return convive;
    try {
      const b = await schools.publicBranding(schoolId);
      return {
        id: b.id,
        name: b.name,
        colors: safeColors([
          b.institutional_color_1,
          b.institutional_color_2,
          b.institutional_color_3,
          b.institutional_color_4,
        ]),
      } satisfies AppBranding;
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") return convive;
      throw error;
    }
  };

  app.get(
    "/manifest.webmanifest",
    {
      config: { access: "public" },
      schema: {
        tags: ["schools"],
        description:
          "The web app manifest (installable app) of the school the host or `school` names, in its colours and the caller's language.",
        querystring: AppManifestQuery,
      },
    },
    async (request, reply) => {
      const branding = await brandingOf(request.query.school, request);
      return reply
        .type("application/manifest+json")
        .header("cache-control", "no-cache")
        .send(JSON.stringify(appManifest(branding, requestLanguage(request.headers))));
    },
  );

  app.get(
    "/app-icons/:size",
    {
      config: { access: "public" },
      schema: {
        tags: ["schools"],
        description: "The installed app's icon (PNG, 192 or 512 px): Convive's mark in the school's colours.",
        params: AppIconParams,
        querystring: AppManifestQuery,
      },
    },
    async (request, reply) => {
      const branding = await brandingOf(request.query.school, request);
      const size = Number.parseInt(request.params.size, 10) as IconSize;
      // The address carries the colours' tag: a school's new colours make a new address, so a day's cache is safe.
      return reply
        .type("image/png")
        .header("cache-control", "public, max-age=86400")
        .send(await iconPng(branding.colors, size));
    },
  );
};
