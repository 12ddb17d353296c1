// The e-mail outbox's public surface: createOutbox (app.ts builds ctx.mailer with it), the unsent list's routes, and
// for modules that follow their own e-mails (scheduled reports) their states and the retry of a failed one.
import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import { outboxRoutes } from "./outbox.routes.ts";
import { schedulePurgeOfMail } from "./purge.job.ts";

export {
  createOutbox,
  listUnsent,
  OUTBOX_QUEUE,
  outboxStates,
  RELEASE_QUEUE,
  retryUnsent,
} from "./outbox.service.ts";
export { OUTBOX_KEPT_DAYS, purgeOldMail } from "./purge.job.ts";
export { QUIET_HOURS_PATTERN, quietUntil } from "./quiet-hours.ts";

export const outboxModule: ModulePlugin<Pick<ModuleDeps, "db" | "jobs">> = async (app, { ctx }) => {
  await app.register(outboxRoutes, { db: ctx.db, jobs: ctx.jobs });
  await schedulePurgeOfMail(ctx.db, ctx.jobs);
};
