import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import { type AuthService, sessionCookieSettings } from "../auth/index.ts";
import type { UsersService } from "../users/index.ts";
import { oidcRoutes } from "./oidc.routes.ts";
import { createOidcService } from "./oidc.service.ts";
import { deleteExpiredFlows } from "./providers.repository.ts";
import { providersRoutes } from "./providers.routes.ts";
import { createProvidersService } from "./providers.service.ts";

/** The queue of the expired provider sign-ins' cleanup. */
export const PROVIDER_SIGN_IN_CLEANUP_QUEUE = "provider-sign-in-cleanup";

type Needs = Pick<ModuleDeps, "db" | "config" | "events" | "jobs"> & { auth: AuthService; users: UsersService };

/** Issue 32 §1: a school's OpenID Connect provider — its configuration and the sign-in through it. */
export const signInProvidersModule: ModulePlugin<Needs> = async (app, { ctx }) => {
  const oidc = createOidcService({ db: ctx.db, config: ctx.config, auth: ctx.auth });
  await app.register(oidcRoutes, {
    oidc,
    users: ctx.users,
    appDomain: ctx.config.APP_DOMAIN,
    session: sessionCookieSettings(ctx.config),
  });
  await app.register(providersRoutes, {
    providers: createProvidersService({ ...ctx, redirectUri: oidc.redirectUri }),
  });
  // Sign-ins started and never finished (a closed tab), every quarter hour.
  ctx.jobs.work(PROVIDER_SIGN_IN_CLEANUP_QUEUE, async () => {
    await deleteExpiredFlows(ctx.db);
  });
  await ctx.jobs.schedule(PROVIDER_SIGN_IN_CLEANUP_QUEUE, "*/15 * * * *");
};
