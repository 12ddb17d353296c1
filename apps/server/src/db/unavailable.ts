/**
 * Tells an outage of the database apart from a failing request: these errors mean "PostgreSQL is restarting,
 * unreachable or full", so the caller gets 503 SERVICE_UNAVAILABLE and may simply try again.
 */

/** SQLSTATEs of operator intervention and connection limits (class 08, connection exceptions, is matched whole). */
const UNAVAILABLE_STATES = new Set([
  "57P01", // admin_shutdown: `pg_ctl stop/restart -m fast`, a failover
  "57P02", // crash_shutdown: another backend crashed, the server is resetting
  "57P03", // cannot_connect_now: starting up, shutting down, in recovery
  "57P05", // idle_session_timeout
  "53300", // too_many_connections
]);

/** Socket errors of a database that is down or out of reach. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** What node-postgres and pg-pool say, without a code, when a connection dies, cannot be made or the pool ended. */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pool: no connection within connectionTimeoutMillis
  /is not queryable$/, // a client whose connection already failed
  /^Cannot use a pool after calling end on the pool$/,
];

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

function matches(e: ErrorLike): boolean {
  if (typeof e.code === "string") {
    if (e.code.startsWith("08") && e.code.length === 5) return true;
    if (UNAVAILABLE_STATES.has(e.code) || NETWORK_CODES.has(e.code)) return true;
  }
  return typeof e.message === "string" && DRIVER_MESSAGES.some((pattern) => pattern.test(e.message as string));
}

/**
 * The error, or one it wraps (drizzle's `cause`, an AggregateError's `errors`), that shows the database is out of
 * reach — or undefined when the failure is something else. Its code and message are what to log (drizzle's own
 * message repeats the SQL and its parameters).
 */
export function outageOf(error: unknown, depth = 0): { code?: unknown; message?: unknown } | undefined {
  if (!error || typeof error !== "object" || depth > 8) return undefined;
  const e = error as ErrorLike;
  if (matches(e)) return e;
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const found = outageOf(inner, depth + 1);
      if (found) return found;
    }
  }
  return outageOf(e.cause, depth + 1);
}

export const isDatabaseUnavailable = (error: unknown): boolean => outageOf(error) !== undefined;
