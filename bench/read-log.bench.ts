/**
 * Read log bench (`npm run bench:read-log`, issue 25 §3 "Speed": read-log overhead ≤ 1 ms p95). The demo school's
 * Director reads the sensitive screens whose reads are logged — a student's file, an incident's details (one entry
 * per student it concerns), a scorecard — in-process (app.inject, no sockets), sequentially and then CONCURRENCY
 * at a time.
 *
 * What the log adds to a read is what the answer waits for its entries in onSend (plugins/read-log.ts starts the
 * INSERT when the read calls logRead and the answer leaves once it is written): the server reports it as
 * `Server-Timing: readlog;dur=…` on every logged answer, and that is the figure held to the budget. "Without" is
 * the request minus that wait, paired per round; "insert alone" times the same INSERT run on its own, to show how
 * much of its round trip the early start hides.
 *
 * BENCH_DATABASE_URL=postgres://… | postgres-fresh (or --postgres)   default: in-memory PGlite
 * BENCH_INCIDENTS (school-wide, default 5000), BENCH_ROUNDS (default 200), BENCH_CONCURRENCY (default 8).
 */
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { openDb } from "../apps/server/src/db/client.ts";
import { seedDemoIfEmpty } from "../apps/server/src/db/seed/demo.ts";
import { writeReads } from "../apps/server/src/lib/read-log.ts";
import { benchDatabase } from "./database.ts";
import { ensureArchive } from "./incident-archive.ts";
import { runBench } from "./run.ts";
import { percentile, positiveInteger, signIn } from "./support.ts";

const SCHOOL_ID = "colegio-demo";
const BUDGET_MS = 1;
const incidentsWanted = positiveInteger("BENCH_INCIDENTS", 5_000);
const rounds = positiveInteger("BENCH_ROUNDS", 200);
const concurrency = positiveInteger("BENCH_CONCURRENCY", 8);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const fmt = (n: number) => `${n.toFixed(3)} ms`;
const summary = (values: number[]) => `p50 ${fmt(percentile(values, 50))}, p95 ${fmt(percentile(values, 95))}`;

/** The `readlog;dur` of an answer's Server-Timing; a logged screen without it is a bench failure. */
function waited(header: unknown, url: string): number {
  const match = /readlog;dur=([\d.]+)/.exec(String(header ?? ""));
  if (!match) throw new Error(`GET ${url}: no readlog timing — was the read logged?`);
  return Number(match[1]);
}

async function main() {
  const database = await benchDatabase(process.env, process.argv.slice(2));
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DEMO_DATA: "false",
    WEB_DIST: "/nonexistent",
    JOBS_ENABLED: "false",
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
  });
  const opened = await openDb(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config, db: opened.db });
    await seedDemoIfEmpty(opened.db);
    const note = await ensureArchive(opened.db, SCHOOL_ID, incidentsWanted);
    const director = await signIn(app, "director@convive.test");
    const [pick] = rowsOf<{ incident: number; student: number }>(
      await opened.db.execute(sql`select incident_id as incident, min(student_id) as student from incident_students
        where school_id = ${SCHOOL_ID} group by incident_id order by count(*) desc, incident_id limit 1`),
    );
    const get = async (url: string) => {
      const res = await app!.inject({ method: "GET", url, headers: director.headers });
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res;
    };
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(`Convive read log bench — ${database.label}; ${note}`);
    console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${load} (figures scale with it)`);
    console.log(`${rounds} rounds per screen, sequential, then ${concurrency} at a time\n`);

    const screens = [
      { what: "student's file", url: `/api/students/${pick!.student}/file` },
      { what: "incident details", url: `/api/incidents/${pick!.incident}` },
      { what: "scorecard", url: `/api/scorecard/students/${pick!.student}` },
    ];
    const table = [];
    let worst = 0;
    for (const screen of screens) {
      for (const inFlight of [1, concurrency]) {
        const total: number[] = [];
        const wait: number[] = [];
        const one = async () => {
          const t0 = performance.now();
          const res = await get(screen.url);
          total.push(performance.now() - t0);
          wait.push(waited(res.headers["server-timing"], screen.url));
        };
        for (let i = 0; i < 5; i++) await one(); // warm-up
        total.length = 0;
        wait.length = 0;
        for (let done = 0; done < rounds; done += inFlight) {
          await Promise.all(Array.from({ length: Math.min(inFlight, rounds - done) }, one));
        }
        const added = percentile(wait, 95);
        worst = Math.max(worst, added);
        table.push({
          screen: screen.what,
          "in flight": inFlight,
          "with log p95": fmt(percentile(total, 95)),
          "without p95": fmt(
            percentile(
              total.map((t, i) => t - wait[i]!),
              95,
            ),
          ),
          "answer waited for the log": summary(wait),
        });
      }
    }
    console.table(table);

    // The INSERT alone, as logRead issues it (one entry), for comparison with what the answer waited.
    const insert: number[] = [];
    for (let i = -5; i < rounds; i++) {
      const t0 = performance.now();
      await writeReads(opened.db, [
        {
          schoolId: SCHOOL_ID,
          studentId: pick!.student,
          kind: "student.file",
          recordId: String(pick!.student),
          userId: director.userId,
          profileId: 0,
          profileName: "bench",
          sessionId: "00000000-0000-0000-0000-000000000000",
        },
      ]);
      if (i >= 0) insert.push(performance.now() - t0);
    }
    console.log(`insert alone (one entry, sequential): ${summary(insert)}`);
    console.log(
      `p95 the answer waited for the log, worst screen: ${fmt(worst)} (target ≤ ${BUDGET_MS} ms) ${worst <= BUDGET_MS ? "PASS" : "FAIL"}`,
    );
  } finally {
    await app?.close();
    await opened.close();
    await database.drop();
  }
}

runBench(main);
