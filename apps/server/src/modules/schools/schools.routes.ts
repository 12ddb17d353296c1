import { envelope, SETUP_STAGES } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import { resolveSchoolId } from "../../plugins/tenancy.ts";
import type { SchoolsService } from "./schools.service.ts";

const color = z.string();
const Branding = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  institutional_color_1: color,
  institutional_color_2: color,
  institutional_color_3: color,
  institutional_color_4: color,
});
const SchoolInformation = Branding.extend({
  legal_name: z.string().nullable(),
  cct: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  time_zone: z.string(),
  max_file_size_in_mb: z.number(),
  privacy_notice_es: z.string().nullable(),
  privacy_notice_en: z.string().nullable(),
  privacy_notice_version: z.number(),
});
const Stages = z.object(
  Object.fromEntries(SETUP_STAGES.map((s) => [s, z.boolean()])) as Record<(typeof SETUP_STAGES)[number], z.ZodBoolean>,
);

export const schoolsRoutes: FastifyPluginAsyncZod<{ schools: SchoolsService; appDomain: string }> = async (
  app,
  deps,
) => {
  app.get(
    "/api/schoolInformation",
    {
      config: { access: "school" },
      schema: {
        tags: ["schools"],
        response: { 200: envelope(z.object({ SchoolInformations: z.array(SchoolInformation) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      data: { SchoolInformations: [await deps.schools.schoolInformation(request.tenant!.schoolId)] },
    }),
  );

  app.get(
    "/api/school-branding",
    {
      config: { access: "public" },
      schema: {
        tags: ["schools"],
        description: "School information by domain: name, logo and colours of the school the host names.",
        response: { 200: envelope(z.object({ school: Branding.nullable() })), ...errorResponses(404) },
      },
    },
    async (request) => {
      const schoolId = resolveSchoolId(request, deps.appDomain);
      // The bare domain names no school: the sign-in page then shows Convive's own branding.
      if (!schoolId) return { data: { school: null } };
      return { data: { school: await deps.schools.publicBranding(schoolId) } };
    },
  );

  app.get(
    "/api/school_years/percentage-completed",
    {
      config: { access: "school", permissions: ["module-master-configuration", "module-strategic-vision"] },
      schema: {
        tags: ["schools"],
        response: {
          200: envelope(
            z.object({
              stages_completed: Stages,
              /** Staff are invited but nobody has joined yet: the users stage shows "invitation sent", still pending. */
              users_invited: z.boolean(),
              completed: z.number(),
              total: z.number(),
              percentage: z.number(),
              missing: z.array(z.string()),
            }),
          ),
          ...AUTH_ERRORS,
        },
      },
    },
    async (request) => ({ data: await deps.schools.percentageCompleted(request.tenant!) }),
  );
};
