import {
  envelope,
  IdParam,
  ParentMeetingBody,
  ParentMeetingSchema,
  ParentMeetingsQuery,
  perm,
  UpdateParentMeetingBody,
  UserRef,
} from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import type { ParentMeetingsService } from "./parent-meetings.service.ts";
import { viewerOf } from "./scope.ts";

const access = (...permissions: string[]) => ({ access: "school", permissions }) as const;
const tags = ["incidents"];
const WRITE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };
const One = envelope(z.object({ meeting: ParentMeetingSchema }));

export const parentMeetingsRoutes: FastifyPluginAsyncZod<{ meetings: ParentMeetingsService }> = async (
  app,
  { meetings },
) => {
  app.post(
    "/api/incidents/:id/meetings",
    {
      config: access(perm("parent-meetings", "create")),
      schema: {
        tags,
        description:
          "Schedules a parent meeting about an open or closed incident (409 INCIDENT_NOT_OPEN when cancelled); attendees are the students' family members or active staff (422 INVALID_ATTENDEE). Invited families are notified.",
        params: IdParam,
        body: ParentMeetingBody,
        response: { 201: One, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: { meeting: await meetings.create(viewerOf(request), request.params.id, request.body) } }),
  );

  app.patch(
    "/api/parent-meetings/:id",
    {
      config: access(perm("parent-meetings", "update")),
      schema: {
        tags,
        description:
          "Edits a meeting: time, place or link, attendees (replaced when given), agreements, minutes and status (scheduled, held, cancelled, no-show).",
        params: IdParam,
        body: UpdateParentMeetingBody,
        response: { 200: One, ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: { meeting: await meetings.update(viewerOf(request), request.params.id, request.body) },
    }),
  );

  app.get(
    "/api/parent-meetings",
    {
      // Families hold incidents.read only: they see the meetings about their children and those they attend.
      config: access(perm("parent-meetings", "read"), perm("incidents", "read")),
      schema: {
        tags,
        description:
          "Meetings in the caller's scope (and those they attend), latest first; upcoming=1: scheduled ones from now on, soonest first.",
        querystring: ParentMeetingsQuery,
        response: { 200: envelope(z.object({ meetings: z.array(ParentMeetingSchema) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { meetings: await meetings.list(viewerOf(request), request.query) } }),
  );

  app.get(
    "/api/incidents/:id/meeting-attendees",
    {
      config: access(perm("parent-meetings", "create"), perm("parent-meetings", "update")),
      schema: {
        tags,
        description: "Who may be invited: the family members of the incident's students and the school's active staff.",
        params: IdParam,
        response: { 200: envelope(z.object({ family: z.array(UserRef), staff: z.array(UserRef) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await meetings.attendeeOptions(viewerOf(request), request.params.id) }),
  );
};
