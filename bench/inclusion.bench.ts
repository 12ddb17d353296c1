/**
 * Inclusion bench (`npm run bench:inclusion`, issue 28 "Speed"): (1) the orientador's list of BENCH_MONITORED
 * monitored students (default 500: that many demo students get a condition with two adjustments) in one page,
 * target ≤ 50 ms server time (`Server-Timing: app;dur`, in-process app.inject); (2) what the adjustment marker adds
 * to the registration screen's student list for a 40-student group: the same list's server time with the markers
 * and the marker statement's own time (the markers come inside the list's answer: no request per student).
 *
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
import { percentile, positiveInteger, signIn } from "./support.ts";

const LIST_BUDGET_MS = 50;
const MARKER_BUDGET_MS = 5;
const monitored = positiveInteger("BENCH_MONITORED", 500);
const rounds = positiveInteger("BENCH_ROUNDS", 30);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const fmt = (n: number) => `${n.toFixed(2)} ms`;

type Db = Awaited<ReturnType<typeof openDb>>["db"];

/** `count` students of the demo school with a visual condition and two adjustments each (the demo's Sofía stays). */
async function seedMonitored(db: Db, count: number) {
  await db.execute(sql`
    insert into student_conditions (school_id, student_id, condition_type_id, description, adjustments, created_by)
    select s.school_id, s.id, ct.id, 'Bench',
           '[{"kind":"access","description":"Primera fila","applied_by":"Docentes","since":"2026-09-01"},
             {"kind":"assessment","description":"Tiempo adicional","applied_by":"Docentes","since":"2026-09-01"}]'::jsonb,
           (select user_id from memberships m join users u on u.id = m.user_id
             where m.school_id = ${COLEGIO_ID} and u.email = 'director@convive.test')
      from students s
      join condition_types ct on ct.school_id = s.school_id and ct.name = 'Visual'
     where s.school_id = ${COLEGIO_ID}
       and not exists (select 1 from student_conditions c where c.school_id = s.school_id and c.student_id = s.id)
     order by s.id limit ${count}`);
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(distinct student_id)::int as n from student_conditions where school_id = ${COLEGIO_ID} and active`,
    ),
  );
  return row!.n;
}

/** A group of the current year with 40 students (the demo's groups have about 25): the registration list's case. */
async function seedGroupOf40(db: Db) {
  const [group] = rowsOf<{ id: number; school_year_id: number }>(
    await db.execute(sql`
      select g.id, g.school_year_id from groups g join school_years y on y.school_id = g.school_id and y.id = g.school_year_id
       where g.school_id = ${COLEGIO_ID} and y.is_current order by g.id desc limit 1`),
  );
  const [have] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from student_groups where school_id = ${COLEGIO_ID} and group_id = ${group!.id}`,
    ),
  );
  const missing = Math.max(0, 40 - have!.n);
  await db.execute(sql`
    insert into students (school_id, enrollment, first_name, paternal_surname, maternal_surname)
    select ${COLEGIO_ID}, 'BENCH-INC-' || g, 'Alumno', 'Bench ' || g, 'Inclusión' from generate_series(1, ${missing}) g`);
  await db.execute(sql`
    insert into student_groups (school_id, student_id, school_year_id, group_id)
    select school_id, id, ${group!.school_year_id}, ${group!.id} from students
     where school_id = ${COLEGIO_ID} and enrollment like 'BENCH-INC-%'`);
  return group!.id;
}

async function timed(app: FastifyInstance, url: string, headers: Record<string, string>) {
  const res = await app.inject({ method: "GET", url, headers });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const match = /app;dur=([\d.]+)/.exec(String(res.headers["server-timing"] ?? ""));
  if (!match) throw new Error("no server timing");
  return { ms: Number(match[1]), body: res.json() };
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
    const count = await seedMonitored(opened.db, monitored);
    const groupId = await seedGroupOf40(opened.db);
    const counsellor = await signIn(app, "orientador1@convive.test", "orientador1@");
    const director = await signIn(app, "director@convive.test", "director@");
    console.log(`Convive inclusion bench — ${database.label}`);
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${load} (figures scale with it)\n`);

    const list: number[] = [];
    let listed = 0;
    for (let i = 0; i <= rounds; i++) {
      const { ms, body } = await timed(app, `/api/inclusion/monitored?limit=500`, counsellor.headers);
      listed = body.data.items.length;
      if (i > 0) list.push(ms); // the first warms the plans
    }
    const options: number[] = [];
    let students = 0;
    let marked = 0;
    for (let i = 0; i <= rounds; i++) {
      const { ms, body } = await timed(app, `/api/incidents/student-options?group_id=${groupId}`, director.headers);
      students = body.data.students.length;
      marked = body.data.students.filter((s: { has_adjustments: boolean }) => s.has_adjustments).length;
      if (i > 0) options.push(ms);
    }
    // The marker's own statement over the same 40 ids, as the list runs it.
    const ids = rowsOf<{ id: number }>(
      await opened.db.execute(
        sql`select student_id as id from student_groups where school_id = ${COLEGIO_ID} and group_id = ${groupId}`,
      ),
    ).map((r) => r.id);
    const markers: number[] = [];
    for (let i = 0; i <= rounds; i++) {
      const started = performance.now();
      await app.ctx.adjustmentMarkers(opened.db, COLEGIO_ID, ids);
      if (i > 0) markers.push(performance.now() - started);
    }
    console.table([
      {
        case: `monitored list (${listed} of ${count})`,
        p50: fmt(percentile(list, 50)),
        p95: fmt(percentile(list, 95)),
        max: fmt(Math.max(...list)),
      },
      {
        case: `registration list, ${students} students (${marked} marked)`,
        p50: fmt(percentile(options, 50)),
        p95: fmt(percentile(options, 95)),
        max: fmt(Math.max(...options)),
      },
      {
        case: "marker statement, 40 ids",
        p50: fmt(percentile(markers, 50)),
        p95: fmt(percentile(markers, 95)),
        max: fmt(Math.max(...markers)),
      },
    ]);
    const listP95 = percentile(list, 95);
    const markerP95 = percentile(markers, 95);
    console.log(
      `monitored list p95 ${fmt(listP95)} (target ≤ ${LIST_BUDGET_MS} ms) ${listP95 <= LIST_BUDGET_MS ? "PASS" : "FAIL"}`,
    );
    console.log(
      `marker adds p95 ${fmt(markerP95)} to the 40-student list, in its one answer (target ≤ ${MARKER_BUDGET_MS} ms) ${markerP95 <= MARKER_BUDGET_MS ? "PASS" : "FAIL"}`,
    );
  } finally {
    await app?.close();
    await opened.close();
    await database.drop();
  }
}

runBench(main);
