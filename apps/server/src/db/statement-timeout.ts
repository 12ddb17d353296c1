import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import pg from "pg";

/**
 * A limit on every statement a request runs, and none on the rest (migrations, imports, rollups, e-mails after
 * the answer): a request holds a person waiting and a pool connection, background work holds neither.
 *
 * A request's handlers run inside `withinRequest` (plugins/statement-timeout.ts). Each statement sent under it
 * starts a timer; if the statement has not answered when it fires, the server is asked to cancel it — PostgreSQL's
 * own cancel request, on a connection of its own, which aborts just that statement (57014; a transaction it was in
 * rolls back). No session state is set (no `SET statement_timeout`), so this holds through PgBouncer in transaction
 * mode, where the next transaction may run on another server connection (.ci/through-pgbouncer.ts), and PgBouncer
 * forwards the cancel to the right one.
 *
 * PostgreSQL only. PGlite runs every statement synchronously on the server's own thread: no timer can fire while
 * one runs, and it has no cancel, so there a statement runs to its end (and holds the event loop meanwhile).
 */
const scope = new AsyncLocalStorage<{ ms: number }>();

/** Runs `work` (and everything it starts) with statements limited to `ms` (0: no limit). */
export const withinRequest = <T>(ms: number, work: () => T): T => scope.run({ ms }, work);

/** Runs `work` without the request's limit: background work that a request starts but does not wait for. */
export const outsideRequest = <T>(work: () => T): T => scope.exit(work);

/** The limit the current code's statements get: the request's, or none. */
const wanted = () => scope.getStore()?.ms ?? 0;

type Callback = (...args: unknown[]) => void;
/** node-postgres's cancel request, which its types leave out: sent from a fresh client for another's query. */
type Canceller = { cancel(client: pg.Client, query: unknown): void };

/** Makes every statement sent through `pool` follow the limit of whoever sends it. */
export function followStatementTimeouts(pool: pg.Pool, config: pg.ClientConfig) {
  // pg-pool hands a waiting caller its connection from inside whoever released it: bound here, the callback (and
  // `pool.query`, which uses it) runs as its caller, so the limit is the caller's, not the releaser's.
  const connect = pool.connect.bind(pool) as (callback?: Callback) => unknown;
  pool.connect = ((callback?: Callback) =>
    callback ? connect(AsyncResource.bind(callback)) : connect()) as typeof pool.connect;

  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const ms = wanted();
      if (ms <= 0) return query(...args);
      const timer = setTimeout(() => {
        const running = (client as unknown as { activeQuery?: unknown }).activeQuery;
        // A throw-away client only to send the cancel; the statement's own connection stays usable.
        if (running) (new pg.Client(config) as unknown as Canceller).cancel(client, running);
      }, ms);
      const last = args.length - 1;
      if (typeof args[last] === "function") {
        const callback = args[last] as Callback;
        args[last] = (...results: unknown[]) => {
          clearTimeout(timer);
          callback(...results);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise) return result.finally(() => clearTimeout(timer));
      clearTimeout(timer); // a Submittable (cursor, stream): not limited
      return result;
    }) as typeof client.query;
  });
}

/**
 * PostgreSQL's query_canceled (57014), in the error or one it wraps (drizzle's `cause`): the limit above, a
 * server-side statement_timeout, or an operator's pg_cancel_backend — for the caller alike, it took too long.
 */
export function isStatementTimeout(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 8) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (e.code === "57014") return true;
  return isStatementTimeout(e.cause, depth + 1);
}
