import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client.ts";
import { createJobRunner, type JobRunner } from "../../src/lib/jobs.ts";
import { openTestDb } from "../helpers/app.ts";

// The runner on the embedded PGlite (or CI's PostgreSQL): retries then the dead state, a graceful stop that waits
// for the running job, schedules per key in their own time zone, keys that make one job of several sends.

/** This run's suffix for queue names: CI's PostgreSQL is shared by every test file and both Node passes. */
const RUN = Math.random().toString(36).slice(2, 8);

const opened: { close: () => Promise<void> }[] = [];
const runners: JobRunner[] = [];
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop(1000);
  for (const o of opened.splice(0)) await o.close();
});

async function setUp(options: { enabled?: boolean } = {}) {
  const o = await openTestDb();
  opened.push(o);
  const runner = createJobRunner({
    db: o.db,
    enabled: options.enabled ?? true,
    concurrency: 2,
    pollSeconds: 0.5,
    log: () => {},
  });
  runners.push(runner);
  return { db: o.db, runner };
}

/** A promise and its resolve, to wait for an event instead of sleeping. */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The job's row; yields to the event loop first (PGlite answers within microtasks: a loop would starve the runner). */
async function jobRow(db: Db, id: string) {
  await new Promise((resolve) => setImmediate(resolve));
  const result = (await db.execute(sql`SELECT state, retry_count, output FROM pgboss.job WHERE id = ${id}::uuid`)) as {
    rows: { state: string; retry_count: number; output: { message?: string } | null }[];
  };
  return result.rows[0];
}

