import { envelope, LoginResponse, SignInOptions } from "@convive/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { type CookieSettings, errorResponses, setCookie } from "../../lib/http.ts";
import { resolveSchoolId } from "../../plugins/tenancy.ts";
import { DEVICE_COOKIE, deviceOf, type SessionCookieSettings, setSessionCookies, tokenBody } from "../auth/index.ts";
import type { UsersService } from "../users/index.ts";
import { CALLBACK_PATH, type OidcService } from "./oidc.service.ts";
import { providerFailure } from "./oidc-client.ts";

/** The browser's sign-in in flight: HttpOnly, Lax (the provider's redirect back is a top-level GET), 10 minutes. */
export const FLOW_COOKIE = "convive_oidc";
const FLOW_PATH = "/api/auth/oidc";
const FLOW_SECONDS = 10 * 60;

interface Deps {
  oidc: OidcService;
  users: UsersService;
  appDomain: string;
  session: SessionCookieSettings;
}

/**
 * The provider sign-in's routes on a school's address (issue 32 §1). `start` and `callback` are navigations, so they
 * answer redirects: to the provider, or back to the sign-in page with `?oidc=complete` or `?oidc_error=<code>` (a
 * code of the spec §8 catalogue, which the page shows in the reader's language). `complete` answers like POST /login.
 */
export const oidcRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const cookies: CookieSettings = deps.session.cookies;
  const schoolOf = (request: FastifyRequest) => {
    try {
      return resolveSchoolId(request, deps.appDomain);
    } catch {
      return null;
    }
  };
  const back = (reply: FastifyReply, error: unknown) => {
    const failure = providerFailure(error);
    if (failure.status >= 500 && failure.code !== "OIDC_PROVIDER_UNAVAILABLE") reply.log.error(error);
    else reply.log.info({ code: failure.code }, "provider sign-in refused");
    reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH });
    return reply.redirect(`/?oidc_error=${failure.code}`, 302);
  };
  const navigation = { tags: ["auth"], response: { 302: z.null() } };

  app.get(
    "/api/auth/oidc/options",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        description:
          "What the sign-in page of a school's address offers: its identity provider's button, and whether the password form shows.",
        response: { 200: envelope(SignInOptions), ...errorResponses(404) },
      },
    },
    async (request) => ({ data: await deps.oidc.options(resolveSchoolId(request, deps.appDomain)) }),
  );

  app.get(
    "/api/auth/oidc/start",
    {
      config: { access: "public" },
      schema: {
        ...navigation,
        description:
          "Sends the browser to the school's identity provider (authorization code flow with PKCE, state and nonce); back to the sign-in page with ?oidc_error= when there is none or it does not answer.",
      },
    },
    async (request, reply) => {
      try {
        const schoolId = schoolOf(request);
        if (!schoolId) throw new AppError("OIDC_NOT_CONFIGURED");
        const { url, flow } = await deps.oidc.start(schoolId, request.ip);
        setCookie(reply, cookies, FLOW_COOKIE, flow, { httpOnly: true, maxAgeSeconds: FLOW_SECONDS, path: FLOW_PATH });
        return reply.redirect(url, 302);
      } catch (error) {
        return back(reply, error);
      }
    },
  );

  app.get(
    CALLBACK_PATH,
    {
      config: { access: "public" },
      schema: {
        ...navigation,
        description:
          "The provider's redirect back (register this address at the provider): checks it and the member, then back to the sign-in page with ?oidc=complete or ?oidc_error=<code>.",
      },
    },
    async (request, reply) => {
      try {
        const schoolId = schoolOf(request);
        if (!schoolId) throw new AppError("OIDC_FLOW_EXPIRED");
        const query = new URLSearchParams(request.url.split("?", 2)[1] ?? "");
        const { providerMs } = await deps.oidc.callback(schoolId, request.cookies[FLOW_COOKIE], query);
        // The provider's round trips, apart from our own time (npm run bench:oidc).
        reply.header("server-timing", `idp;dur=${providerMs.toFixed(2)}`);
        return reply.redirect("/?oidc=complete", 302);
      } catch (error) {
        return back(reply, error);
      }
    },
  );

  app.post(
    "/api/auth/oidc/complete",
    {
      config: {
        access: "public",
        idempotency: {
          exempt:
            "Sign-in flow: spends the browser's single-use proven sign-in and answers fresh tokens; a repeat finds it spent.",
        },
      },
      schema: {
        tags: ["auth"],
        description:
          "Opens the session a provider sign-in proved (the browser's flow cookie): the same answer and cookies as POST /login, reaching this school only.",
        response: { 200: LoginResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const schoolId = resolveSchoolId(request, deps.appDomain);
      if (!schoolId) throw new AppError("OIDC_FLOW_EXPIRED");
      const deviceId = deviceOf(reply, cookies, request.cookies[DEVICE_COOKIE]);
      const { userId, tokens } = await deps.oidc.complete(schoolId, request.cookies[FLOW_COOKIE], {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        deviceId,
      });
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH });
      setSessionCookies(reply, deps.session, tokens);
      const user = await deps.users.userPayload(userId, null);
      // The session reaches this school only: the sign-in continues there (spec §4 steps 6–8).
      return {
        data: { ...tokenBody(tokens), user: { ...user, schools: user.schools.filter((s) => s.id === schoolId) } },
      };
    },
  );
};
