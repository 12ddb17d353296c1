import { sql } from "drizzle-orm";
import type { Db } from "../apps/server/src/db/client.ts";
import { generateIncidents } from "../apps/server/src/db/seed/incidents.ts";

/**
 * The school's archive at the wanted size: generated over the last year (then vacuumed and analysed, as
 * autovacuum would after a bulk load: statistics for the planner, the visibility map for index-only counts), or
 * reused as it is when a database given by BENCH_DATABASE_URL already holds that many (generating a million
 * incidents takes minutes; tuning a plan wants many runs on the same data). Says which, for the report.
 */
export async function ensureArchive(db: Db, schoolId: string, wanted: number): Promise<string> {
  const started = performance.now();
  const present = await db.execute(sql`select count(*)::int as n from incidents where school_id = ${schoolId}`);
  const existing = Number((present as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if (existing >= wanted) return `${existing} incidents already there (reused)`;
  await db.transaction((tx) => generateIncidents(tx, schoolId, { count: wanted, days: 365, beforeSchoolYear: true }));
  await db.execute(sql`vacuum analyze`);
  return `${wanted} incidents generated in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}
