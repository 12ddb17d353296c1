import { AdminHelpVideo, CreateHelpVideoBody, envelope, IdParam, UpdateHelpVideoBody } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS } from "../../lib/http.ts";
import type { AdminHelpVideosService } from "./admin-help-videos.service.ts";

const root = { access: "root" } as const;
const tags = ["admin"];
const OneVideo = envelope(z.object({ helpVideo: AdminHelpVideo }));

export const adminHelpVideosRoutes: FastifyPluginAsyncZod<{ videos: AdminHelpVideosService }> = async (
  app,
  { videos },
) => {
  app.get(
    "/api/admin/help-videos",
    {
      config: root,
      schema: { tags, response: { 200: envelope(z.object({ helpVideos: z.array(AdminHelpVideo) })), ...AUTH_ERRORS } },
    },
    async () => ({ data: { helpVideos: await videos.list() } }),
  );

  app.post(
    "/api/admin/help-videos",
    {
      config: root,
      schema: {
        tags,
        description: "Attaches a video to a screen of the app; the screen path is stored normalised.",
        body: CreateHelpVideoBody,
        response: { 201: OneVideo, ...AUTH_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: { helpVideo: await videos.create(request.principal!.userId, request.body) } }),
  );

  app.patch(
    "/api/admin/help-videos/:id",
    {
      config: root,
      schema: { tags, params: IdParam, body: UpdateHelpVideoBody, response: { 200: OneVideo, ...AUTH_ERRORS } },
    },
    async (request) => ({ data: { helpVideo: await videos.update(request.params.id, request.body) } }),
  );

  app.delete(
    "/api/admin/help-videos/:id",
    {
      config: root,
      schema: { tags, params: IdParam, response: { 200: envelope(z.object({ id: z.number() })), ...AUTH_ERRORS } },
    },
    async (request) => {
      await videos.remove(request.params.id);
      return { data: { id: request.params.id } };
    },
  );
};
