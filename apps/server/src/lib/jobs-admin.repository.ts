// What the platform administration reads of the runner (lib/jobs.ts): pg-boss's own tables, read here only, so
// the library's layout stays behind the runner like the rest of it.
import type { AdminJobProblem, AdminJobQueue } from "@convive/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** Every queue with its jobs counted by state; pg-boss's internal queues left out. */
export async function queueCounts(db: Db): Promise<AdminJobQueue[]> {
  const result = (await db.execute(sql`
    SELECT q.name,
      count(*) FILTER (WHERE j.state = 'created' OR (j.state = 'retry' AND j.retry_count = 0))::int AS waiting,
      count(*) FILTER (WHERE j.state = 'active')::int AS active,
      count(*) FILTER (WHERE j.state = 'completed')::int AS completed,
      count(*) FILTER (WHERE j.state = 'retry' AND j.retry_count > 0)::int AS retrying,
      count(*) FILTER (WHERE j.state = 'failed')::int AS dead
    FROM pgboss.queue q LEFT JOIN pgboss.job j ON j.name = q.name
    WHERE q.name NOT LIKE '\\_\\_pgboss\\_\\_%'
    GROUP BY q.name ORDER BY q.name`)) as { rows: AdminJobQueue[] };
  return result.rows;
}

/** The newest failed jobs, retrying or dead, with their last error. */
export async function problems(db: Db, limit: number): Promise<AdminJobProblem[]> {
  const result = (await db.execute(sql`
    SELECT id::text, name AS queue,
      CASE WHEN state = 'failed' THEN 'dead' ELSE 'retrying' END AS state,
      (CASE WHEN state = 'failed' THEN retry_count + 1 ELSE retry_count END)::int AS failures,
      retry_limit::int AS retry_limit,
      output->>'message' AS error,
      to_char(created_on AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
      to_char((CASE WHEN state = 'failed' THEN completed_on ELSE start_after END) AT TIME ZONE 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at
    FROM pgboss.job
    WHERE state = 'failed' OR (state = 'retry' AND retry_count > 0)
    ORDER BY coalesce(completed_on, start_after) DESC
    LIMIT ${limit}`)) as { rows: AdminJobProblem[] };
  return result.rows;
}
