/**
 * Ratings bench (`npm run bench:ratings`, issue 13 §2): in the demo school, grows docente@'s group to 40 students,
 * then measures the server time (the `Server-Timing` header) of loading its grid (40 students × 5 measures, with
 * the previous period's values, who/when on every cell) and of saving one cell, as a teacher typing through the
 * grid does. A plain read of the same grid without the previous period is the baseline measured in the same run.
 * Figures for the issue note: the exit code says only whether the run itself worked.
 *
 * BENCH_DATABASE_URL=postgres://… | postgres-fresh (or --postgres)   default: in-memory PGlite
 * BENCH_ROUNDS (grid loads, default 100), BENCH_SAVES (cell saves, default 600).
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
const GRID_MS = 80;
const SAVE_P95_MS = 30;
const GROUP_SIZE = 40;

const rounds = positiveInteger("BENCH_ROUNDS", 100);
const saves = positiveInteger("BENCH_SAVES", 600);

type Headers = Record<string, string>;

async function call(base: string, headers: Headers, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? "GET",
    headers: { ...headers, ...(init.body ? { "content-type": "application/json" } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${text}`);
  const timing = /app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
  if (!timing) throw new Error(`${path}: no Server-Timing header`);
  return { ms: Number(timing[1]), body: JSON.parse(text) as { data: Record<string, unknown> } };
}

const fmt = (n: number) => n.toFixed(1);
const summary = (values: number[]) =>
  `p50 ${fmt(percentile(values, 50))} ms, p95 ${fmt(percentile(values, 95))} ms, max ${fmt(Math.max(...values))} ms`;
const mark = (ok: boolean) => (ok ? "PASS" : "FAIL");

/** Adds active students to the group until it has GROUP_SIZE (one statement; repeatable). */
async function growGroup(db: Awaited<ReturnType<typeof openDb>>["db"], groupId: number) {
  await db.execute(sql`
    with g as (select school_id, school_year_id from groups where school_id = ${SCHOOL_ID} and id = ${groupId}),
         have as (select count(*)::int as n from student_groups where school_id = ${SCHOOL_ID} and group_id = ${groupId}),
         added as (
           insert into students (school_id, enrollment, first_name, paternal_surname, maternal_surname)
           select ${SCHOOL_ID}, 'BENCH-' || ${groupId} || '-' || n, 'Alumno' || n, 'Banco', 'Prueba'
             from generate_series((select n from have) + 1, ${GROUP_SIZE}) as n
           on conflict do nothing
           returning id)
    insert into student_groups (school_id, student_id, school_year_id, group_id)
    select ${SCHOOL_ID}, added.id, g.school_year_id, ${groupId} from added, g`);
}

async function main() {
  const database = await benchDatabase(process.env, process.argv.slice(2));
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DEMO_DATA: "false",
    WEB_DIST: "/nonexistent",
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
  });
  const opened = await openDb(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    app = await buildApp({ config, db: opened.db });
    await seedDemoIfEmpty(app.ctx.db);
    const base = await app.listen({ host: "127.0.0.1", port: 0 });
    console.log(`Convive ratings bench — ${database.label}`);
    console.log(
      `node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}\n`,
    );
    const teacher = (await signIn(base, "docente@convive.test")).headers;
    const options = (await call(base, teacher, "/api/ratings/options")).body.data.options as {
      periods: { id: number; state: string; order: number }[];
      groups: { id: number; label: string; mine: boolean }[];
    };
    const group = options.groups.find((g) => g.label.includes("3° A"))!;
    const period = options.periods.find((p) => p.state === "open")!;
    const first = options.periods.find((p) => p.order === 1)!;
    await growGroup(opened.db, group.id);
    const path = `/api/ratings/grid?group_id=${group.id}&period_id=${period.id}`;
    const grid = (await call(base, teacher, path)).body.data.grid as {
      students: { id: number }[];
      measures: { id: number; kind: string }[];
    };
    console.log(
      `Group ${group.label}: ${grid.students.length} students × ${grid.measures.length} measures, period ${period.id}`,
    );

    // Baseline: the first period's grid, which has no previous period to read.
    const baselinePath = `/api/ratings/grid?group_id=${group.id}&period_id=${first.id}`;
    await call(base, teacher, baselinePath);
    const baseline: number[] = [];
    for (let i = 0; i < rounds; i++) baseline.push((await call(base, teacher, baselinePath)).ms);
    await call(base, teacher, path);
    const loads: number[] = [];
    for (let i = 0; i < rounds; i++) loads.push((await call(base, teacher, path)).ms);

    // A teacher typing through the grid: every cell in turn, two passes with different values.
    const cells = grid.students.flatMap((s) => grid.measures.map((m) => ({ student: s.id, measure: m })));
    const times: number[] = [];
    for (let i = 0; i < saves; i++) {
      const c = cells[i % cells.length]!;
      const pass = Math.floor(i / cells.length) % 2;
      const value = c.measure.kind === "conduct" ? ["8.5", "9"][pass]! : ["B", "E"][pass]!;
      const r = await call(base, teacher, "/api/ratings/cells", {
        method: "PUT",
        body: { student_id: c.student, period_id: period.id, measure_id: c.measure.id, value },
      });
      times.push(r.ms);
    }
    const loaded = (await call(base, teacher, path)).body.data.grid as { students: { ratings: unknown[] }[] };
    const filled = loaded.students.reduce((n, s) => n + s.ratings.length, 0);

    const gridP95 = percentile(loads, 95);
    const saveP95 = percentile(times, 95);
    console.log(`\nGrid of a period with no previous one (baseline), ${rounds} loads: ${summary(baseline)}`);
    console.log(
      `Grid load (${grid.students.length}×${grid.measures.length}, with the previous period), ${rounds} loads: ` +
        `${summary(loads)} (target ≤ ${GRID_MS} ms) ${mark(gridP95 <= GRID_MS)}; ` +
        `ratio to baseline p50 ${(percentile(loads, 50) / percentile(baseline, 50)).toFixed(2)}`,
    );
    console.log(
      `Cell save (PUT /api/ratings/cells), ${saves} in a row: ${summary(times)} (target p95 ≤ ${SAVE_P95_MS} ms) ` +
        `${mark(saveP95 <= SAVE_P95_MS)}; ${filled} of ${cells.length} cells rated afterwards`,
    );
  } finally {
    await app?.close();
    await opened.close();
    await database.drop();
  }
}

runBench(main);
