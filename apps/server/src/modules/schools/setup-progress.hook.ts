import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { EventBus } from "../../lib/events.ts";
import type { SetupProgress } from "./setup-progress.service.ts";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Watches the setup stages where they change, whichever module changed them: after every successful write in a
 * school (before its answer leaves, so the next request already reads the outcome), and after an import's
 * background job. A school whose setup is done costs nothing here (setup-progress.service.ts).
 */
export const setupProgressHook = fp(async (app: FastifyInstance, opts: { setup: SetupProgress; events: EventBus }) => {
  const { setup } = opts;
  app.addHook("onSend", async (request, reply, payload) => {
    const tenant = request.tenant;
    if (tenant && !READS.has(request.method) && reply.statusCode >= 200 && reply.statusCode < 300) {
      // The write itself succeeded: a failure here is logged, never turned into a failed answer.
      await setup.afterChange(tenant.schoolId).catch((error: Error) => {
        request.log.warn({ reason: error.message }, "setup progress not updated");
      });
    }
    return payload;
  });
  opts.events.on("school.records.changed", ({ schoolId }) => {
    setup.afterChange(schoolId).catch((error: Error) => {
      app.log.warn({ reason: error.message }, "setup progress not updated");
    });
  });
});
