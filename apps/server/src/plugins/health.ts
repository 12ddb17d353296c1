import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";

/** /health/ready gives the database this long to answer `select 1`; a supervisor polls often, so keep it short. */
export const READY_TIMEOUT_MS = 2_000;

const hidden = { config: { access: "public" as const }, schema: { hide: true } };

/** True when the database answers within `timeoutMs`; never throws, never waits longer. */
export async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for a supervisor or load balancer, and the refusal of new calls while the server shuts down:
 * - `GET /health` and `GET /health/live`: the process is up and its event loop turns (no database involved, so an
 *   outage never gets a healthy process restarted);
 * - `GET /health/ready`: the database answers, and the server is not shutting down — 503 otherwise, so traffic
 *   goes elsewhere meanwhile.
 * Once shutdown starts, calls still arriving (on kept-alive connections) get 503 SERVICE_UNAVAILABLE in the usual
 * error shape, and every answer carries `Connection: close`, so the in-flight calls finish and their connections
 * end instead of idling until the keep-alive timeout.
 */
export const healthPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  let draining = false;
  app.addHook("preClose", async () => {
    draining = true;
  });
  app.addHook("onRequest", async (request, reply) => {
    if (!draining) return;
    reply.header("connection", "close");
    if (request.url !== "/health/live" && request.url !== "/health") throw new AppError("SERVICE_UNAVAILABLE");
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (draining) reply.header("connection", "close");
    return payload;
  });

  app.get("/health", hidden, async () => ({ ok: true }));
  app.get("/health/live", hidden, async () => ({ ok: true }));
  app.get("/health/ready", hidden, async () => {
    if (draining || !(await databaseAnswers(opts.db, READY_TIMEOUT_MS))) throw new AppError("SERVICE_UNAVAILABLE");
    return { ok: true };
  });
});
