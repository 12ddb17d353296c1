import type { FastifyInstance } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { createEscalation } from "./escalation.service.ts";

/** The sweep's queue on the job runner. */
export const SWEEP_QUEUE = "escalation-sweep";

/**
 * The escalation sweep as a job of the runner (lib/jobs.ts), every minute: the recorder hears within about a minute
 * that the director acted. The runner fires each minute's occurrence once across instances; should two sweeps
 * still meet (a retried one), the database decides who sends (`on conflict do nothing returning`). Tests call
 * createEscalation().sweep() themselves.
 */
export async function registerEscalationJob(
  app: FastifyInstance,
  ctx: Pick<ModuleDeps, "db" | "config" | "mailer" | "jobs"> & { notifications: NotificationsService },
) {
  const escalation = createEscalation({ ...ctx, log: (message) => app.log.warn(message) });
  // A sweep that finds nothing due in a minute is worth nothing a minute later: no retries, a short lease.
  ctx.jobs.work(SWEEP_QUEUE, () => escalation.sweep().then(() => undefined), { retryLimit: 0, expireSeconds: 120 });
  await ctx.jobs.schedule(SWEEP_QUEUE, "* * * * *");
}
