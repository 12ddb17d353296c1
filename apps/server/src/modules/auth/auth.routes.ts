import {
  ChangePasswordBody,
  envelope,
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageResponse,
  RefreshBody,
  ResetPasswordBody,
  SessionPayload,
  TokenPayload,
  UnlockBody,
} from "@convive/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { AUTH_ERRORS, type CookieSettings, errorResponses, setCookie } from "../../lib/http.ts";
import { newToken, safeEqual } from "../../lib/tokens.ts";
import { SESSION_COOKIE, XSRF_COOKIE } from "../../plugins/access.ts";
import type { UsersService } from "../users/index.ts";
import type { AuthService, IssuedTokens } from "./auth.service.ts";
import type { LoginUnlockService } from "./login-unlock.service.ts";
import type { PasswordResetService } from "./password-reset.service.ts";
import {
  DEVICE_COOKIE,
  deviceOf as deviceCookie,
  REFRESH_COOKIE,
  REFRESH_PATH,
  setSessionCookies as setCookies,
  tokenBody,
} from "./session-cookies.ts";

export { DEVICE_COOKIE, REFRESH_COOKIE, REFRESH_PATH } from "./session-cookies.ts";

interface Deps {
  auth: AuthService;
  users: UsersService;
  resets: Pick<PasswordResetService, "requestReset" | "resetPassword">;
  unlocks: Pick<LoginUnlockService, "unlock">;
  cookies: CookieSettings;
  refreshTtlSeconds: number;
}

export const authRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const setSessionCookies = (reply: FastifyReply, t: IssuedTokens) => setCookies(reply, deps, t);
  const clearSessionCookies = (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH });
    reply.clearCookie(REFRESH_COOKIE, { path: "/" });
  };
  const deviceOf = (reply: FastifyReply, current: string | undefined) => deviceCookie(reply, deps.cookies, current);

  app.get(
    "/sanctum/csrf-cookie",
    { config: { access: "public" }, schema: { tags: ["auth"], response: { 204: z.null() } } },
    async (_request, reply) => {
      setCookie(reply, deps.cookies, XSRF_COOKIE, newToken(), { httpOnly: false, maxAgeSeconds: 2 * 3600 });
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/login",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        body: LoginBody,
        response: { 200: LoginResponse, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const deviceId = deviceOf(reply, request.cookies[DEVICE_COOKIE]);
      const { user, tokens } = await deps.auth.login(request.body.email, request.body.password, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        deviceId,
      });
      setSessionCookies(reply, tokens);
      return { data: { ...tokenBody(tokens), user: await deps.users.userPayload(user.id, null) } };
    },
  );

  app.post(
    "/logout",
    { config: { access: "user" }, schema: { tags: ["auth"], response: { 200: MessageResponse, ...AUTH_ERRORS } } },
    async (request, reply) => {
      await deps.auth.logout(request.principal!.userId, request.principal!.sessionId);
      clearSessionCookies(reply);
      return { data: { message: "ok" } };
    },
  );

  app.post(
    REFRESH_PATH,
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        description:
          "New access token from the refresh token's HttpOnly cookie (rotating both); needs the X-XSRF-TOKEN header matching the XSRF-TOKEN cookie.",
        body: RefreshBody.nullish(),
        response: { 200: envelope(TokenPayload), ...errorResponses(401, 419, 422) },
      },
    },
    async (request, reply) => {
      // A cookie travels on its own, so the refresh must prove it comes from our page (double submit).
      const sent = request.headers["x-xsrf-token"];
      const expected = request.cookies[XSRF_COOKIE];
      if (typeof sent !== "string" || !expected || !safeEqual(sent, expected))
        throw new AppError("CSRF_TOKEN_MISMATCH");
      const token = request.cookies[REFRESH_COOKIE];
      if (!token) throw new AppError("REFRESH_TOKEN_INVALID");
      const tokens = await deps.auth.refresh(token);
      setSessionCookies(reply, tokens);
      return { data: tokenBody(tokens) };
    },
  );

  app.post(
    "/api/auth/unlock",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        description:
          "Consumes the single-use link e-mailed to the owner of a locked account and trusts the browser that sends it (its device cookie); the password is still needed to sign in.",
        body: UnlockBody,
        response: { 200: MessageResponse, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) => {
      const deviceId = deviceOf(reply, request.cookies[DEVICE_COOKIE]);
      await deps.unlocks.unlock(request.body.token, deviceId, request.ip);
      return { data: { message: "ok" } };
    },
  );

  app.get(
    "/api/auth/sessions",
    {
      config: { access: "user" },
      schema: {
        tags: ["auth"],
        response: { 200: envelope(z.object({ sessions: z.array(SessionPayload) })), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const rows = await deps.auth.listSessions(request.principal!.userId);
      return {
        data: {
          sessions: rows.map((s) => ({
            id: s.id,
            user_agent: s.userAgent,
            ip: s.ip,
            created_at: s.createdAt.toISOString(),
            last_used_at: s.lastUsedAt.toISOString(),
            current: s.id === request.principal!.sessionId,
          })),
        },
      };
    },
  );

  app.delete(
    "/api/auth/sessions/:sessionId",
    {
      config: { access: "user" },
      schema: {
        tags: ["auth"],
        params: z.object({ sessionId: z.uuid() }),
        response: { 200: MessageResponse, ...AUTH_ERRORS },
      },
    },
    async (request) => {
      await deps.auth.endOwnSession(request.principal!.userId, request.params.sessionId);
      return { data: { message: "ok" } };
    },
  );

  app.post(
    "/api/user/change-password",
    {
      config: { access: "user" },
      schema: { tags: ["auth"], body: ChangePasswordBody, response: { 200: MessageResponse, ...AUTH_ERRORS } },
    },
    async (request) => {
      const { current_password, password, password_confirmation } = request.body;
      await deps.auth.changePassword(
        request.principal!.userId,
        request.principal!.sessionId,
        current_password,
        password,
        password_confirmation,
      );
      return { data: { message: "ok" } };
    },
  );

  app.post(
    "/api/user/forgot-password",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        description:
          "Answers at once, the same for any e-mail; the reset link is e-mailed afterwards when the account exists. Limited per address and per e-mail.",
        body: ForgotPasswordBody,
        response: { 200: MessageResponse, ...errorResponses(422, 429) },
      },
    },
    async (request) => {
      await deps.resets.requestReset(request.body.email, request.ip, request.hostname);
      return { data: { message: "sent" } };
    },
  );

  app.post(
    "/api/user/reset-password",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        body: ResetPasswordBody,
        response: { 200: MessageResponse, ...errorResponses(422, 429) },
      },
    },
    async (request) => {
      const { token, password, password_confirmation } = request.body;
      await deps.resets.resetPassword(token, password, password_confirmation, request.ip);
      return { data: { message: "ok" } };
    },
  );
};
