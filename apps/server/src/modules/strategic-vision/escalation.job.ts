import type { FastifyInstance } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { createEscalation } from "./escalation.service.ts";

/** How often the sweep runs: the recorder hears within about a minute that the director acted. */
export const SWEEP_EVERY_MS = 60_000;

/**
 * Runs the escalation sweep every minute once the server listens (a test that only injects requests never starts
 * it; they call createEscalation().sweep() themselves), never two sweeps of one instance at once, and waits for a
 * running one when the server closes. Several instances may sweep together: the database decides who sends.
 */
export function startEscalationJob(
  app: FastifyInstance,
  ctx: Pick<ModuleDeps, "db" | "config" | "mailer"> & { notifications: NotificationsService },
) {
  const escalation = createEscalation({ ...ctx, log: (message) => app.log.warn(message) });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = escalation
      .sweep()
      .catch((error: unknown) => app.log.warn(`escalation sweep failed: ${String(error)}`))
      .finally(() => {
        running = null;
      });
  };
  app.addHook("onListen", async () => {
    if (timer) return;
    timer = setInterval(tick, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook("preClose", async () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    await running;
  });
}
