import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

export interface ScheduleRow {
  queue: string;
  key: string;
  cron: string;
  tz: string;
  data: Record<string, unknown>;
}

/** Creates or changes the schedule of (queue, key): a second instance registering the same one changes nothing. */
export async function upsert(db: Db, row: Omit<ScheduleRow, "data"> & { data?: Record<string, unknown> }) {
  await db.execute(sql`
    INSERT INTO job_schedules (queue, key, cron, tz, data)
    VALUES (${row.queue}, ${row.key}, ${row.cron}, ${row.tz}, ${JSON.stringify(row.data ?? {})}::jsonb)
    ON CONFLICT (queue, key) DO UPDATE SET cron = excluded.cron, tz = excluded.tz, data = excluded.data,
      updated_at = now()
    WHERE (job_schedules.cron, job_schedules.tz, job_schedules.data) IS DISTINCT FROM (excluded.cron, excluded.tz, excluded.data)`);
}

/**
 * The same for many keys of one queue in one statement (a schedule per school at start-up): unchanged rows are not
 * written.
 */
export async function upsertMany(db: Db, queue: string, cron: string, rows: { key: string; tz: string }[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO job_schedules (queue, key, cron, tz, data)
    SELECT ${queue}, r.key, ${cron}, r.tz, '{}'::jsonb
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(key text, tz text)
    ON CONFLICT (queue, key) DO UPDATE SET cron = excluded.cron, tz = excluded.tz, data = excluded.data,
      updated_at = now()
    WHERE (job_schedules.cron, job_schedules.tz, job_schedules.data) IS DISTINCT FROM (excluded.cron, excluded.tz, excluded.data)`);
}

export async function remove(db: Db, queue: string, key: string) {
  await db.execute(sql`DELETE FROM job_schedules WHERE queue = ${queue} AND key = ${key}`);
}

export async function list(db: Db): Promise<ScheduleRow[]> {
  const result = (await db.execute(sql`SELECT queue, key, cron, tz, data FROM job_schedules ORDER BY queue, key`)) as {
    rows: ScheduleRow[];
  };
  return result.rows;
}
