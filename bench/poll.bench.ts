/**
 * Bell-poll load test (`npm run bench`): every signed-in tab calls GET /api/users/<id> every 30 s, so the poll
 * must stay cheap next to a bare route of the same server. Figures are for the issue note, not a timed test:
 * the exit code is 0 whether the targets are met or not, and non-zero only when a run itself goes wrong.
 *
 * Three runs: the bare route and the same user polled back to back (autocannon, BENCH_CONNECTIONS), then real
 * use — BENCH_USERS distinct signed-in users (default 5 000) each polling every BENCH_POLL_SECONDS (30) with
 * ±BENCH_JITTER_SECONDS (3) for BENCH_INTERVALS intervals (3): server time p50/p99 and database statements per
 * poll (all of them, and those sent while serving a poll), the first interval (every user's first poll: cold)
 * apart from the rest (steady state).
 *
 * `--interval` (or BENCH_MODE=interval) runs only real use, at the client's real interval and nothing else
 * warming the cache: BENCH_USERS (default 50) users each polling 30–31 s after their previous answer (30.5 ± 0.5 s),
 * 4 intervals. A cache that expires by time near the poll interval shows there as misses.
 *
 * BENCH_DATABASE_URL=postgres://… | postgres-fresh (or --postgres)   default: in-memory PGlite
 * BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 100); DATABASE_POOL_SIZE passes through.
 */
import { cpus, loadavg } from "node:os";
import autocannon, { type Result } from "autocannon";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { openDb } from "../apps/server/src/db/client.ts";
import { seedDemoIfEmpty } from "../apps/server/src/db/seed/demo.ts";
import { benchDatabase } from "./database.ts";
import { realUse, reportRealUse } from "./poll-real-use.ts";
import { createStatementCounter } from "./poll-statements.ts";
import { seedPollingUsers } from "./poll-users.ts";
import { runBench } from "./run.ts";
import { positiveNumber, signIn } from "./support.ts";

const SCHOOL_ID = "colegio-demo";
const ACCOUNT = "director@convive.test";
const WARMUP_SECONDS = 2;
/** Targets from the issue: the poll keeps half the bare throughput and a p99 under 15 ms at 100 connections. */
const MIN_RATIO_PERCENT = 50;
const MAX_POLL_P99_MS = 15;

const duration = positiveNumber("BENCH_DURATION", 10);
const connections = Math.round(positiveNumber("BENCH_CONNECTIONS", 100));

/** One load run; the client runs in a worker thread so it does not share the server's event loop. */
async function load(title: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  process.stdout.write(`- ${title}: ${WARMUP_SECONDS} s warm-up + ${duration} s at ${connections} connections… `);
  const result = await autocannon({
    url,
    headers,
    connections,
    duration,
    workers: 1,
    warmup: { connections, duration: WARMUP_SECONDS },
  });
  process.stdout.write(
    `${result["2xx"]} × 2xx${result.statusCodeStats?.["304"] ? `, ${result.statusCodeStats["304"].count} × 304` : ""}\n`,
  );
  return result;
}

/**
 * Anything but 2xx answers makes the figures meaningless: say so and fail. A timeout (no answer within
 * autocannon's 10 s) is a result of an overloaded server, not a broken run: it is shown, not failed.
 */
function problems(title: string, r: Result, expected: "2xx" | "304" = "2xx"): string[] {
  const found: string[] = [];
  const good = expected === "2xx" ? r["2xx"] : (r.statusCodeStats?.["304"]?.count ?? 0);
  const bad = expected === "2xx" ? r.non2xx : r.requests.total - good;
  if (good === 0) found.push(`${title}: no ${expected} response at all`);
  if (bad > 0) found.push(`${title}: ${bad} unexpected responses ${JSON.stringify(r.statusCodeStats)}`);
  if (r.errors > r.timeouts) found.push(`${title}: ${r.errors - r.timeouts} connection errors`);
  return found;
}

