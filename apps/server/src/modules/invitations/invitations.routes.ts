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
import { enforceLimits } from "../auth/index.ts";
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
export const invitationsRoutes: FastifyPluginAsyncZod<{ acceptance: AcceptanceService; db: Db }> = async (
  app,
  { acceptance, db },
) => {
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
          "Accepts once: a new address sets its password (and may correct its names) and its account is created; an existing account is linked and signs in as usual. Joins the school, and a family member's students.",
        body: AcceptInvitationBody,
        response: { 200: envelope(AcceptedInvitation), ...ERRORS },
      },
    },
    async (request) => {
      await enforceLimits(db, [{ key: `invitation-accept:ip:${request.ip}`, max: INVITATION_LIMITS.acceptPerAddress }]);
      return { data: await acceptance.accept(request.body) };
    },
  );
};

export const invitationsModule: FastifyPluginAsync<{
  ctx: Pick<ModuleDeps, "db" | "events">;
  auth: Pick<AuthService, "checkNewPassword">;
  writes: JoinWrites;
}> = async (app, { ctx, auth, writes }) => {
  const acceptance = createAcceptanceService({ db: ctx.db, events: ctx.events, auth, writes });
  await app.register(invitationsRoutes, { acceptance, db: ctx.db });
};
