// How a module writes a job handler that may run twice (a process killed after its effect, before pg-boss marks the
// job done; a retried failure): the effect is keyed on the job (its id, or a schedule's occurrence) under a unique
// constraint, in one transaction, so a second run finds it done and changes nothing. Used by the multi-instance
// test and by the child process it kills (kill-child.ts).
import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client.ts";
import type { Job } from "../../src/lib/jobs.ts";

export const EFFECTS_TABLE = sql`
  CREATE TABLE IF NOT EXISTS test_job_effects (key text PRIMARY KEY, done_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE IF NOT EXISTS test_job_runs (key text NOT NULL, pid int NOT NULL, at timestamptz NOT NULL DEFAULT now())`;

/** Records the run (to show it ran again) and the effect once per key: `on conflict do nothing`. */
export async function recordEffect(db: Db, job: Job<{ key?: string; occurrence?: string; scheduleKey?: string }>) {
  const key = job.data.occurrence ? `${job.data.scheduleKey}@${job.data.occurrence}` : (job.data.key ?? job.id);
  await db.execute(sql`INSERT INTO test_job_runs (key, pid) VALUES (${key}, ${process.pid})`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO test_job_effects (key) VALUES (${key}) ON CONFLICT (key) DO NOTHING`);
  });
  return key;
}
