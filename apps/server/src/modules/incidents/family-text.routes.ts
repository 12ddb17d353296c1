import { envelope, FamilyTextCheckBody, FamilyTextCheckSchema, perm } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AUTH_ERRORS } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import type { FamilyTextService } from "./family-text.service.ts";

/** POST /api/incidents/family-text-check: whoever writes text families read (incidents, observations). */
export const familyTextRoutes: FastifyPluginAsyncZod<{ familyText: FamilyTextService }> = async (
  app,
  { familyText },
) => {
  app.post(
    "/api/incidents/family-text-check",
    {
      config: {
        access: "school",
        permissions: [
          perm("incidents", "create"),
          perm("incidents", "update"),
          perm("accompaniment-observations", "create"),
        ],
      },
      schema: {
        tags: ["incidents"],
        description:
          'Checks a text families will read while it is typed (changes nothing): the students of the school it names, as written, and how the family of each picked student will read it, with other students\' names replaced by "Otro estudiante" / "Another student" (the caller\'s language). The web calls it debounced.',
        body: FamilyTextCheckBody,
        response: { 200: envelope(FamilyTextCheckSchema), ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      data: await familyText.check(request.tenant!.schoolId, request.body, requestLanguage(request.headers)),
    }),
  );
};
