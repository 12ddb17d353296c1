import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { importJobs } from "../../db/schema/index.ts";

export type JobRow = typeof importJobs.$inferSelect;

export async function insertJob(tx: Tx, values: { schoolId: string; userId: number; kind: string; total: number }) {
  const [row] = await tx.insert(importJobs).values(values).returning();
  return row!;
}

export async function findJob(tx: Tx, schoolId: string, id: string): Promise<JobRow | undefined> {
  const [row] = await tx
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.schoolId, schoolId), eq(importJobs.id, id)));
  return row;
}

/** Progress of a running job; also its heartbeat (updated_at). */
export async function setProgress(tx: Tx, schoolId: string, id: string, processed: number) {
  await tx
    .update(importJobs)
    .set({ processed, updatedAt: new Date() })
    .where(and(eq(importJobs.schoolId, schoolId), eq(importJobs.id, id), eq(importJobs.status, "processing")));
}

export async function finishJob(
  tx: Tx,
  schoolId: string,
  id: string,
  outcome: { status: "done" | "failed"; processed: number; counts?: Record<string, number>; errorCode?: string },
) {
  const now = new Date();
  await tx
    .update(importJobs)
    .set({ ...outcome, updatedAt: now, finishedAt: now })
    .where(and(eq(importJobs.schoolId, schoolId), eq(importJobs.id, id)));
}
