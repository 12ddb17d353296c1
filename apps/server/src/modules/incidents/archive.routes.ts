import {
  ArchiveCountSchema,
  ArchiveFiltersSchema,
  ArchiveQuery,
  ArchiveSchema,
  ExportQuery,
  envelope,
  perm,
} from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, sendGeneratedFile } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import { registerSensitiveKind } from "../../lib/read-log.ts";
import type { ArchiveService } from "./archive.service.ts";
import { type ExportService, XLSX_TYPE } from "./export.service.ts";
import type { Viewer } from "./scope.ts";

const tags = ["incidents"];
/** Reading the archive: incidents.read or incidents.search; the data scope then decides which incidents. */
// The export names every student of every incident in it with the incidents' details: one entry per student.
registerSensitiveKind("incident.export", { es: "Exportación de incidencias (XLSX)", en: "Incidents export (XLSX)" });

export const readsIncidents = {
  access: "school",
  permissions: [perm("incidents", "read"), perm("incidents", "search")],
} as const;

export const viewerOf = (request: {
  tenant: Viewer["tenant"] | null;
  principal: { userId: number } | null;
  headers: Record<string, string | string[] | undefined>;
}): Viewer => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

/** GET /api/incidents (the archive), its filter values and its XLSX export. */
export const archiveRoutes: FastifyPluginAsyncZod<{ archive: ArchiveService; exporter: ExportService }> = async (
  app,
  { archive, exporter },
) => {
  app.get(
    "/api/incidents",
    {
      config: readsIncidents,
      schema: {
        tags,
        description:
          "The archive in the caller's scope (school, own groups and records, or a family's children with other students anonymised): filters, q (a folio number, words of the detail or place as prefixes, or a student's name), sort and pages. total counts up to 1 000 (total_capped beyond); with count=later the page comes first and total is null when it was found without counting (GET /api/incidents/count then counts).",
        querystring: ArchiveQuery,
        response: { 200: envelope(ArchiveSchema), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await archive.list(viewerOf(request), request.query) }),
  );

  app.get(
    "/api/incidents/count",
    {
      config: readsIncidents,
      schema: {
        tags,
        description:
          "The number of incidents the archive's filters match in the caller's scope (same filters as GET /api/incidents), up to 1 000 (total_capped beyond): what a page asked with count=later did not count.",
        querystring: ExportQuery,
        response: { 200: envelope(ArchiveCountSchema), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await archive.count(viewerOf(request), request.query) }),
  );

  app.get(
    "/api/incidents/filters",
    {
      config: readsIncidents,
      schema: {
        tags,
        description:
          "Values for the archive's filters: categories with types, sections, grades, the current year's groups, subjects and recorders (for a family: only what their children's incidents use, no recorders).",
        response: { 200: envelope(ArchiveFiltersSchema), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await archive.filters(viewerOf(request)) }),
  );

  app.get(
    "/api/incidents/export",
    {
      config: readsIncidents,
      schema: {
        tags,
        description:
          "The archive's filtered list (same filters, order and scope) as an XLSX file, one row per incident, at most 50 000 rows, headers in the caller's language; logged as a read of every student it names.",
        querystring: ExportQuery,
        response: { 200: z.any(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request.headers);
      const file = await exporter.exportXlsx(viewerOf(request), request.query, lang);
      request.logRead("incident.export", "xlsx", file.studentIds);
      return sendGeneratedFile(reply, { name: file.filename, type: XLSX_TYPE, body: file.stream });
    },
  );
};
