/**
 * Scheduled reports bench (`npm run bench:scheduled-reports`, issue 31 §3): the demo school's Director sends now a
 * monthly incident summary and the open incidents, each as PDF and as XLSX, to every staff profile of the school
 * (all of them, in their languages); the figure is the run's time from "send now" to its transaction committed (the
 * table read, the files drawn — the PDF in a worker —, every recipient's e-mail written to the outbox with the file,
 * the read log), as `report_runs` records it. The issue sets no target: the figures are for the issue note, and the
 * exit code says only whether the run itself worked. E-mails are not sent (no SMTP_URL): the outbox's delivery is
 * its own bench (`npm run bench:outbox`).
 *
 * BENCH_DATABASE_URL=postgres://… | postgres-fresh (or --postgres)   default: in-memory PGlite
 * BENCH_RUNS (runs of each report and format after one warm-up, default 3).
 */
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { openDb } from "../apps/server/src/db/client.ts";
import { seedDemoIfEmpty } from "../apps/server/src/db/seed/demo.ts";
import { benchDatabase } from "./database.ts";
import { runBench } from "./run.ts";
import { percentile, positiveInteger, signIn } from "./support.ts";

const SCHOOL_ID = "colegio-demo";
const runs = positiveInteger("BENCH_RUNS", 3);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
type Headers = Record<string, string>;

async function call(base: string, headers: Headers, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as { data: Record<string, unknown> };
}

async function main() {
  const database = await benchDatabase(process.env, process.argv.slice(2));
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DEMO_DATA: "false",
    WEB_DIST: "/nonexistent",
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
    JOBS_ENABLED: "true",
  });
  const opened = await openDb(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    app = await buildApp({ config, db: opened.db });
    await seedDemoIfEmpty(app.ctx.db);
    const base = await app.listen({ host: "127.0.0.1", port: 0 });
    console.log(`Convive scheduled reports bench — ${database.label}`);
    console.log(
      `node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}\n`,
    );
    const director = (await signIn(base, "director@convive.test")).headers;
    const options = (await call(base, director, "GET", "/api/scheduled-reports/options")).data as {
      profiles: { id: number }[];
    };
    const profileIds = options.profiles.map((p) => p.id);

    const lines: string[] = [];
    for (const type of ["incident-summary", "open-incidents"]) {
      for (const format of ["pdf", "xlsx"]) {
        const created = await call(base, director, "POST", "/api/scheduled-reports", {
          name: `Bench ${type} ${format}`,
          type,
          frequency: "monthly",
          day_of_month: 1,
          time: "07:00",
          format,
          recipient_profile_ids: profileIds,
        });
        const id = (created.data.report as { id: number }).id;
        const times: number[] = [];
        let rows = 0;
        let recipients = 0;
        for (let i = 0; i <= runs; i++) {
          const sent = await call(base, director, "POST", `/api/scheduled-reports/${id}/send-now`, { only_me: false });
          const runId = sent.data.run_id as number;
          for (;;) {
            const [run] = rowsOf<{ status: string; ms: number; rows: number; n: number }>(
              await opened.db.execute(sql`select r.status, r.rows,
                  extract(epoch from (r.finished_at - r.created_at)) * 1000 as ms,
                  (select count(*)::int from report_deliveries d where d.school_id = r.school_id and d.run_id = r.id) as n
                from report_runs r where r.school_id = ${SCHOOL_ID} and r.id = ${runId}`),
            );
            if (run?.status === "failed") throw new Error(`run ${runId} failed`);
            if (run?.status === "done") {
              // The first run of each is a warm-up (the PDF worker's start, fonts), not counted.
              if (i > 0) times.push(Number(run.ms));
              rows = run.rows;
              recipients = run.n;
              break;
            }
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
        lines.push(
          `${type.padEnd(17)} ${format.padEnd(5)} rows ${String(rows).padStart(5)}  recipients ${String(recipients).padStart(4)}  median ${percentile(times, 50).toFixed(0).padStart(6)} ms  max ${Math.max(
            ...times,
          )
            .toFixed(0)
            .padStart(6)} ms`,
        );
      }
    }
    console.log(lines.join("\n"));
  } finally {
    await app?.close();
    await opened.close();
    await database.drop();
  }
}

runBench(main);
