/**
 * Massive-upload bench (`npm run bench:import`): a 10 000-student XLSX, built in memory, goes through the real
 * app (app.inject, so no socket in the figures): dry run, then commit polled until its job is done. Target from
 * the issue: the commit in ≤ 10 s. Exit code 0 whether the target is met or not; non-zero when the run breaks.
 *
 * default: in-memory PGlite · --postgres (or BENCH_DATABASE_URL=postgres-fresh): a throw-away PostgreSQL database
 * BENCH_ROWS (default 10000)
 */
import { cpus, loadavg } from "node:os";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { benchDatabase } from "./database.ts";
import { BENCH_PASSWORD, seedImportSchool, studentRows, studentsXlsx } from "./import-data.ts";
import { signIn } from "./support.ts";

const SCHOOL_ID = "colegio-bench";
const TARGET_MS = 10_000;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const rowsWanted = Number(process.env.BENCH_ROWS ?? 10_000);

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const out = await work();
  return [out, performance.now() - started];
}

async function run(app: FastifyInstance) {
  const { email } = await seedImportSchool(app.ctx.db, SCHOOL_ID);
  const director = await signIn(app, email, "Dirección", { schoolId: SCHOOL_ID, password: BENCH_PASSWORD });
  const headers = { ...director.headers, "content-type": XLSX };
  const [file, buildMs] = await timed(() => studentsXlsx(studentRows(rowsWanted)));
  console.log(
    `file: ${rowsWanted} rows, ${(file.length / 1024 / 1024).toFixed(2)} MB XLSX (built in ${buildMs.toFixed(0)} ms)`,
  );

  const [dry, dryMs] = await timed(() =>
    app.inject({ method: "POST", url: "/api/imports/students/dry-run", payload: file, headers }),
  );
  const dryBody = dry.json().data;
  if (dry.statusCode !== 200 || dryBody.valid !== rowsWanted)
    throw new Error(`dry run: ${dry.statusCode} ${dry.body.slice(0, 300)}`);

  const [job, commitMs] = await timed(async () => {
    const res = await app.inject({ method: "POST", url: "/api/imports/students/commit", payload: file, headers });
    if (res.statusCode !== 202) throw new Error(`commit: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const id = res.json().data.job.id as string;
    for (;;) {
      const poll = await app.inject({ method: "GET", url: `/api/imports/jobs/${id}`, headers });
      const state = poll.json().data.job;
      if (state.status !== "processing") return state;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
  if (job.status !== "done" || job.counts.students_created !== rowsWanted)
    throw new Error(`job: ${JSON.stringify(job)}`);
  // Baseline of the same run: what reading the file alone cost with exceljs's workbook model.
  const [, exceljsMs] = await timed(() => new ExcelJS.Workbook().xlsx.load(file as unknown as ArrayBuffer));
  return { dryMs, commitMs, exceljsMs };
}

async function main() {
  const database = await benchDatabase(process.env, process.argv.slice(2));
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DEMO_DATA: "false",
    WEB_DIST: "/nonexistent",
    DATABASE_URL: database.url,
  });
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config });
    console.log(`Convive massive-upload bench — ${database.label}`);
    console.log(
      `node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}\n`,
    );
    const { dryMs, commitMs, exceljsMs } = await run(app);
    const mark = commitMs <= TARGET_MS ? "PASS" : "FAIL";
    console.table([
      {
        step: "dry run (read + check every row)",
        ms: Math.round(dryMs),
        "rows/s": Math.round(rowsWanted / (dryMs / 1000)),
      },
      {
        step: "commit (read + check + write, job done)",
        ms: Math.round(commitMs),
        "rows/s": Math.round(rowsWanted / (commitMs / 1000)),
      },
      {
        step: "baseline: exceljs load of the file alone",
        ms: Math.round(exceljsMs),
        "rows/s": Math.round(rowsWanted / (exceljsMs / 1000)),
      },
    ]);
    console.log(`dry run / exceljs load alone: ${((dryMs / exceljsMs) * 100).toFixed(0)} %`);
    console.log(
      `\nRESULT: ${mark} — commit of ${rowsWanted} students in ${(commitMs / 1000).toFixed(2)} s (target ≤ ${TARGET_MS / 1000} s)`,
    );
  } catch (error) {
    console.error("BENCH RUN FAILED:", error);
    process.exitCode = 1;
  } finally {
    await app?.close();
    await database.drop();
  }
}

await main();
