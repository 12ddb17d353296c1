import { eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { loginFailures } from "../../db/schema/index.ts";

/** Failures counted for `key` within the current window (0 when none or the window has passed). */
export async function failureCounts(tx: Tx, keys: string[], windowMs: number): Promise<Map<string, number>> {
  const since = new Date(Date.now() - windowMs);
  const rows = await tx.select().from(loginFailures).where(inArray(loginFailures.key, keys));
  return new Map(rows.map((r) => [r.key, r.windowStartedAt > since ? r.count : 0]));
}

/** Adds one failure to each key, starting a new window where the old one has passed. */
export async function recordFailure(tx: Tx, keys: string[], windowMs: number) {
  const since = new Date(Date.now() - windowMs);
  const now = new Date();
  for (const key of keys) {
    await tx
      .insert(loginFailures)
      .values({ key, windowStartedAt: now, count: 1 })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${loginFailures.windowStartedAt} <= ${since.toISOString()} then 1 else ${loginFailures.count} + 1 end`,
          windowStartedAt: sql`case when ${loginFailures.windowStartedAt} <= ${since.toISOString()} then ${now.toISOString()} else ${loginFailures.windowStartedAt} end`,
        },
      });
  }
}

export const clearFailures = (tx: Tx, key: string) => tx.delete(loginFailures).where(eq(loginFailures.key, key));
