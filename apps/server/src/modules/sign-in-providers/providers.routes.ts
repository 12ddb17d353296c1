import {
  AdminSignInProviderBody,
  envelope,
  SchoolIdParam,
  SignInProviderAnswer,
  SignInProviderBody,
} from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import { areaAccess } from "../../lib/resource-routes.ts";
import type { ProvidersService } from "./providers.service.ts";

const root = { access: "root" } as const;
// The school's Director (master configuration → general information): the school-info area.
const schoolInfo = areaAccess("master-configuration-school-info");
const SAVE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };

/** A school's identity provider: the platform administrator's routes for any school, the Director's for theirs. */
export const providersRoutes: FastifyPluginAsyncZod<{ providers: ProvidersService }> = async (app, { providers }) => {
  const adminUrl = "/api/admin/schools/:id/sign-in-provider";
  app.get(
    adminUrl,
    {
      config: root,
      schema: {
        tags: ["admin"],
        description: "The school's identity provider (never its client secret) and the redirect URI to register there.",
        params: SchoolIdParam,
        response: { 200: envelope(SignInProviderAnswer), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await providers.read(request.params.id) }),
  );
  app.put(
    adminUrl,
    {
      config: root,
      schema: {
        tags: ["admin"],
        description:
          "Configures the school's OpenID Connect provider: a new issuer is read first (discovery), the client secret sealed with SECRETS_KEY (left empty: kept), and whether the Director may change it.",
        params: SchoolIdParam,
        body: AdminSignInProviderBody,
        response: { 200: envelope(SignInProviderAnswer), ...SAVE_ERRORS },
      },
    },
    async (request) => ({
      data: await providers.saveAsRoot(request.params.id, request.principal!.userId, request.body),
    }),
  );
  app.delete(
    adminUrl,
    {
      config: root,
      schema: {
        tags: ["admin"],
        description: "Removes the school's identity provider: its members sign in with their password again.",
        params: SchoolIdParam,
        response: { 200: envelope(z.object({ deleted: z.literal(true) })), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      await providers.remove(request.params.id);
      return { data: { deleted: true as const } };
    },
  );

  app.get(
    "/api/sign-in-provider",
    {
      config: schoolInfo("read", "update"),
      schema: {
        tags: ["master-configuration"],
        description: "The school's identity provider as its Director reads it, and whether they may change it.",
        response: { 200: envelope(SignInProviderAnswer), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await providers.read(request.tenant!.schoolId) }),
  );
  app.put(
    "/api/sign-in-provider",
    {
      config: schoolInfo("update"),
      schema: {
        tags: ["master-configuration"],
        description:
          "The Director changes the school's identity provider, only where the platform administrator allowed it (403 SIGN_IN_PROVIDER_NOT_DELEGATED).",
        body: SignInProviderBody,
        response: { 200: envelope(SignInProviderAnswer), ...SAVE_ERRORS },
      },
    },
    async (request) => ({
      data: await providers.saveAsDirector(request.tenant!.schoolId, request.principal!.userId, request.body),
    }),
  );
};
