import { envelope, type LiveChat, LiveChatSchema } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AUTH_ERRORS } from "../../lib/http.ts";

/** GET /api/live-chat: the platform's live-chat widget for the signed-in header (settings LIVE_CHAT_*). */
export const liveChatRoutes: FastifyPluginAsyncZod<{ liveChat: LiveChat }> = async (app, { liveChat }) => {
  app.get(
    "/api/live-chat",
    {
      config: { access: "user" },
      schema: {
        tags: ["platform"],
        description:
          "The support chat widget the header loads: its script (the site id in it) and the site id, or null when the platform has none (LIVE_CHAT_SCRIPT_URL and LIVE_CHAT_SITE_ID unset, the default).",
        response: { 200: envelope(LiveChatSchema), ...AUTH_ERRORS },
      },
    },
    async () => ({ data: liveChat }),
  );
};
