// How pg-boss reaches the application's own database: through the connection the app already holds (PGlite's one
// instance, or the pg pool), never a second one. pg-boss accepts any object with executeSql(text, values).
import { createHash } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import type { Db } from "../db/client.ts";

export interface JobsDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Resolves once no statement of the runner is in flight (pg-boss completes a job without awaiting it). */
  idle(): Promise<void>;
  /**
   * After the runner stopped: a statement pg-boss still issues (a worker's last poll, a late completion) is not
   * sent — the database may close next, and a query on a closed pool is an unhandled rejection that ends the
   * process. What it would have written is what a killed instance leaves: an active job retried after it expires.
   */
  close(): void;
}

const isPglite = (client: unknown): client is PGlite =>
  typeof client === "object" && client !== null && "dumpDataDir" in client;

/** The adapter over the client behind drizzle (`db.$client`: a PGlite or a pg Pool). */
export function jobsDbOf(db: Db): JobsDb {
  const execute = executorOf((db as unknown as { $client: PGlite | Pool }).$client);
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  return {
    executeSql(text, values) {
      // pg-boss reads `rows[0].count` of its commands (complete, fail, cancel…): they get a count of nothing done.
      if (closed)
        return Promise.resolve({ rows: /\bcount\(\*\)\s+(?:as count\s+)?from\b/i.test(text) ? [{ count: "0" }] : [] });
      const running = execute(text, values);
      inFlight.add(running);
      const forget = () => inFlight.delete(running);
      running.then(forget, forget);
      return running;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close() {
      closed = true;
    },
  };
}

function executorOf(client: PGlite | Pool): JobsDb["executeSql"] {
  if (!isPglite(client)) return (text, values) => client.query(text, values);
  return async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    // pg-boss sends its schema and its locked maintenance as several statements in one text (some with their own
    // BEGIN … COMMIT), which only PGlite's exec runs. Inside transaction() so a failure is rolled back at once
    // instead of leaving the app's single connection in an aborted transaction; PGlite's transaction mutex also
    // keeps the text from interleaving with a drizzle transaction.
    const results = await client.transaction((tx) => tx.exec(text));
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  };
}

/**
 * The id of a schedule's occurrence: the same (queue, key, time) always gives the same uuid, so instances that send
 * the same occurrence insert one row (pg-boss inserts with ON CONFLICT DO NOTHING on the job's id).
 */
export function occurrenceId(queue: string, key: string, at: Date): string {
  const hex = createHash("sha256").update(`${queue}\n${key}\n${at.toISOString()}`).digest("hex");
  // Shaped as a version-5-like uuid (pg-boss stores ids as uuid).
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