describe("job runner", () => {
  it("retries a failing job with backoff, then leaves it dead with its error until someone retries it", async () => {
    const { db, runner } = await setUp();
    const runs: number[] = [];
    const dead = signal();
    let heal = false;
    const healed = signal();
    runner.work<{ n: number }>(
      "test-flaky",
      async (job) => {
        runs.push(job.retryCount);
        if (heal) return healed.resolve();
        if (job.retryCount === 2) setImmediate(dead.resolve);
        throw new Error("SMTP refused");
      },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    await runner.start();
    const id = await runner.send("test-flaky", { n: 1 });
    await dead.promise;
    // The failure is written after the handler rejects: wait for the row to say so.
    let row = await jobRow(db, id!);
    while (row?.state !== "failed") row = await jobRow(db, id!);
    expect(runs).toEqual([0, 1, 2]);
    expect(row.output?.message).toBe("SMTP refused");

    heal = true;
    await runner.retry("test-flaky", id!);
    await healed.promise;
    row = await jobRow(db, id!);
    while (row?.state !== "completed") row = await jobRow(db, id!);
  });

  it("a graceful stop waits for the running job to end", async () => {
    const { db, runner } = await setUp();
    const running = signal();
    const finish = signal();
    let ended = false;
    runner.work("test-slow", async () => {
      running.resolve();
      await finish.promise;
      ended = true;
    });
    await runner.start();
    const id = await runner.send("test-slow");
    await running.promise;
    let stopped = false;
    const stopping = runner.stop(30_000).then(() => {
      stopped = true;
    });
    // Still stopping while the job runs: let several turns of the event loop pass.
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    finish.resolve();
    await stopping;
    expect(ended).toBe(true);
    expect((await jobRow(db, id!))?.state).toBe("completed");
  });

  it("a schedule per key fires in its own time zone, once per occurrence however often it is fired", async () => {
    const { db, runner } = await setUp({ enabled: false });
    // A queue of this run's own: on CI's PostgreSQL other test files' apps keep schedules in the same tables.
    const queue = `test-daily-${RUN}`;
    runner.work(queue, async () => {});
    await runner.start();
    // 07:00 in Mexico City is 13:00 UTC; in Madrid (winter) 06:00 UTC.
    await runner.schedule(queue, "0 7 * * *", { key: "school-mx", tz: "America/Mexico_City", data: { a: 1 } });
    await runner.schedule(queue, "0 7 * * *", { key: "school-es", tz: "Europe/Madrid" });
    const jobs = async () =>
      (
        (await db.execute(sql`SELECT data FROM pgboss.job WHERE name = ${queue} ORDER BY data->>'occurrence'`)) as {
          rows: { data: Record<string, unknown> }[];
        }
      ).rows.map((r) => r.data);
    await runner.fireSchedules(new Date("2026-11-27T13:00:20Z"));
    expect(await jobs()).toEqual([{ a: 1, scheduleKey: "school-mx", occurrence: "2026-11-27T13:00:00.000Z" }]);
    await runner.fireSchedules(new Date("2026-11-27T13:01:05Z")); // the next minute's tick sees it again
    await runner.fireSchedules(new Date("2026-11-27T06:00:10Z"));
    expect(await jobs()).toEqual([
      { scheduleKey: "school-es", occurrence: "2026-11-27T06:00:00.000Z" },
      { a: 1, scheduleKey: "school-mx", occurrence: "2026-11-27T13:00:00.000Z" },
    ]);
    await runner.unschedule(queue, "school-mx");
    await runner.fireSchedules(new Date("2026-11-28T13:00:00Z"));
    expect(await jobs()).toHaveLength(2);
  });

  it("scheduleEach writes one schedule per key, each in its zone, and rewriting them changes nothing", async () => {
    const { db, runner } = await setUp({ enabled: false });
    const queue = `test-each-${RUN}`;
    runner.work(queue, async () => {});
    await runner.start();
    const each = [
      { key: "school-mx", tz: "America/Mexico_City" },
      { key: "school-es", tz: "Europe/Madrid" },
    ];
    await runner.scheduleEach(queue, "30 2 * * *", each);
    await runner.scheduleEach(queue, "30 2 * * *", each);
    // 02:30 in Mexico City is 08:30 UTC; in Madrid (winter) 01:30 UTC.
    await runner.fireSchedules(new Date("2026-11-27T08:30:10Z"));
    await runner.fireSchedules(new Date("2026-11-27T01:30:10Z"));
    const rows = (
      (await db.execute(sql`SELECT data FROM pgboss.job WHERE name = ${queue} ORDER BY data->>'occurrence'`)) as {
        rows: { data: Record<string, unknown> }[];
      }
    ).rows.map((r) => r.data);
    expect(rows).toEqual([
      { scheduleKey: "school-es", occurrence: "2026-11-27T01:30:00.000Z" },
      { scheduleKey: "school-mx", occurrence: "2026-11-27T08:30:00.000Z" },
    ]);
  });

  it("a key makes one waiting job of several sends on a 'short' queue; throttled sends make one per window", async () => {
    const { db, runner } = await setUp({ enabled: false });
    const keyed = `test-keyed-${RUN}`;
    const throttled = `test-throttled-${RUN}`;
    runner.work(keyed, async () => {}, { policy: "short" });
    runner.work(throttled, async () => {});
    await runner.start();
    expect(await runner.send(keyed, { v: 1 }, { key: "school-1" })).not.toBeNull();
    expect(await runner.send(keyed, { v: 2 }, { key: "school-1" })).toBeNull();
    expect(await runner.send(keyed, { v: 3 }, { key: "school-2" })).not.toBeNull();
    expect(await runner.send(throttled, {}, { key: "s", throttleSeconds: 3600 })).not.toBeNull();
    expect(await runner.send(throttled, {}, { key: "s", throttleSeconds: 3600 })).toBeNull();
    const result = (await db.execute(
      sql`SELECT name, count(*)::int AS n FROM pgboss.job WHERE name IN (${keyed}, ${throttled}) GROUP BY name ORDER BY name`,
    )) as { rows: { name: string; n: number }[] };
    expect(result.rows).toEqual([
      { name: keyed, n: 2 },
      { name: throttled, n: 1 },
    ]);
  });
});
