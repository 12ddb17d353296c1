import { envelope, IdParam, IncidentDetailSchema } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import { readsIncidents, viewerOf } from "./archive.routes.ts";
import { type AttachmentsDownloadService, contentDisposition } from "./attachments-download.service.ts";
import type { DetailsService } from "./details.service.ts";
import { incidentPdf } from "./pdf.service.ts";

const tags = ["incidents"];
const AttachmentParams = IdParam.extend({ attachmentId: IdParam.shape.id });
/** Types a browser may show in place (never HTML or SVG: evidence types exclude them). */
const INLINE = /^(image|audio|video)\/|^application\/pdf$/;

/** One incident: its details, its printable PDF and its evidence files, all in the caller's scope (404 outside). */
export const detailsRoutes: FastifyPluginAsyncZod<{
  details: DetailsService;
  downloads: AttachmentsDownloadService;
}> = async (app, { details, downloads }) => {
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
      return { data: { incident } };
    },
  );

  app.get(
    "/api/incidents/:id/pdf",
    {
      config: readsIncidents,
      schema: {
        tags,
        description: "A printable PDF of the incident with its students, formative actions, meetings and timeline.",
        params: IdParam,
        response: { 200: z.any(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request.headers);
      const { incident, school } = await details.get(viewerOf(request), request.params.id);
      const pdf = await incidentPdf(incident, school, lang);
      const name = `${lang === "es" ? "incidencia" : "incident"}-${incident.folio}.pdf`;
      return reply
        .type("application/pdf")
        .header("content-disposition", contentDisposition(name, "inline"))
        .header("cache-control", "private, no-store")
        .send(pdf);
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
      return reply
        .type(file.mimeType)
        .header(
          "content-disposition",
          contentDisposition(file.fileName, INLINE.test(file.mimeType) ? "inline" : "attachment"),
        )
        .header("cache-control", "private, max-age=3600")
        .send(file.data);
    },
  );
};
