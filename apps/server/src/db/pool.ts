import pg from "pg";

/** Limits that keep a call from waiting forever while PostgreSQL is down, and let the pool heal by itself. */
export const POOL_SETTINGS = {
  /** A new connection, or a free one from a full pool, within 5 s; otherwise the call fails (503) instead of hanging. */
  connectionTimeoutMillis: 5_000,
  /** Idle connections close after 30 s, so a restart leaves few stale ones and quiet hours hold none. */
  idleTimeoutMillis: 30_000,
  /** TCP keep-alive notices a peer that vanished without closing (a dropped network, a killed host). */
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} as const;

export type PoolErrorLog = (message: string, error: Error) => void;

/**
 * A pg.Pool that survives a database restart:
 *
 * - An idle connection that dies makes the pool emit 'error' (pg-pool drops the client first); a checked-out one
 *   emits 'error' on the client, once for the server's message (57P01) and again when the socket closes. With no
 *   listener either would be an uncaught exception that ends the process, so both always have one.
 * - A checked-out client whose connection died is handed back to the pool at once, with the error, so the pool
 *   discards it. drizzle's `transaction()` sends BEGIN before its try/finally: when BEGIN is the statement that
 *   meets the dead connection, drizzle never releases the client and each such call would shrink the pool for
 *   good. The client's own `release` is made idempotent so drizzle's later release (if any) is harmless.
 *
 * New connections are made on demand, so the pool reconnects by itself once PostgreSQL accepts them again.
 */
export function createPool(url: string, max: number, log: PoolErrorLog): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, ...POOL_SETTINGS });
  const releases = new WeakMap<pg.PoolClient, (error?: Error | boolean) => void>();

  pool.on("error", (error) => log("idle database connection lost", error));
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      log("database connection lost", error);
      releases.get(client as pg.PoolClient)?.(error);
    });
  });

  // Only the promise form is wrapped: `pool.query` (the callback form) already releases with the error itself.
  const original = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  const guarded = async () => {
    const client = (await original()) as pg.PoolClient;
    const release = client.release;
    let released = false;
    const once = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      releases.delete(client);
      release(error);
    };
    client.release = once;
    releases.set(client, once);
    return client;
  };
  pool.connect = ((callback?: unknown) => (callback ? original(callback) : guarded())) as typeof pool.connect;
  return pool;
}
