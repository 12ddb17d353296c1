import {
  AcceptedInvitation,
  AcceptInvitationBody,
  envelope,
  InvitationLookup,
  InvitationTokenBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { errorResponses } from "../../lib/http.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import type { AuthService } from "../auth/index.ts";
import {
  DEVICE_COOKIE,
  deviceOf,
  enforceLimits,
  sessionCookieSettings,
  setSessionCookies,
  tokenBody,
} from "../auth/index.ts";
import type { SetupProgress } from "../schools/index.ts";
import { type AcceptanceService, createAcceptanceService, type JoinWrites } from "./acceptance.service.ts";

const tags = ["auth"];
const ERRORS = errorResponses(409, 422, 429);

/**
 * Per address and 15-minute window, counted in the database like the other public auth calls (shared by every
 * instance): looking a link up is cheap (30); accepting hashes a password with argon2 (10).
 */
const INVITATION_LIMITS = { lookupPerAddress: 30, acceptPerAddress: 10 } as const;

/**
 * The invited person's calls, by the e-mailed token (in the body, never in a URL that logs or referrers keep).
 * Public: the link is opened before any session exists (/RecoverPassword?invitation=…).
 */
interface RouteDeps {
  acceptance: AcceptanceService;
  db: Db;
  auth: Pick<AuthService, "openSession">;
  cookies: ReturnType<typeof sessionCookieSettings>;
}

export const invitationsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { acceptance, db, auth, cookies }) => {
  app.post(
    "/api/invitations/lookup",
    {
      config: { access: "public" },
      schema: {
        tags,
        description:
          "What an invitation offers: the school, the profile, and whether the e-mail already has an account (422 INVITATION_INVALID when expired, used or cancelled).",
        body: InvitationTokenBody,
        response: { 200: envelope(InvitationLookup), ...ERRORS },
      },
    },
    async (request) => {
      await enforceLimits(db, [{ key: `invitation-lookup:ip:${request.ip}`, max: INVITATION_LIMITS.lookupPerAddress }]);
      return { data: await acceptance.lookup(request.body.token) };
    },
  );

  app.post(
    "/api/invitations/accept",
    {
      config: { access: "public" },
      schema: {
        tags,
        description:
          "Accepts once: a new address sets its password (and may correct its names), its account is created and signed in (session cookies and token, as at sign-in); an existing account is linked and signs in as usual. Joins the school, and a family member's students.",
        body: AcceptInvitationBody,
        response: { 200: envelope(AcceptedInvitation), ...ERRORS },
      },
    },
    async (request, reply) => {
      await enforceLimits(db, [{ key: `invitation-accept:ip:${request.ip}`, max: INVITATION_LIMITS.acceptPerAddress }]);
      const { userId, ...accepted } = await acceptance.accept(request.body);
      if (accepted.account !== "new") return { data: { ...accepted, session: null } };
      // The password was chosen just now with the e-mailed token: the same session a sign-in opens (issue 26 §4).
      const deviceId = deviceOf(reply, cookies.cookies, request.cookies[DEVICE_COOKIE]);
      const tokens = await auth.openSession(userId, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        deviceId,
      });
      setSessionCookies(reply, cookies, tokens);
      return { data: { ...accepted, session: { ...tokenBody(tokens), user_id: userId } } };
    },
  );
};

export const invitationsModule: FastifyPluginAsync<{
  // The member rows an acceptance writes belong to school-users and families, which import this module: app.ts
  // hands them in (joinWrites) rather than this module importing them back.
  ctx: Pick<ModuleDeps, "db" | "events" | "config"> & {
    auth: Pick<AuthService, "checkNewPassword" | "openSession">;
    joinWrites: JoinWrites;
    setup: Pick<SetupProgress, "afterChange">;
  };
}> = async (app, { ctx }) => {
  const acceptance = createAcceptanceService({
    db: ctx.db,
    events: ctx.events,
    auth: ctx.auth,
    writes: ctx.joinWrites,
    setup: ctx.setup,
    log: (message) => app.log.warn(message),
  });
  await app.register(invitationsRoutes, {
    acceptance,
    db: ctx.db,
    auth: ctx.auth,
    cookies: sessionCookieSettings(ctx.config),
  });
};
