import {
  AdminProfile,
  AdminSchool,
  CreateSchoolBody,
  envelope,
  SchoolIdParam,
  UpdateSchoolBody,
} from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import type { AdminSchoolsService } from "./admin-schools.service.ts";

const root = { access: "root" } as const;
const tags = ["admin"];

export const adminSchoolsRoutes: FastifyPluginAsyncZod<{ schools: AdminSchoolsService }> = async (app, { schools }) => {
  app.get(
    "/api/admin/schools",
    {
      config: root,
      schema: {
        tags,
        description: "Every school with its member counts.",
        response: { 200: envelope(z.object({ schools: z.array(AdminSchool) })), ...AUTH_ERRORS },
      },
    },
    async () => ({ data: { schools: await schools.list() } }),
  );

  app.post(
    "/api/admin/schools",
    {
      config: root,
      schema: {
        tags,
        description:
          "Creates a school (its id is its subdomain) with the six template profiles and, with `director`, invites its first Director: the invitation and its e-mail (outbox) in the school's own transaction.",
        body: CreateSchoolBody,
        response: {
          201: envelope(
            z.object({
              school: AdminSchool,
              profiles: z.array(AdminProfile),
              director_invitation: z.object({ id: z.number(), email: z.string(), expires_at: z.string() }).nullable(),
            }),
          ),
          ...AUTH_ERRORS,
          ...errorResponses(409),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await schools.create(request.body, request.principal?.userId) }),
  );

  app.patch(
    "/api/admin/schools/:id",
    {
      config: root,
      schema: {
        tags,
        description: "Edits a school's information or activates/deactivates it.",
        params: SchoolIdParam,
        body: UpdateSchoolBody,
        response: { 200: envelope(z.object({ school: AdminSchool })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { school: await schools.update(request.params.id, request.body) } }),
  );

  app.get(
    "/api/admin/schools/:id/profiles",
    {
      config: root,
      schema: {
        tags,
        description: "The school's profiles, to pick one when adding a member.",
        params: SchoolIdParam,
        response: { 200: envelope(z.object({ profiles: z.array(AdminProfile) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { profiles: await schools.profiles(request.params.id) } }),
  );
};
