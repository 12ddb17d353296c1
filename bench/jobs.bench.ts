/**
 * Job runner bench (`npm run bench:jobs [-- --postgres]`), issue 25's speed targets for lib/jobs.ts:
 * - enqueue: one `jobs.send` on an idle runner, p50/p95 over BENCH_SAMPLES sends (target ≤ 2 ms);
 * - due to start: jobs sent with startAfter a little ahead; how long after that time the handler starts, p50/p95/max
 *   (target ≤ 1 s: JOBS_POLL_SECONDS, default 0.5, bounds it when the queue is idle).
 * default: in-memory PGlite · --postgres (or BENCH_DATABASE_URL=postgres-fresh): a throw-away PostgreSQL database.
 * Exit code 0 whatever the figures; non-zero when the run breaks.
 */
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { openDb } from "../apps/server/src/db/client.ts";
import { createJobRunner } from "../apps/server/src/lib/jobs.ts";
import { benchDatabase } from "./database.ts";

const samples = Number(process.env.BENCH_SAMPLES ?? 501);
const dueSamples = Number(process.env.BENCH_DUE_SAMPLES ?? 40);
const pollSeconds = Number(process.env.JOBS_POLL_SECONDS ?? 0.5);
const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

const target = await benchDatabase(process.env, process.argv);
const opened = await openDb(target.url, { poolSize: 10 });
try {
  const due = new Map<string, number>();
  const delays: number[] = [];
  let allStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    allStarted = resolve;
  });
  const runner = createJobRunner({ db: opened.db, enabled: true, concurrency: 4, pollSeconds, log: console.warn });
  runner.work("bench-noop", async () => {});
  runner.work<{ due: number }>("bench-due", async (job) => {
    delays.push(Date.now() - job.data.due);
    if (delays.length === dueSamples) allStarted();
  });
  await runner.start();

  // Warm-up: the first statements plan and cache.
  for (let i = 0; i < 20; i++) await runner.send("bench-noop", { i });
  // A bare round trip beside each send: on a loaded machine it says how much of a send is the machine's waiting.
  const enqueue: number[] = [];
  const roundTrip: number[] = [];
  for (let i = 0; i < samples; i++) {
    let t0 = performance.now();
    await runner.send("bench-noop", { i });
    enqueue.push(performance.now() - t0);
    t0 = performance.now();
    await opened.db.execute(sql`select 1`);
    roundTrip.push(performance.now() - t0);
  }

  // Due jobs spread over ~8 s, each due at its own moment, so polls meet them at every phase.
  for (let i = 0; i < dueSamples; i++) {
    const at = Date.now() + 1500 + Math.floor((i * 8000) / dueSamples) + Math.floor(Math.random() * 200);
    due.set(String(i), at);
    await runner.send("bench-due", { due: at }, { startAfter: new Date(at) });
  }
  await started;
  await runner.stop(5000);

  const ms = (v: number) => `${v.toFixed(2)} ms`;
  console.log(`job runner bench on ${target.label}`);
  console.log(`machine: ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}; JOBS_POLL_SECONDS=${pollSeconds}`);
  console.log(`enqueue (${samples} sends): p50 ${ms(pct(enqueue, 50))}, p95 ${ms(pct(enqueue, 95))} (target ≤ 2 ms)`);
  console.log(`  beside it, a bare "select 1": p50 ${ms(pct(roundTrip, 50))}, p95 ${ms(pct(roundTrip, 95))}`);
  console.log(
    `due → start (${dueSamples} jobs): p50 ${pct(delays, 50)} ms, p95 ${pct(delays, 95)} ms, max ${Math.max(...delays)} ms (target ≤ 1000 ms)`,
  );
  const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
  console.log(`${verdict(pct(enqueue, 95) <= 2)} enqueue p95 ${ms(pct(enqueue, 95))} (target ≤ 2 ms)`);
  console.log(
    `${verdict(Math.max(...delays) <= 1000)} due → start, slowest ${Math.max(...delays)} ms (target ≤ 1000 ms)`,
  );
} finally {
  await opened.close();
  await target.drop();
}
