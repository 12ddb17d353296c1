import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { loginFailures } from "../../db/schema/index.ts";

/** True where the key's window (started at window_started_at, `windowMs` long) is over, by the database's clock. */
const windowOver = (windowMs: number) =>
  sql`${loginFailures.windowStartedAt} <= now() - (${windowMs}::int * interval '1 millisecond')`;

/**
 * Adds one to each key's counter and returns the counts after it, in one statement. A key whose window is over
 * starts a new one at 1. Atomic per key: PostgreSQL's row lock serialises concurrent upserts, so N callers at once
 * see N distinct counts — the check that follows can never let more than the limit through. Keys are locked in
 * one order (sorted) by every caller, so two calls sharing keys cannot deadlock. The database's clock is the
 * only one used, so instances with skewed clocks agree.
 */
export async function hit(tx: Tx, keys: string[], windowMs: number): Promise<Map<string, number>> {
  const unique = [...new Set(keys)].sort();
  if (unique.length === 0) return new Map();
  const over = windowOver(windowMs);
  const rows = await tx
    .insert(loginFailures)
    .values(unique.map((key) => ({ key, windowStartedAt: sql`now()`, count: 1 })))
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${over} then 1 else ${loginFailures.count} + 1 end`,
        windowStartedAt: sql`case when ${over} then now() else ${loginFailures.windowStartedAt} end`,
      },
    })
    .returning({ key: loginFailures.key, count: loginFailures.count });
  return new Map(rows.map((r) => [r.key, r.count]));
}

/**
 * Takes back one count from each key (an attempt that turned out not to be a failure). One statement per key, so
 * it never holds two row locks at once and cannot deadlock with `hit`.
 */
export async function forgive(tx: Tx, keys: string[]) {
  for (const key of new Set(keys)) {
    await tx
      .update(loginFailures)
      .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
      .where(eq(loginFailures.key, key));
  }
}

export const clearFailures = (tx: Tx, key: string) => tx.delete(loginFailures).where(eq(loginFailures.key, key));

/**
 * Deletes the counters whose window is over (`hit` would restart them at 1 anyway): without it the table keeps one
 * row per address and e-mail ever tried. Run on a schedule by the job runner (auth.module.ts).
 */
export async function deleteStale(tx: Tx, windowMs: number): Promise<number> {
  const rows = await tx.delete(loginFailures).where(windowOver(windowMs)).returning({ key: loginFailures.key });
  return rows.length;
}
