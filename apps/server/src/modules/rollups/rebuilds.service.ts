import type { Db } from "../../db/client.ts";
import type { JobRunner } from "../../lib/jobs.ts";
import * as repo from "./rollups.repository.ts";

/** The queue of a school's rebuild: one waiting per school (its key), however many changes ask. */
export const REBUILD_QUEUE = "rollup-rebuild";
/** The minute's sweep: queues the rebuild of a school whose change sent none (a root's, a seed's, raw SQL). */
export const REBUILD_SWEEP_QUEUE = "rollup-rebuild-sweep";
/**
 * Seconds a school's changes must be quiet before its rebuild runs: an administrator moving several groups in a row
 * gets one rebuild after the last move, not one per move.
 */
export const QUIET_SECONDS = 5;
/** A run that has not finished in this long died with its process; another job takes the school over. */
export const RUN_EXPIRE_SECONDS = 1800;

export interface RebuildJob {
  schoolId: string;
}

/**
 * A school's rollup rebuilds as jobs (issue 25 §5). A change's triggers write what needs rebuilding into
 * rollup_rebuilds in the change's own transaction (migration 0031), so the request answers at once; `queue` sends the
 * school's job to start once its changes have been quiet for QUIET_SECONDS; `run` rebuilds every requested part, one
 * transaction per part (each rollup is whole after its own step), writing its progress between steps, and only then
 * deletes the requests it covered — a run that dies leaves them, and the job's retry (or the sweep) does it again.
 */
export function createRollupRebuilds(deps: { db: Db; jobs: JobRunner; quietSeconds?: number }) {
  const { db, jobs } = deps;
  const quietMs = (deps.quietSeconds ?? QUIET_SECONDS) * 1000;
  const sendAt = (schoolId: string, at: Date) =>
    jobs.send(REBUILD_QUEUE, { schoolId } satisfies RebuildJob, { key: schoolId, startAfter: at });

  /** Queues the school's rebuild for when its newest request is QUIET_SECONDS old; nothing when none is pending. */
  async function queue(schoolId: string) {
    const pending = await repo.pendingOf(db, schoolId);
    if (!pending) return null;
    return sendAt(schoolId, new Date(pending.lastAt.getTime() + quietMs));
  }

  /**
   * The job: "later" while changes still arrive (it sends itself again for the new quiet time), "busy" while another
   * job rebuilds the school (again after a quiet time), "nothing" when another run already covered the requests.
   */
  async function run(schoolId: string, jobId: string): Promise<"done" | "later" | "busy" | "nothing"> {
    const pending = await repo.pendingOf(db, schoolId);
    if (!pending) return "nothing";
    const quietAt = pending.lastAt.getTime() + quietMs;
    if (quietAt > Date.now()) {
      await sendAt(schoolId, new Date(quietAt));
      return "later";
    }
    if (!(await repo.claimRun(db, schoolId, jobId, pending.parts, RUN_EXPIRE_SECONDS))) {
      await sendAt(schoolId, new Date(Date.now() + quietMs));
      return "busy";
    }
    try {
      for (const [index, part] of pending.parts.entries()) {
        await repo.rebuildPart(db, schoolId, part, pending.users);
        await repo.stepDone(db, schoolId, index + 1);
      }
      await repo.donePending(db, schoolId, pending.maxId);
      await repo.finishRun(db, schoolId, null);
    } catch (error) {
      // The requests stay; the runner retries the job (with backoff), and the state says it failed meanwhile.
      await repo.finishRun(db, schoolId, error instanceof Error ? error.message : String(error)).catch(() => {});
      throw error;
    }
    return "done";
  }

  /** Queues every school whose requests are older than the quiet time (their change's own send never came). */
  async function sweep() {
    const schools = await repo.schoolsPendingBefore(db, new Date(Date.now() - quietMs));
    for (const schoolId of schools) await queue(schoolId);
    return schools.length;
  }

  async function status(schoolId: string) {
    const { firstPendingAt, run } = await repo.statusOf(db, schoolId);
    return {
      pending: firstPendingAt !== null,
      requested_at: firstPendingAt?.toISOString() ?? null,
      run: run && {
        state: run.state,
        runs: run.runs,
        step: run.step,
        steps: run.steps,
        parts: run.parts,
        started_at: run.startedAt.toISOString(),
        finished_at: run.finishedAt?.toISOString() ?? null,
      },
    };
  }

  return { queue, run, sweep, status };
}

export type RollupRebuilds = ReturnType<typeof createRollupRebuilds>;
