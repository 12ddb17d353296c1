import {
  envelope,
  IdParam,
  MeetingAttendeeOptions,
  ParentMeetingBody,
  ParentMeetingSchema,
  ParentMeetingsQuery,
  perm,
  UpdateParentMeetingBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import type { ParentMeetingsService } from "./parent-meetings.service.ts";
import { viewerOf } from "./scope.ts";

const access = (...permissions: string[]) => ({ access: "school", permissions }) as const;

/** What the OpenAPI page says of scheduling and editing. */
const DOCS = {
  schedule:
    "Schedules a parent meeting about an open or closed incident (409 INCIDENT_NOT_OPEN when cancelled); attendees are the students' family members or active staff (422 INVALID_ATTENDEE). Invited families are notified.",
  edit: "Edits a meeting: time, place or link, attendees (replaced when given), agreements, minutes and status (scheduled, held, cancelled, no-show).",
};

export const parentMeetingsRoutes: FastifyPluginAsync<{ meetings: ParentMeetingsService }> = async (
  app,
  { meetings },
) => {
  const r = resourceRoutes(app, { tags: ["incidents"], access: (a) => access(perm("parent-meetings", a)) });
  const meeting = ["meeting", ParentMeetingSchema] as const;

  r.create(
    "/api/incidents/:id/meetings",
    meeting,
    { description: DOCS.schedule, params: IdParam, body: ParentMeetingBody },
    ({ request, params, body }) => meetings.create(viewerOf(request), params.id, body),
  );
  r.update(
    "/api/parent-meetings/:id",
    meeting,
    { description: DOCS.edit, body: UpdateParentMeetingBody },
    ({ request, params, body }) => meetings.update(viewerOf(request), params.id, body),
  );
  r.list(
    "/api/parent-meetings",
    ["meetings", ParentMeetingSchema],
    {
      // Families hold incidents.read only: they see the meetings about their children and those they attend.
      config: access(perm("parent-meetings", "read"), perm("incidents", "read")),
      description:
        "Meetings in the caller's scope (and those they attend), latest first; upcoming=1: scheduled ones from now on, soonest first.",
      query: ParentMeetingsQuery,
    },
    ({ request, query }) => meetings.list(viewerOf(request), query),
  );
  r.route(
    "GET",
    "/api/incidents/:id/meeting-attendees",
    200,
    envelope(MeetingAttendeeOptions),
    {
      action: "read",
      config: access(perm("parent-meetings", "create"), perm("parent-meetings", "update")),
      description:
        "Who may be invited: the family members of the incident's students (each with the students they are family of) and the school's active staff.",
      params: IdParam,
    },
    ({ request, params }) => meetings.attendeeOptions(viewerOf(request), params.id),
  );
};
