import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";

// The timers that were setIntervals now run on the runner (issue 25 §5): their schedules are written when the app
// starts, and their jobs do their work when the runner runs them.

let t: TestApp;
beforeAll(async () => {
  // The queues under their own names (no test namespace): the wiring is what production declares.
  t = await createTestApp({ JOBS_ENABLED: true, JOBS_NAMESPACE: "" });
});
afterAll(async () => {
  await t.close();
});

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as { rows: T[] }).rows;

/**
 * Waits until the job's row says it is done. Each look yields to the event loop first: PGlite answers within
 * microtasks, so a loop of bare queries would starve the runner's own timers and never see the job run.
 */
async function completed(db: Db, id: string) {
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    const [row] = await rows<{ state: string }>(db, sql`SELECT state FROM pgboss.job WHERE id = ${id}::uuid`);
    if (row?.state === "completed") return;
    if (row?.state === "failed") throw new Error(`job ${id} failed`);
  }
}

describe("jobs moved onto the runner", () => {
  it("schedules the escalation sweep every minute, the idempotency purge hourly, the throttle cleanup", async () => {
    const schedules = await rows<{ queue: string; cron: string }>(
      t.db,
      sql`SELECT queue, cron FROM job_schedules WHERE key = '' ORDER BY queue`,
    );
    // Other modules add their own; these three are the timers that were.
    expect(schedules).toEqual(
      expect.arrayContaining([
        { queue: "auth-throttle-cleanup", cron: "*/15 * * * *" },
        { queue: "escalation-sweep", cron: "* * * * *" },
        { queue: "idempotency-keys-purge", cron: "17 * * * *" },
      ]),
    );
  });

  it("a minute's tick runs the escalation sweep once", async () => {
    const at = new Date();
    await t.app.ctx.jobs.fireSchedules(at);
    await t.app.ctx.jobs.fireSchedules(at);
    const sweeps = await rows<{ id: string }>(
      t.db,
      sql`SELECT id::text FROM pgboss.job WHERE name = 'escalation-sweep'
          AND data->>'occurrence' = ${new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString()}`,
    );
    expect(sweeps).toHaveLength(1);
    await completed(t.db, sweeps[0]!.id);
  });

  it("the throttle cleanup deletes spent sign-in counters and keeps the current ones", async () => {
    await t.db.execute(sql`INSERT INTO login_failures (key, window_started_at, count) VALUES
      ('test-spent', now() - interval '16 minutes', 4), ('test-current', now() - interval '1 minute', 2)`);
    const id = await t.app.ctx.jobs.send("auth-throttle-cleanup");
    await completed(t.db, id!);
    const left = await rows<{ key: string }>(t.db, sql`SELECT key FROM login_failures WHERE key LIKE 'test-%'`);
    expect(left.map((r) => r.key)).toEqual(["test-current"]);
  });
});
