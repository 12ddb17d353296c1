import { envelope, IdParam, IncidentDetailSchema, IncidentDetailsQuery } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, contentDisposition, sendGeneratedFile } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import { registerSensitiveKind } from "../../lib/read-log.ts";
import { sendAsDownload } from "../../plugins/security-headers.ts";
import type { AcknowledgementsService } from "./acknowledgements.service.ts";
import { readsIncidents, viewerOf } from "./archive.routes.ts";
import { type AttachmentsDownloadService, downloadName } from "./attachments-download.service.ts";
import type { DetailsService } from "./details.service.ts";
import { incidentPdf } from "./pdf.service.ts";
import { pdfLogo } from "./pdf-logo.ts";

const tags = ["incidents"];

// An incident's every field (its detail, the students' roles, meetings, timeline): its reads by staff are logged,
// once per student it concerns (issue 25 §3).
registerSensitiveKind("incident.details", { es: "Detalle de incidencia", en: "Incident details" });
registerSensitiveKind("incident.pdf", { es: "PDF de incidencia", en: "Incident PDF" });
// An evidence file (a photo, a recording, a document about the students): its downloads by staff, once per student
// of its incident; the record is the attachment.
registerSensitiveKind("incident.evidence", { es: "Evidencia de incidencia", en: "Incident evidence" });

/** The students an incident concerns (a family's copy names only theirs; families are not logged anyway). */
const studentsOf = (incident: { students: { id: number | null }[] }) =>
  incident.students.flatMap((s) => (s.id === null ? [] : [s.id]));
const AttachmentParams = IdParam.extend({ attachmentId: IdParam.shape.id });

/** One incident: its details, its printable PDF and its evidence files, all in the caller's scope (404 outside). */
export const detailsRoutes: FastifyPluginAsyncZod<{
  details: DetailsService;
  acknowledgements: AcknowledgementsService;
  downloads: AttachmentsDownloadService;
  uploadsDir: string;
}> = async (app, { details, acknowledgements, downloads, uploadsDir }) => {
  app.get(
    "/api/incidents/details",
    {
      config: readsIncidents,
      schema: {
        tags,
        description:
          "Several incidents' details in one read (up to 100 ids, comma-separated), as GET /api/incidents/:id answers each; those outside the caller's scope are left out. The family's copy reads its incidents a page at a time through it.",
        querystring: IncidentDetailsQuery,
        response: { 200: envelope(z.object({ incidents: z.array(IncidentDetailSchema) })), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const { incidents } = await details.getMany(viewerOf(request), request.query.ids);
      for (const incident of incidents) request.logRead("incident.details", incident.id, studentsOf(incident));
      return { data: { incidents } };
    },
  );

  app.get(
    "/api/incidents/:id",
    {
      config: readsIncidents,
      schema: {
        tags,
        description:
          "Every field of an incident with its students (others anonymised for a family), evidence, formative actions with their occurrences, parent meetings, timeline and what the caller may do now.",
        params: IdParam,
        response: { 200: envelope(z.object({ incident: IncidentDetailSchema })), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const { incident } = await details.get(viewerOf(request), request.params.id);
      request.logRead("incident.details", incident.id, studentsOf(incident));
      return { data: { incident } };
    },
  );

  app.get(
    "/api/incidents/:id/pdf",
    {
      config: readsIncidents,
      schema: {
        tags,
        description:
          "A printable PDF of the incident: the school's logo and name, its fields, students, formative actions, meetings, the families' acknowledgements and timeline, and lines to sign.",
        params: IdParam,
        response: { 200: z.any(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request.headers);
      const viewer = viewerOf(request);
      const [{ incident, school, reader, protocol }, acknowledged] = await Promise.all([
        details.printable(viewer, request.params.id),
        acknowledgements.printable(viewer, request.params.id),
      ]);
      request.logRead("incident.pdf", incident.id, studentsOf(incident));
      const logoImage = await pdfLogo(uploadsDir, school.logo);
      const pdf = await incidentPdf(incident, { ...school, logoImage }, lang, reader, protocol, acknowledged);
      const name = `${lang === "es" ? "incidencia" : "incident"}-${incident.folio}.pdf`;
      return sendGeneratedFile(reply, { name, type: "application/pdf", body: pdf, disposition: "inline" });
    },
  );

  app.get(
    "/api/incidents/:id/attachments/:attachmentId",
    {
      config: readsIncidents,
      schema: {
        tags,
        description:
          "An evidence file of the incident, as uploaded (404 when the incident is outside the caller's scope).",
        params: AttachmentParams,
        response: { 200: z.any(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = await downloads.read(viewerOf(request), id, attachmentId);
      request.logRead("incident.evidence", attachmentId, file.studentIds);
      // Always a download, never a page of our origin (a PDF with actions, a GIF that is also a script): the web
      // shows pictures from the bytes it fetched, so nothing needs the browser to render the answer itself.
      return sendAsDownload(reply, {
        type: file.mimeType,
        disposition: contentDisposition(downloadName(file.fileName, file.mimeType)),
      })
        .header("cache-control", "private, max-age=3600")
        .send(file.data);
    },
  );
};
