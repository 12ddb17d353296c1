import {
  DashboardOptionsSchema,
  DashboardSchema,
  EffectivenessSchema,
  envelope,
  perm,
  StrategicVisionQuery,
  StrategicVisionSettingsBody,
} from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, sendGeneratedFile } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import { registerSensitiveKind } from "../../lib/read-log.ts";
import type { Viewer } from "../incidents/index.ts";
import type { DashboardService } from "./dashboard.service.ts";
import type { EffectivenessService } from "./effectiveness.service.ts";
import type { ExportService } from "./export.service.ts";
import type { SettingsService } from "./settings.service.ts";

const tags = ["strategic-vision"];
/** strategic-vision.read; the service also asks for the module and refuses families. */
const reads = { access: "school", permissions: [perm("strategic-vision", "read")] } as const;
const updates = { access: "school", permissions: [perm("strategic-vision", "update")] } as const;

const viewerOf = (request: {
  tenant: Viewer["tenant"] | null;
  principal: { userId: number } | null;
  headers: Record<string, string | string[] | undefined>;
}): Viewer => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

/** /api/strategic-vision…: the director's dashboard (issue 14), its filter values, exports and setting. */
// The exports' early-warning table names students with how many incidents each had (issue 30 §4).
registerSensitiveKind("dashboard.export", {
  es: "Exportación del tablero (alerta temprana)",
  en: "Dashboard export (early warning)",
});

export const strategicVisionRoutes: FastifyPluginAsyncZod<{
  dashboards: DashboardService;
  effectiveness: EffectivenessService;
  exporter: ExportService;
  settings: SettingsService;
}> = async (app, { dashboards, effectiveness, exporter, settings }) => {
  app.get(
    "/api/strategic-vision",
    {
      config: reads,
      schema: {
        tags,
        description:
          "The dashboard for a school year and period (default: the current ones) and a section, grade or group, in the caller's scope (the school, or a teacher's groups and records): this period against the one before, open incidents by age, time to close, overdue formative actions, the early-warning list, incidents per school day, breakdowns, the weekday × hour heatmap, escalated incidents and setup completion. Each figure carries the archive address listing exactly its incidents. At most one minute old.",
        querystring: StrategicVisionQuery,
        response: { 200: envelope(DashboardSchema), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await dashboards.dashboard(viewerOf(request), request.query) }),
  );

  app.get(
    "/api/strategic-vision/options",
    {
      config: reads,
      schema: {
        tags,
        description:
          "The dashboard's filter values (school years with their periods, sections, grades, groups) and the escalation setting.",
        response: { 200: envelope(DashboardOptionsSchema), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await settings.options(viewerOf(request)) }),
  );

  app.get(
    "/api/strategic-vision/effectiveness",
    {
      config: reads,
      schema: {
        tags,
        description:
          "Per formative guideline and classification: the share of students with a new incident within 30 days after the action was completed, against students with an incident of the same classification and no such action; below 10 cases, not enough data.",
        querystring: StrategicVisionQuery,
        response: { 200: envelope(EffectivenessSchema), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await effectiveness.effectiveness(viewerOf(request), request.query) }),
  );

  app.put(
    "/api/strategic-vision/settings",
    {
      config: updates,
      schema: {
        tags,
        description: "After how many days an open incident escalates to the director(s) (1–365; default 14).",
        body: StrategicVisionSettingsBody,
        response: { 200: envelope(z.object({ escalate_after_days: z.number() })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await settings.save(viewerOf(request), request.body) }),
  );

  for (const format of ["pdf", "xlsx"] as const) {
    app.get(
      `/api/strategic-vision/${format}`,
      {
        config: reads,
        schema: {
          tags,
          description:
            format === "pdf"
              ? "The dashboard as a printable PDF (same filters and scope), in the caller's language; logged as a read of each student its early-warning table names."
              : "The dashboard's tables as an XLSX workbook, one sheet per table, in the caller's language; logged as a read of each student its early-warning table names.",
          querystring: StrategicVisionQuery,
          response: { 200: z.any(), ...AUTH_ERRORS },
        },
      },
      async (request, reply) => {
        const file = await exporter.file(viewerOf(request), request.query, format);
        request.logRead("dashboard.export", format, file.studentIds);
        return sendGeneratedFile(reply, file);
      },
    );
  }
};
