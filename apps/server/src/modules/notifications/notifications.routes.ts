import {
  envelope,
  IdParam,
  NotificationReadResult,
  NotificationsPage,
  NotificationsQuery,
  NotificationsReadAllResult,
} from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AUTH_ERRORS } from "../../lib/http.ts";
import { askedLanguage } from "../../lib/language.ts";
import type { NotificationsService } from "./notifications.service.ts";

/** The module key opens the screen; notifications.read is the permission behind it (either one suffices). */
const access = { access: "school", permissions: ["module-notifications", "notifications.read"] } as const;

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get(
    "/api/notifications",
    {
      config: access,
      schema: {
        tags: ["notifications"],
        description:
          "The caller's notifications in the school, newest first, in the language the request asks for (X-Language, Accept-Language), or the caller's saved language when it names none.",
        querystring: NotificationsQuery,
        response: { 200: envelope(NotificationsPage), ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      data: await notifications.list(
        request.tenant!,
        request.principal!.userId,
        request.query,
        askedLanguage(request.headers),
      ),
    }),
  );

  app.post(
    "/api/notifications/read-all",
    {
      config: access,
      schema: { tags: ["notifications"], response: { 200: envelope(NotificationsReadAllResult), ...AUTH_ERRORS } },
    },
    async (request) => ({ data: await notifications.markAllRead(request.tenant!, request.principal!.userId) }),
  );

  app.post(
    "/api/notifications/:id/read",
    {
      config: access,
      schema: {
        tags: ["notifications"],
        params: IdParam,
        response: { 200: envelope(NotificationReadResult), ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      data: await notifications.markRead(
        request.tenant!,
        request.principal!.userId,
        request.params.id,
        askedLanguage(request.headers),
      ),
    }),
  );
};
