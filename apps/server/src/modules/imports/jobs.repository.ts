import { eq, lt, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { importJobs } from "../../db/schema/index.ts";
import { forSchool } from "../../lib/tenant-db.ts";

export type JobRow = typeof importJobs.$inferSelect;

/**
 * Claims the school's one import slot: a 'processing' row, which the partial unique index
 * import_jobs_one_running_idx allows once per school in the whole database, so the claim holds across
 * instances. A claim not heard from for `staleMs` (its instance died) is released first. Undefined: taken.
 */
export async function claimJob(
  tx: Tx,
  values: { schoolId: string; userId: number; kind: string },
  staleMs: number,
): Promise<JobRow | undefined> {
  await forSchool(tx, values.schoolId)
    .update(importJobs, { status: "failed", errorCode: "INTERNAL", finishedAt: new Date(), updatedAt: new Date() })
    .where(eq(importJobs.status, "processing"), lt(importJobs.updatedAt, new Date(Date.now() - staleMs)));
  const [row] = await tx
    .insert(importJobs)
    .values({ ...values, total: 0 })
    .onConflictDoNothing({ target: importJobs.schoolId, where: sql`${importJobs.status} = 'processing'` })
    .returning();
  return row;
}

/** The file turned out bad before anything started: the claim goes, as if it never was (no one saw its id). */
export async function dropJob(tx: Tx, schoolId: string, id: string) {
  await forSchool(tx, schoolId).delete(importJobs).where(eq(importJobs.id, id));
}

/** The rows a claimed job is about to write, once its file has been read and checked. */
export async function startJob(tx: Tx, schoolId: string, id: string, total: number) {
  const [row] = await forSchool(tx, schoolId)
    .update(importJobs, { total, updatedAt: new Date() })
    .where(eq(importJobs.id, id))
    .returning();
  return row!;
}

export async function findJob(tx: Tx, schoolId: string, id: string): Promise<JobRow | undefined> {
  const [row] = await forSchool(tx, schoolId).select(importJobs).where(eq(importJobs.id, id));
  return row;
}

/** Progress of a running job; also its heartbeat (updated_at). */
export async function setProgress(tx: Tx, schoolId: string, id: string, processed: number) {
  await forSchool(tx, schoolId)
    .update(importJobs, { processed, updatedAt: new Date() })
    .where(eq(importJobs.id, id), eq(importJobs.status, "processing"));
}

export async function finishJob(
  tx: Tx,
  schoolId: string,
  id: string,
  outcome: { status: "done" | "failed"; processed: number; counts?: Record<string, number>; errorCode?: string },
) {
  const now = new Date();
  await forSchool(tx, schoolId)
    .update(importJobs, { ...outcome, updatedAt: now, finishedAt: now })
    .where(eq(importJobs.id, id));
}
