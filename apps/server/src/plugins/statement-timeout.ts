import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { withinRequest } from "../db/statement-timeout.ts";

/**
 * Every hook and handler of a request runs with its statements limited to `ms` (db/statement-timeout.ts); a
 * cancelled statement answers 503 DATABASE_TIMEOUT (plugins/errors.ts). Registered before any other hook, so
 * authentication's own queries are limited too.
 */
export const statementTimeoutPlugin = fp<{ ms: number }>(async (app: FastifyInstance, opts) => {
  if (opts.ms <= 0) return;
  app.addHook("onRequest", (_request, _reply, done) => withinRequest(opts.ms, done));
});
