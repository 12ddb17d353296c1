import { envelope, VideosByUrlBody } from "@convive/domain";
import { and, asc, eq, or } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { helpVideos } from "../../db/schema/index.ts";
import { AUTH_ERRORS } from "../../lib/http.ts";
import { normaliseScreenUrl } from "./screen-url.ts";

export const HelpVideo = z.object({
  id: z.number(),
  title: z.string(),
  video_url: z.string(),
  screen_url: z.string(),
  language: z.string(),
});

export const helpVideosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    "/api/jitscore-modules/videos-by-url",
    {
      config: { access: "user" },
      schema: {
        tags: ["help-videos"],
        description: "Help videos attached to a screen URL, in the given language when one is named.",
        body: VideosByUrlBody,
        response: { 200: envelope(z.object({ helpVideos: z.array(HelpVideo) })), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const url = normaliseScreenUrl(request.body.url);
      const language = request.body.language;
      const rows = await db
        .select()
        .from(helpVideos)
        .where(and(eq(helpVideos.screenUrl, url), language ? or(eq(helpVideos.language, language)) : undefined))
        .orderBy(asc(helpVideos.id));
      return {
        data: {
          helpVideos: rows.map((v) => ({
            id: v.id,
            title: v.title,
            video_url: v.videoUrl,
            screen_url: v.screenUrl,
            language: v.language,
          })),
        },
      };
    },
  );
};