function report(bare: Result, poll: Result, revalidated: Result) {
  const ratio = (poll.requests.average / bare.requests.average) * 100;
  const ratioOk = ratio >= MIN_RATIO_PERCENT;
  const p99Ok = poll.latency.p99 <= MAX_POLL_P99_MS;
  const row = (name: string, r: Result) => ({
    route: name,
    "req/s (avg)": Math.round(r.requests.average),
    "p50 ms": r.latency.p50,
    "p99 ms": r.latency.p99,
    "max ms": r.latency.max,
    requests: r.requests.total,
    "non-2xx": r.non2xx,
    "timeouts (>10 s)": r.timeouts,
  });
  console.table([
    row("GET /health (bare)", bare),
    row("GET /api/users/:id (poll)", poll),
    row("same, If-None-Match → 304", revalidated),
  ]);
  const mark = (ok: boolean) => (ok ? "PASS" : "FAIL");
  console.log(`poll / bare throughput: ${ratio.toFixed(1)} %  (target ≥ ${MIN_RATIO_PERCENT} %)  ${mark(ratioOk)}`);
  console.log(`poll p99 latency:       ${poll.latency.p99} ms  (target ≤ ${MAX_POLL_P99_MS} ms)  ${mark(p99Ok)}`);
  if (poll.timeouts > 0)
    console.log(`poll: ${poll.timeouts} requests got no answer within 10 s (not in the latencies)`);
  const revalidatedRatio = (revalidated.requests.average / bare.requests.average) * 100;
  console.log(
    `revalidated poll (what a browser sends after the first answer): ${revalidatedRatio.toFixed(1)} % of bare, p99 ${revalidated.latency.p99} ms`,
  );
  console.log(`\nRESULT (full-body poll): ${mark(ratioOk && p99Ok)} at ${connections} connections`);
}

const intervalOnly = process.argv.includes("--interval") || process.env.BENCH_MODE === "interval";

async function main() {
  const database = await benchDatabase(process.env, process.argv.slice(2));
  const loadBefore = loadavg();
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DEMO_DATA: "false",
    WEB_DIST: "/nonexistent",
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
  });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  // Every statement the server sends, counted at the driver: the realistic run divides them by its polls.
  const statements = createStatementCounter();
  const opened = await openDb(config.DATABASE_URL, {
    poolSize: config.DATABASE_POOL_SIZE,
    onQuery: statements.onQuery,
  });
  try {
    app = await buildApp({ config, db: opened.db });
    statements.watch(app);
    const seeded = await seedDemoIfEmpty(app.ctx.db);
    const base = await app.listen({ host: "127.0.0.1", port: 0 });
    console.log(`Convive bell-poll bench — ${database.label}${seeded ? ", demo data loaded" : ""}`);
    console.log(
      `node ${process.version}, ${cpus().length} CPUs, load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")}` +
        `, pool ${config.DATABASE_POOL_SIZE}, server ${base}\n`,
    );

    if (intervalOnly) {
      // Nobody else polls or signs in: each user's first poll is the only thing that fills their entries.
      const tabs = await seedPollingUsers(opened.db, SCHOOL_ID, Math.round(positiveNumber("BENCH_USERS", 50)));
      reportRealUse(
        await realUse({
          base,
          schoolId: SCHOOL_ID,
          users: tabs,
          periodMs: positiveNumber("BENCH_POLL_SECONDS", 30.5) * 1000,
          jitterMs: positiveNumber("BENCH_JITTER_SECONDS", 0.5) * 1000,
          intervals: Math.max(2, Math.round(positiveNumber("BENCH_INTERVALS", 4))),
          statements,
        }),
      );
      return;
    }

    const { userId, headers: pollHeaders } = await signIn(base, ACCOUNT);
    const pollUrl = `${base}/api/users/${userId}`;
    const probe = await fetch(pollUrl, { headers: pollHeaders });
    if (probe.status !== 200) throw new Error(`poll probe answered ${probe.status}: ${await probe.text()}`);

    const bare = await load("bare GET /health", `${base}/health`);
    const poll = await load(`poll GET /api/users/${userId} (${SCHOOL_ID})`, pollUrl, pollHeaders);
    const etag = probe.headers.get("etag") ?? "";
    const revalidated = await load("poll revalidated with If-None-Match", pollUrl, {
      ...pollHeaders,
      "if-none-match": etag,
    });
    const users = positiveNumber("BENCH_USERS", 5_000);
    const tabs = await seedPollingUsers(opened.db, SCHOOL_ID, Math.round(users));
    const real = await realUse({
      base,
      schoolId: SCHOOL_ID,
      users: tabs,
      periodMs: positiveNumber("BENCH_POLL_SECONDS", 30) * 1000,
      jitterMs: positiveNumber("BENCH_JITTER_SECONDS", 3) * 1000,
      intervals: Math.max(2, Math.round(positiveNumber("BENCH_INTERVALS", 3))),
      statements,
    });
    console.log("");
    report(bare, poll, revalidated);
    reportRealUse(real);
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );

    const found = [
      ...problems("bare", bare),
      ...problems("poll", poll),
      ...problems("revalidated", revalidated, "304"),
    ];
    if (found.length > 0) {
      console.error(`\nBENCH RUN FAILED — the figures above are not valid:\n  ${found.join("\n  ")}`);
      process.exitCode = 1;
    }
  } finally {
    await app?.close();
    await opened.close();
    await database.drop();
  }
}

runBench(main);
