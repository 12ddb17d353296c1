import {
  AnnouncementAudiences,
  AnnouncementDetail,
  AnnouncementReminded,
  AnnouncementsPage,
  AnnouncementsQuery,
  envelope,
  IdParam,
  perm,
  ROLE_FAMILIAR,
  SendAnnouncementBody,
} from "@convive/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.ts";
import { requestLanguage } from "../../lib/language.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import type { Viewer } from "../incidents/index.ts";
import type { AnnouncementsService } from "./announcements.service.ts";

export const viewerOf = (request: FastifyRequest): Viewer => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

/** Staff follow announcements with announcements.read; a family reads what it received with messages.read. */
export const readers = {
  access: "school",
  permissions: [perm("announcements", "read"), perm("messages", "read")],
} as const;
export const senders = { access: "school", permissions: [perm("announcements", "create")] } as const;
const families = { access: "school", permissions: [perm("messages", "read")] } as const;

/** Staff without announcements.read hold messages.read only for conversations: the list is not theirs. */
export function staffMayRead(viewer: Viewer) {
  const { profileName, grants } = viewer.tenant;
  if (profileName !== ROLE_FAMILIAR && !grants.has(perm("announcements", "read"))) throw new AppError("FORBIDDEN");
}

/** Announcements to families (issue 27 §2). */
export const announcementsRoutes: FastifyPluginAsync<{ service: AnnouncementsService }> = async (app, { service }) => {
  const r = resourceRoutes(app, { tags: ["announcements"], access: () => readers });

  r.route(
    "GET",
    "/api/announcements/audiences",
    200,
    envelope(AnnouncementAudiences),
    {
      action: "read",
      config: senders,
      description:
        "What the caller may address this school year, with how many families each reaches: school-wide staff the whole school, each section, grade and group; a teacher the groups she heads or teaches.",
    },
    ({ request }) => service.audiences(viewerOf(request)),
  );

  r.route(
    "POST",
    "/api/announcements",
    201,
    envelope(AnnouncementDetail),
    {
      action: "create",
      config: senders,
      body: SendAnnouncementBody,
      description:
        "Sends an announcement to the families of an audience of the caller's (403 otherwise; 422 ANNOUNCEMENT_NO_FAMILIES when it reaches nobody): recipients and in-app notifications written at once, e-mails through the outbox right after (held in quiet hours). attachment_ids: the caller's own unsent uploads (404 otherwise).",
    },
    ({ request, body }) => service.send(viewerOf(request), body),
  );

  r.route(
    "GET",
    "/api/announcements",
    200,
    envelope(AnnouncementsPage),
    {
      action: "read",
      config: readers,
      query: AnnouncementsQuery,
      description:
        "Newest first, a keyset page at a time. Staff (announcements.read): those of their scope — every one for school-wide staff, those a teacher sent or that reached her groups — with read and confirmed totals. Families: those they received, with their own state.",
    },
    ({ request, query }) => {
      const viewer = viewerOf(request);
      staffMayRead(viewer);
      return service.list(viewer, query);
    },
  );

  r.route(
    "GET",
    "/api/announcements/:id",
    200,
    envelope(AnnouncementDetail),
    {
      action: "read",
      config: readers,
      params: IdParam,
      description:
        "One announcement: staff get the figures per group and who has not read (or confirmed, when asked); a family its own state. 404 outside the caller's scope or recipients.",
    },
    ({ request, params }) => {
      const viewer = viewerOf(request);
      staffMayRead(viewer);
      return service.detail(viewer, params.id);
    },
  );

  r.route(
    "POST",
    "/api/announcements/:id/read",
    200,
    envelope(AnnouncementDetail),
    {
      action: "read",
      config: families,
      params: IdParam,
      description: "A family member has opened it (the first time is kept). 404 for anyone else.",
    },
    ({ request, params }) => service.mark(viewerOf(request), params.id, false),
  );

  r.route(
    "POST",
    "/api/announcements/:id/confirm",
    200,
    envelope(AnnouncementDetail),
    {
      action: "update",
      config: families,
      params: IdParam,
      description:
        "A family member confirms it (409 when it asks for no confirmation; the first confirmation is kept). 404 for anyone else.",
    },
    ({ request, params }) => service.mark(viewerOf(request), params.id, true),
  );

  r.route(
    "POST",
    "/api/announcements/:id/remind",
    200,
    envelope(AnnouncementReminded),
    {
      action: "update",
      config: senders,
      params: IdParam,
      description:
        "Reminds the families that have not read it (or not confirmed, when asked) by notification and e-mail, each at most once in 12 hours; its sender or school-wide staff (403 otherwise). Answers how many were reminded.",
    },
    ({ request, params }) => service.remind(viewerOf(request), params.id),
  );
};
