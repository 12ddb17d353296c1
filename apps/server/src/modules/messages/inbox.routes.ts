import { envelope, InboxPage, InboxQuery, MessagesUnread } from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import type { InboxService } from "./inbox.service.ts";
import { readers, viewerOf } from "./thread.routes.ts";

/** The Messages tab beside Notifications: the inbox and its badge. */
export const inboxRoutes: FastifyPluginAsync<{ inbox: InboxService }> = async (app, { inbox }) => {
  const r = resourceRoutes(app, { tags: ["messages"], access: () => readers });

  r.route(
    "GET",
    "/api/messages/inbox",
    200,
    envelope(InboxPage),
    {
      action: "read",
      config: readers,
      query: InboxQuery,
      description:
        "Staff: the conversations of the caller's scope (the whole school for school-wide staff, the students of the groups a teacher heads or teaches this year), newest activity first, a keyset page at a time (next_cursor). Families: one item per child, even without messages, in class-list order. filter unread|urgent, group_id (this year's), q (a student's name or a message's text).",
    },
    ({ request, query }) => inbox.page(viewerOf(request), query),
  );

  r.route(
    "GET",
    "/api/messages/unread",
    200,
    envelope(MessagesUnread),
    {
      action: "read",
      config: readers,
      description:
        "The Messages tab's badge: conversations with a message by someone else the caller has not read, and announcements not opened. Also pushed as messages:unread.",
    },
    ({ request }) => inbox.unread(viewerOf(request)),
  );
};
