import {
  envelope,
  RetentionLogPage,
  RetentionLogQuery,
  RetentionSettings,
  RetentionSettingsBody,
  RetentionUpcoming,
} from "@convive/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { requestLanguage } from "../../lib/language.ts";
import { areaAccess, resourceRoutes } from "../../lib/resource-routes.ts";
import type { RetentionService } from "./retention.service.ts";

// Master configuration → Data retention: read with master-configuration-data-retention.read, change with .update
// (the Director holds both; a school may grant them in user-profile).
const access = areaAccess("master-configuration-data-retention");

export const retentionRoutes: FastifyPluginAsync<{ service: RetentionService }> = async (app, { service }) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access: (a) => access(a) });
  const lang = (request: FastifyRequest) => requestLanguage(request.headers);
  const userId = (request: FastifyRequest) => request.principal!.userId;

  r.route(
    "GET",
    "/api/retention/settings",
    200,
    envelope(RetentionSettings),
    {
      action: "read",
      description: "How long each category of records is kept after a student leaves, and the notice days.",
    },
    ({ request, tenant }) => service.read(tenant.schoolId, lang(request)),
  );
  r.route(
    "PATCH",
    "/api/retention/settings",
    200,
    envelope(RetentionSettings),
    {
      action: "update",
      body: RetentionSettingsBody,
      description:
        "Changes periods (years, 1–30; nursing at least 5: 422 RETENTION_BELOW_MINIMUM) and/or the notice days (7–90).",
    },
    ({ request, tenant, body }) => service.save(tenant.schoolId, userId(request), body, lang(request)),
  );
  r.route(
    "GET",
    "/api/retention/upcoming",
    200,
    envelope(z.array(RetentionUpcoming)),
    { action: "read", description: "What the daily job will anonymise within the notice days, and what a hold keeps." },
    ({ tenant }) => service.upcoming(tenant.schoolId),
  );
  r.route(
    "GET",
    "/api/retention/log",
    200,
    envelope(RetentionLogPage),
    {
      action: "read",
      query: RetentionLogQuery,
      description: "The retention log, newest first: when, category, how many records, which students (by id).",
    },
    ({ tenant, query }) => service.log(tenant.schoolId, query),
  );
};
