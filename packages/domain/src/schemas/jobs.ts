import { z } from "zod";
import { singleLine } from "./fields.ts";

/**
 * The platform administration's view of the job runner (issue 25 §1): its queues with counts, and the jobs that
 * failed — still to be retried by the runner, or dead (no retries left) until a root retries them.
 */
export const AdminJobQueue = z.object({
  name: z.string(),
  /** Waiting to run (created, or a retry not yet due). */
  waiting: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  /** Failed once or more and waiting for their next try. */
  retrying: z.number().int(),
  /** Failed with no retries left: the dead-letter state. */
  dead: z.number().int(),
});
export type AdminJobQueue = z.infer<typeof AdminJobQueue>;

export const AdminJobProblem = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(["retrying", "dead"]),
  /** Runs so far that failed. */
  failures: z.number().int(),
  retry_limit: z.number().int(),
  /** The last error's message, as the handler threw it. */
  error: z.string().nullable(),
  created_at: z.string(),
  /** When it failed for good (dead) or when it runs again (retrying). */
  at: z.string().nullable(),
});
export type AdminJobProblem = z.infer<typeof AdminJobProblem>;

export const AdminJobsOverview = z.object({ queues: z.array(AdminJobQueue), problems: z.array(AdminJobProblem) });
export type AdminJobsOverview = z.infer<typeof AdminJobsOverview>;

export const AdminJobParams = z.object({
  queue: singleLine().min(1).max(100),
  id: singleLine().pipe(z.uuid()),
});

/**
 * Where a school's rollup rebuild stands (issue 25 §5): a change of its time zone or structure, or of a teacher's
 * groups, answers at once and the rebuild runs as a job once the changes go quiet. `pending`: changes wait for a
 * rebuild (since `requested_at`); `run`: the last or running rebuild, step of steps.
 */
export const RollupRebuildStatus = z.object({
  pending: z.boolean(),
  requested_at: z.string().nullable(),
  run: z
    .object({
      state: z.enum(["running", "done", "failed"]),
      /** Rebuilds the school has had so far, this one included. */
      runs: z.number().int(),
      step: z.number().int(),
      steps: z.number().int(),
      parts: z.array(z.string()),
      started_at: z.string(),
      finished_at: z.string().nullable(),
    })
    .nullable(),
});
export type RollupRebuildStatus = z.infer<typeof RollupRebuildStatus>;
