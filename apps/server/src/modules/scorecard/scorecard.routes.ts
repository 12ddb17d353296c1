import {
  envelope,
  GroupScorecardQuery,
  IdParam,
  ScorecardGroupSchema,
  ScorecardQuery,
  ScorecardSchema,
  ScorecardStudentItem,
  ScorecardStudentsQuery,
} from "@convive/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, sendGeneratedFile } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import { registerSensitiveKind } from "../../lib/read-log.ts";
import { areaAccess } from "../../lib/resource-routes.ts";
import type { Reader, ScorecardService } from "./scorecard.service.ts";

const tags = ["scorecard"];

// A student's ratings, comments, incidents and points in one view: its reads by staff are logged (issue 25 §3).
registerSensitiveKind("student.scorecard", { es: "Boleta del alumno", en: "Student scorecard" });
const reads = areaAccess("scorecard")("read");

const readerOf = (request: FastifyRequest): Reader => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

const sendPdf = (reply: FastifyReply, file: { data: Buffer; name: string }) =>
  sendGeneratedFile(reply, { name: file.name, type: "application/pdf", body: file.data, disposition: "inline" });

/** The scorecard (issue 13 §4): the picker, one student's year, and the printable PDFs. */
export const scorecardRoutes: FastifyPluginAsyncZod<{ scorecards: ScorecardService }> = async (app, { scorecards }) => {
  app.get(
    "/api/scorecard/students",
    {
      config: reads,
      schema: {
        tags,
        description:
          "The students whose scorecard the caller may open: a family's children; staff's students in scope, by name or enrollment (q) and group (50 at most).",
        querystring: ScorecardStudentsQuery,
        response: { 200: envelope(z.object({ students: z.array(ScorecardStudentItem) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { students: await scorecards.students(readerOf(request), request.query) } }),
  );

  app.get(
    "/api/scorecard/groups",
    {
      config: reads,
      schema: {
        tags,
        description: "The current year's groups the caller picks students from (a teacher's own; none for a family).",
        response: { 200: envelope(z.object({ groups: z.array(ScorecardGroupSchema) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { groups: await scorecards.groups(readerOf(request)) } }),
  );

  app.get(
    "/api/scorecard/students/:id",
    {
      config: reads,
      schema: {
        tags,
        description:
          "One student's school year, periods side by side: each measure's value on the scale version it was given on, the group's average, points, incidents by classification, formative actions, observations and the comment. A family reads published periods only; 404 outside the caller's scope.",
        params: IdParam,
        querystring: ScorecardQuery,
        response: { 200: envelope(z.object({ scorecard: ScorecardSchema })), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const scorecard = await scorecards.scorecard(readerOf(request), request.params.id, request.query);
      request.logRead("student.scorecard", request.params.id, request.params.id);
      return { data: { scorecard } };
    },
  );

  app.get(
    "/api/scorecard/students/:id/pdf",
    {
      config: reads,
      schema: {
        tags,
        description:
          "The student's scorecard as a PDF in the caller's language, with the legend of every scale's codes (drawn in a worker thread).",
        params: IdParam,
        querystring: ScorecardQuery,
        response: { 200: z.any(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const file = await scorecards.pdf(readerOf(request), request.params.id, request.query);
      request.logRead("student.scorecard", request.params.id, request.params.id);
      return sendPdf(reply, file);
    },
  );

  app.get(
    "/api/scorecard/groups/:id/pdf",
    {
      config: reads,
      schema: {
        tags,
        description:
          "A whole group's scorecards as one PDF, for one period (period_id) or the year so far: for directors (managesRatings) and the group's teachers; 404 for anyone else. Logged as a scorecard read of every student printed.",
        params: IdParam,
        querystring: GroupScorecardQuery,
        response: { 200: z.any(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const file = await scorecards.groupPdf(readerOf(request), request.params.id, request.query);
      // A whole group's scorecards are each student's scorecard: one entry per student printed (issue 30 §4).
      request.logRead("student.scorecard", `group-${request.params.id}`, file.studentIds);
      return sendPdf(reply, file);
    },
  );
};
