/**
 * E-mail outbox bench (`npm run bench:outbox [-- --postgres]`), issue 25 §2's target: 10 000 queued e-mails drained
 * at SMTP speed with no request's p99 above 50 ms meanwhile.
 * - queue: BENCH_MAILS (10 000) e-mails written through ctx.mailer of an app that runs no jobs, 100 to a
 *   transaction (as a school-wide notice would), four transactions at a time, with their delivery jobs;
 * - drain: then a second app on the same pool starts its job runner, which delivers them to a real SMTP server on
 *   loopback (smtp-server, accepts at once); e-mails per second from its start to the last received;
 * - meanwhile (the drain): one client calls the first app's GET /health/ready (a database round trip on the pool
 *   the drain uses) every 20 ms; p50/p95/p99/max;
 * - SMTP speed: before all that, BENCH_DIRECT_MAILS (1000) e-mails sent straight to the same server, 50 at a time;
 *   the drain passes at ≥ 80 % of that rate with every e-mail received.
 * default: in-memory PGlite · --postgres (or BENCH_DATABASE_URL=postgres-fresh): a throw-away PostgreSQL database.
 * Exit code 0 whatever the figures; non-zero when the run breaks. Bounded: gives up after BENCH_MAX_SECONDS (600).
 */

import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { openDb } from "../apps/server/src/db/client.ts";
import { benchDatabase } from "./database.ts";

const total = Number(process.env.BENCH_MAILS ?? 10_000);
const perTx = 100;
const maxSeconds = Number(process.env.BENCH_MAX_SECONDS ?? 600);
const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      received++;
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const { port } = smtp.server.address() as AddressInfo;

/**
 * The SMTP speed to drain at: the same e-mails sent straight to the same server by nodemailer as the mailer makes
 * them (one connection each), 50 at a time like the outbox queue's concurrency, with no database or job runner.
 */
async function smtpSpeed(count: number): Promise<number> {
  const direct = nodemailer.createTransport(`smtp://127.0.0.1:${port}`);
  const before = received;
  const t0 = performance.now();
  for (let i = 0; i < count; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, (_, k) =>
        direct.sendMail({
          from: "bench@test.convive",
          to: `direct-${i + k}@test.convive`,
          subject: "Aviso",
          text: "Convive",
        }),
      ),
    );
  }
  const seconds = (performance.now() - t0) / 1000;
  received = before;
  return count / seconds;
}
const baselineRate = await smtpSpeed(Number(process.env.BENCH_DIRECT_MAILS ?? 1000));

const target = await benchDatabase(process.env, process.argv);
const opened = await openDb(target.url, { poolSize: 10 });
const settings = (jobs: boolean) =>
  loadConfig(
    { LOG_LEVEL: "silent", DEMO_DATA: "false", WEB_DIST: "/nonexistent", JOBS_ENABLED: String(jobs) },
    { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: "https://convive.example" },
  );
// The instance that queues the e-mails and answers the requests runs no jobs; the drain starts once everything is
// queued, when a second app on the same pool (as a second process would on the same database) starts its runner.
const app = await buildApp({ config: settings(false), db: opened.db });
await app.ready();
let drainer: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  const latencies: number[] = [];
  let refused = 0;
  let draining = true;

  const started = performance.now();
  for (let i = 0; i < total; i += perTx * 4) {
    // Four transactions at a time, 100 e-mails each (as a school-wide notice would write them).
    await Promise.all(
      [0, 1, 2, 3].map((t) =>
        opened.db.transaction(async (tx) => {
          const from = i + t * perTx;
          for (let j = from; j < Math.min(total, from + perTx); j++) {
            await app.ctx.mailer.send({ to: `bench-${j}@test.convive`, subject: `Aviso ${j}`, text: "Convive" }, tx);
          }
        }),
      ),
    );
  }
  const queuedMs = performance.now() - started;

  const client = (async () => {
    while (draining) {
      const t0 = performance.now();
      const res = await app.inject({ method: "GET", url: "/health/ready" });
      latencies.push(performance.now() - t0);
      // A person clicks now and then, not in a tight loop: a call every 20 ms keeps the sample honest and small.
      await new Promise((r) => setTimeout(r, 20));
      // A refusal (503: no database answer within 2 s) is counted, and is as slow as it took.
      if (res.statusCode !== 200) refused++;
    }
  })();
  const startup = performance.now();
  drainer = await buildApp({ config: settings(true), db: opened.db });
  await drainer.ready();
  // From the runner's start: the app's own start-up (its modules, the runner's queues) is not the drain.
  const drainStarted = performance.now();
  const startupMs = drainStarted - startup;
  const deadline = drainStarted + maxSeconds * 1000;
  while (received < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const drainedMs = performance.now() - drainStarted;
  draining = false;
  await client;

  const f = (n: number) => n.toFixed(1);
  console.log(`outbox bench on ${target.label} · ${cpus().length} cores · load ${loadavg().map(f).join(" ")}`);
  console.log(`queued ${total} e-mails in ${f(queuedMs / 1000)} s (${f(total / (queuedMs / 1000))}/s)`);
  console.log(`the draining app started in ${f(startupMs / 1000)} s`);
  console.log(
    `received ${received}/${total} in ${f(drainedMs / 1000)} s from the drain's start: ${f(received / (drainedMs / 1000))} e-mails/s`,
  );
  console.log(
    `GET /health/ready meanwhile (${latencies.length} calls): p50 ${f(pct(latencies, 50))} ms · p95 ${f(pct(latencies, 95))} ms · p99 ${f(pct(latencies, 99))} ms · max ${f(latencies.reduce((a, b) => Math.max(a, b), 0))} ms (target p99 ≤ 50 ms)`,
  );
  const rate = received / (drainedMs / 1000);
  const p99 = pct(latencies, 99);
  console.log(`straight to the SMTP server (no database, 50 at a time): ${f(baselineRate)} e-mails/s`);
  const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
  console.log(
    `${verdict(received === total && rate >= 0.8 * baselineRate)} drained at SMTP speed: ${f(rate)} e-mails/s = ${f((100 * rate) / baselineRate)} % of straight sending (target ≥ 80 %, every e-mail received)`,
  );
  console.log(
    `${verdict(p99 <= 50 && refused === 0)} GET /health/ready p99 meanwhile ${f(p99)} ms, ${refused} refused (target ≤ 50 ms, none refused)`,
  );
  if (received < total) process.exitCode = 1;
} finally {
  await drainer?.close();
  await app.close();
  await opened.close();
  await target.drop?.();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
}
