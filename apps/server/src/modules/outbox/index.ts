// The e-mail outbox's public surface: createOutbox (app.ts builds ctx.mailer with it) and the unsent list's routes.
import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import { outboxRoutes } from "./outbox.routes.ts";
import { schedulePurgeOfMail } from "./purge.job.ts";

export { createOutbox, OUTBOX_QUEUE, RELEASE_QUEUE } from "./outbox.service.ts";
export { OUTBOX_KEPT_DAYS, purgeOldMail } from "./purge.job.ts";
export { QUIET_HOURS_PATTERN, quietUntil } from "./quiet-hours.ts";

export const outboxModule: ModulePlugin<Pick<ModuleDeps, "db" | "jobs">> = async (app, { ctx }) => {
  await app.register(outboxRoutes, { db: ctx.db, jobs: ctx.jobs });
  await schedulePurgeOfMail(ctx.db, ctx.jobs);
};
