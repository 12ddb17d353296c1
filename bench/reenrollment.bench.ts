/**
 * Re-enrollment bench (`npm run bench:reenrollment`, issue 31 §1 "1 000 students applied in ≤ 5 s"):
 *
 * The demo's colegio-demo (200 students in 13 groups) gets BENCH_STUDENTS (default 800) more students spread over
 * its groups: 1 000 active students. As the Director, through the real routes (app.inject): the next school year is
 * created, the preview is timed (`POST /api/reenrollments/preview`), then the apply — from the POST to the moment
 * `GET /api/reenrollments/:id` answers `applied`, the job picked up and run by the app's own job runner (polled every
 * JOBS_POLL_SECONDS, 0.5 s by default, part of the figure). Undone and applied again BENCH_ROUNDS times (default 3).
 * Beside it the job's own time (applied_at − created_at) and the undo's.
 *
 * A bare `select 1` is timed first: every figure scales with the machine's load.
 * BENCH_DATABASE_URL=postgres://… | postgres-fresh (or --postgres)   default: in-memory PGlite
 */
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { openDb } from "../apps/server/src/db/client.ts";
import { COLEGIO_ID } from "../apps/server/src/db/seed/colegio-demo.ts";
import { seedDemoIfEmpty } from "../apps/server/src/db/seed/demo.ts";
import { benchDatabase } from "./database.ts";
import { runBench } from "./run.ts";
import { type Account, positiveInteger, signIn } from "./support.ts";

const BUDGET_MS = 5_000;
const extra = positiveInteger("BENCH_STUDENTS", 800);
const rounds = positiveInteger("BENCH_ROUNDS", 3);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const fmt = (n: number) => `${n.toFixed(0)} ms`;

async function call<T>(app: FastifyInstance, who: Account, method: "GET" | "POST", url: string, payload?: object) {
  const res = await app.inject({ method, url, payload, headers: who.headers });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

interface Reenrollment {
  id: number;
  status: string;
  created_at: string;
  applied_at: string | null;
  counts: Record<string, number>;
  groups: { students_count: number }[];
}

async function main() {
  const database = await benchDatabase(process.env, process.argv.slice(2));
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DEMO_DATA: "false",
    WEB_DIST: "/nonexistent",
    JOBS_ENABLED: "true",
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
  });
  const opened = await openDb(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
  const db = opened.db;
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config, db });
    await seedDemoIfEmpty(db);
    await app.ready();
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(`Convive re-enrollment bench — ${database.label}`);
    console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${load} (figures scale with it)\n`);

    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into students (school_id, enrollment, first_name, paternal_surname, maternal_surname)
        select ${COLEGIO_ID}, 'BENCH-RE-' || g, 'Estudiante', 'Bench', g::text from generate_series(1, ${extra}) g`);
      await tx.execute(sql`
        with y as (select id from school_years where school_id = ${COLEGIO_ID} and is_current),
             s as (select id, row_number() over (order by id) as n from students
                    where school_id = ${COLEGIO_ID} and enrollment like 'BENCH-RE-%'),
             g as (select g.id, row_number() over (order by g.id) - 1 as k, count(*) over () as total
                     from groups g join y on y.id = g.school_year_id where g.school_id = ${COLEGIO_ID})
        insert into student_groups (school_id, student_id, school_year_id, group_id)
        select ${COLEGIO_ID}, s.id, (select id from y), g.id from s join g on g.k = s.n % g.total`);
    });
    const [active] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from student_groups sg
        join school_years y on y.school_id = sg.school_id and y.id = sg.school_year_id and y.is_current
        join students s on s.school_id = sg.school_id and s.id = sg.student_id and s.status = 'active'
        where sg.school_id = ${COLEGIO_ID}`),
    );
    console.log(`colegio-demo: ${active!.n} active students in this year's groups`);

    const director = await signIn(app, "director@convive.test", "director@");
    const { school_year: next } = await call<{ school_year: { id: number } }>(
      app,
      director,
      "POST",
      "/api/school-years",
      { name: "2027-2028", starts_on: "2027-08-23", ends_on: "2028-07-07" },
    );
    const bare = performance.now();
    await db.execute(sql`select 1`);
    console.log(`select 1: ${(performance.now() - bare).toFixed(2)} ms\n`);

    const plan = {
      to_year_id: next.id,
      exceptions: [] as { student_id: number; outcome: string }[],
    };
    const previewStart = performance.now();
    const preview = await call<{ students: { id: number; outcome: string }[] }>(
      app,
      director,
      "POST",
      "/api/reenrollments/preview",
      plan,
    );
    console.log(`preview of ${preview.students.length} students: ${fmt(performance.now() - previewStart)}`);
    // Two who repeat the grade, as in the walk-through.
    plan.exceptions = preview.students
      .filter((s) => s.outcome === "promoted")
      .slice(0, 2)
      .map((s) => ({ student_id: s.id, outcome: "repeats" }));

    const applied: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const start = performance.now();
      const { reenrollment } = await call<{ reenrollment: Reenrollment }>(
        app,
        director,
        "POST",
        "/api/reenrollments",
        plan,
      );
      let state = reenrollment;
      while (state.status === "queued" || state.status === "applying") {
        await new Promise((resolve) => setTimeout(resolve, 50));
        state = (await call<{ reenrollment: Reenrollment }>(app, director, "GET", `/api/reenrollments/${state.id}`))
          .reenrollment;
      }
      const took = performance.now() - start;
      if (state.status !== "applied") throw new Error(`round ${round}: ${JSON.stringify(state)}`);
      applied.push(took);
      const placed = state.groups.reduce((n, g) => n + g.students_count, 0);
      const job = Date.parse(state.applied_at!) - Date.parse(state.created_at);
      console.log(
        `round ${round}: applied ${placed} students into ${state.groups.length} groups ` +
          `(${state.counts.graduated} graduating) in ${fmt(took)} from the POST (job ${fmt(job)}) ` +
          `${took <= BUDGET_MS ? "✓" : "✗"} ≤ ${BUDGET_MS} ms`,
      );
      if (round < rounds) {
        const undoStart = performance.now();
        await call(app, director, "POST", `/api/reenrollments/${state.id}/undo`);
        console.log(`         undo: ${fmt(performance.now() - undoStart)}`);
      }
    }
    console.log(`\nworst apply: ${fmt(Math.max(...applied))} (target ≤ ${BUDGET_MS} ms)`);
  } finally {
    await app?.close();
    await opened.close();
    await database.drop();
  }
}

runBench(main);
