import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ROLLUP_PARTS, type RollupPart, rollupRebuildRuns, rollupRebuilds } from "../../db/schema/index.ts";

/** What a school's pending requests add up to: the parts to rebuild, the teachers of "viewers", the newest id. */
export interface Pending {
  parts: RollupPart[];
  users: number[];
  maxId: number;
  firstAt: Date;
  lastAt: Date;
}

export async function pendingOf(db: Db, schoolId: string): Promise<Pending | null> {
  const rows = await db
    .select({
      id: rollupRebuilds.id,
      part: rollupRebuilds.part,
      users: rollupRebuilds.users,
      at: rollupRebuilds.requestedAt,
    })
    .from(rollupRebuilds)
    .where(eq(rollupRebuilds.schoolId, schoolId));
  if (rows.length === 0) return null;
  const parts = new Set(rows.map((r) => r.part));
  const users = new Set(rows.flatMap((r) => r.users ?? []));
  const times = rows.map((r) => r.at.getTime());
  return {
    parts: ROLLUP_PARTS.filter((p) => parts.has(p)),
    users: [...users].sort((a, b) => a - b),
    maxId: Math.max(...rows.map((r) => r.id)),
    firstAt: new Date(Math.min(...times)),
    lastAt: new Date(Math.max(...times)),
  };
}

/** The requests a rebuild covered (up to the newest it read); later ones stay for the next. */
export const donePending = (db: Db, schoolId: string, maxId: number) =>
  db.delete(rollupRebuilds).where(and(eq(rollupRebuilds.schoolId, schoolId), lte(rollupRebuilds.id, maxId)));

/** Schools with requests older than `before`: the sweep queues their jobs (a change whose job was never sent). */
export async function schoolsPendingBefore(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ schoolId: rollupRebuilds.schoolId })
    .from(rollupRebuilds)
    .where(lte(rollupRebuilds.requestedAt, before));
  return rows.map((r) => r.schoolId);
}

/**
 * Takes the school's run for this job: no run yet, the last one over, this same job again (its retry after a crash),
 * or a run nobody finished within `staleSeconds` (its process died). False when another job is rebuilding now.
 */
export async function claimRun(db: Db, schoolId: string, jobId: string, parts: RollupPart[], staleSeconds: number) {
  const result = await db.execute(sql`
    insert into ${rollupRebuildRuns} as r (school_id, state, job_id, runs, step, steps, parts, started_at)
    values (${schoolId}, 'running', ${jobId}, 1, 0, ${parts.length}, ${`{${parts.join(",")}}`}::text[], now())
    on conflict (school_id) do update set state = 'running', job_id = excluded.job_id, runs = r.runs + 1, step = 0,
      steps = excluded.steps, parts = excluded.parts, started_at = now(), finished_at = null, error = null
    where r.state <> 'running' or r.job_id = excluded.job_id
       or r.started_at < now() - make_interval(secs => ${staleSeconds})
    returning r.school_id`);
  return (result as unknown as { rows: unknown[] }).rows.length === 1;
}

export const stepDone = (db: Db, schoolId: string, step: number) =>
  db.update(rollupRebuildRuns).set({ step }).where(eq(rollupRebuildRuns.schoolId, schoolId));

export const finishRun = (db: Db, schoolId: string, error: string | null) =>
  db
    .update(rollupRebuildRuns)
    .set({ state: error === null ? "done" : "failed", finishedAt: sql`now()`, error })
    .where(eq(rollupRebuildRuns.schoolId, schoolId));

export async function statusOf(db: Db, schoolId: string) {
  const [first] = await db
    .select({ at: sql<Date | null>`min(${rollupRebuilds.requestedAt})`.mapWith(rollupRebuilds.requestedAt) })
    .from(rollupRebuilds)
    .where(eq(rollupRebuilds.schoolId, schoolId));
  const [run] = await db.select().from(rollupRebuildRuns).where(eq(rollupRebuildRuns.schoolId, schoolId));
  return { firstPendingAt: first?.at ?? null, run: run ?? null };
}

/**
 * One part of the school's rollups rebuilt by the functions of migrations 0019–0024 (unchanged: they delete the
 * school's rows and sum them again from the incidents, actions and pairs as they are now), in its own transaction.
 */
export async function rebuildPart(db: Db, schoolId: string, part: RollupPart, users: number[]) {
  await db.transaction(async (tx) => {
    switch (part) {
      case "effectiveness_days":
        // Every student's cases again (their days moved): what 0020's time-zone trigger ran inline.
        await tx.execute(sql`
          select effectiveness_refresh_students(array_agg(d.school_id), array_agg(d.student_id),
                   array_agg('-infinity'::timestamptz), array_agg('infinity'::timestamptz))
            from (select distinct school_id, student_id from effectiveness_cases where school_id = ${schoolId}) d
          having count(*) > 0`);
        return;
      case "effectiveness":
        await tx.execute(sql`select effectiveness_rollup_rebuild(array[${schoolId}]::text[])`);
        return;
      case "units":
        await tx.execute(sql`select incident_unit_days_rebuild(${schoolId})`);
        return;
      case "actions":
        await tx.execute(sql`select action_due_days_rebuild(${schoolId})`);
        return;
      case "viewers":
        await tx.execute(sql`select viewer_units_rebuild(${schoolId}, ${`{${users.join(",")}}`}::int[])`);
        return;
      case "pairs":
        await tx.execute(sql`select incident_pair_days_rebuild(${schoolId})`);
        return;
    }
  });
}
