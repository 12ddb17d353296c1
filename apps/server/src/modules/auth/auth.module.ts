import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { UsersService } from "../users/index.ts";
import { authRoutes } from "./auth.routes.ts";
import { type AuthService, createAuthService } from "./auth.service.ts";
import { WINDOW_MS } from "./limits.ts";
import { createLoginUnlockService } from "./login-unlock.service.ts";
import { createPasswordResetService } from "./password-reset.service.ts";
import { sessionCookieSettings } from "./session-cookies.ts";
import { deleteStale } from "./throttle.repository.ts";

/** The queue of the throttle counters' cleanup. */
export const THROTTLE_CLEANUP_QUEUE = "auth-throttle-cleanup";

type AuthNeeds = Pick<ModuleDeps, "db" | "config" | "events" | "mailer" | "background" | "jobs">;

/**
 * The sign-in service other modules share (invitations checks a new password, admin ends sessions): built once by
 * app.ts through this, with the unlock e-mails it offers after a lockout. Both services keep no state of their own.
 */
export function createAuth(ctx: AuthNeeds): AuthService {
  return createAuthService({ ...ctx, unlocks: createLoginUnlockService(ctx) });
}

/** Sign-in, refresh, sign-out, password change and reset, lockout unlock (spec §1–2) under /api/auth. */
export const authModule: ModulePlugin<AuthNeeds & { auth: AuthService; users: UsersService }> = async (
  app,
  { ctx },
) => {
  const { config } = ctx;
  await app.register(authRoutes, {
    auth: ctx.auth,
    users: ctx.users,
    resets: createPasswordResetService(ctx),
    unlocks: createLoginUnlockService(ctx),
    ...sessionCookieSettings(config),
  });
  // Sign-in, reset and unlock counters whose 15-minute window is over, every quarter hour.
  ctx.jobs.work(THROTTLE_CLEANUP_QUEUE, async () => {
    await deleteStale(ctx.db, WINDOW_MS);
  });
  await ctx.jobs.schedule(THROTTLE_CLEANUP_QUEUE, "*/15 * * * *");
};
