import {
  envelope,
  IdParam,
  IncidentCreatedSchema,
  perm,
  RegisterIncidentBody,
  RegistrationOptionsSchema,
  StudentOptionSchema,
  StudentOptionsQuery,
  UpdateIncidentBody,
} from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import type { CorrectionsService } from "./corrections.service.ts";
import type { RegistrationService } from "./registration.service.ts";
import type { RegistrationOptionsService } from "./registration-options.service.ts";

const tags = ["incidents"];
/** The registration screen also serves those who only register accompaniment observations. */
const registers = {
  access: "school",
  permissions: [perm("incidents", "create"), perm("accompaniment-observations", "create")],
} as const;
const Incident = envelope(z.object({ incident: IncidentCreatedSchema }));

export const registrationRoutes: FastifyPluginAsyncZod<{
  options: RegistrationOptionsService;
  registration: RegistrationService;
  corrections: CorrectionsService;
}> = async (app, { options, registration, corrections }) => {
  app.get(
    "/api/incidents/registration-options",
    {
      config: registers,
      schema: {
        tags,
        description:
          "Everything the registration screen picks from: active categories with their active types, observation types, the current year's groups (the caller's first), subjects, the caller's assignments, staff, frequent places, today in the school.",
        response: { 200: envelope(RegistrationOptionsSchema), ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      data: await options.options(request.tenant!, request.principal!.userId, requestLanguage(request.headers)),
    }),
  );

  app.get(
    "/api/incidents/student-options",
    {
      config: registers,
      schema: {
        tags,
        description:
          "Active students matching every word of q in name or enrollment (accents and case ignored, at most 20), or all of group_id in the current year.",
        querystring: StudentOptionsQuery,
        response: { 200: envelope(z.object({ students: z.array(StudentOptionSchema) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      data: { students: await options.students(request.tenant!, request.query, requestLanguage(request.headers)) },
    }),
  );

  app.post(
    "/api/incidents",
    {
      config: { access: "school", permissions: [perm("incidents", "create")] },
      schema: {
        tags,
        description:
          "Registers an incident with its students and proposed formative actions; notifies head teachers, families (when visible to them) and notify-profile holders. 422 DUPLICATE_STUDENT, FUTURE_DATE, BEFORE_SCHOOL_YEAR, INACTIVE_OPTION, STUDENT_NOT_IN_INCIDENT, NOT_STAFF, TOO_MANY_OCCURRENCES, CURRENT_YEAR_REQUIRED; 404 for ids not of the school.",
        body: RegisterIncidentBody,
        response: { 201: Incident, ...AUTH_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: { incident: await registration.register(request.tenant!, request.principal!.userId, request.body) },
      }),
  );

  app.patch(
    "/api/incidents/:id",
    {
      config: { access: "school", permissions: [perm("incidents", "update")] },
      schema: {
        tags,
        description:
          "Corrects an open incident (409 INCIDENT_NOT_OPEN otherwise); students replaces the list, and a student with formative actions cannot be taken off (409 IN_USE).",
        params: IdParam,
        body: UpdateIncidentBody,
        response: { 200: Incident, ...AUTH_ERRORS, ...errorResponses(409) },
      },
    },
    async (request) => ({
      data: {
        incident: await corrections.update(request.tenant!, request.principal!.userId, request.params.id, request.body),
      },
    }),
  );
};
