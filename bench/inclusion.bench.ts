/**
 * Inclusion bench (`npm run bench:inclusion`, issue 28 "Speed"), two targets:
 *
 * 1. The adjustment marker adds ≤ 5 ms to the registration screen's student list of a 40-student group, and no
 *    request (nor statement) per student: docente@'s 3° A Primaria is filled to 40 students, 5 of them with
 *    adjustments; `GET /api/incidents/student-options?group_id=…` is timed (`Server-Timing: app;dur`), and beside it
 *    the marker's own statement (`adjustmentMarkers` over the 40 ids, what the route awaits for it). The statements
 *    one request runs are counted for that group and for a larger one: the same number, one of them the marker's.
 * 2. The orientador's list of 500 monitored students ≤ 50 ms server time: BENCH_MONITORED (default 500) students
 *    added to the other groups, each with an active condition (1–3 adjustments) and/or an open conditioned
 *    enrollment; `GET /api/inclusion/monitored` as orientador1@ — the whole list in one page (limit=500, the target),
 *    the first page of 50, due reviews, a name search, one group — BENCH_ROUNDS rounds each, in-process app.inject.
 *
 * A bare `select 1` is timed first: every figure scales with the machine's load.
 * BENCH_DATABASE_URL=postgres://… | postgres-fresh (or --postgres)   default: in-memory PGlite
 */
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { type Db, openDb } from "../apps/server/src/db/client.ts";
import { COLEGIO_ID } from "../apps/server/src/db/seed/colegio-demo.ts";
import { seedDemoIfEmpty } from "../apps/server/src/db/seed/demo.ts";
import { adjustmentMarkers } from "../apps/server/src/modules/inclusion/index.ts";
import { benchDatabase } from "./database.ts";
import { runBench } from "./run.ts";
import { type Account, percentile, positiveInteger, signIn } from "./support.ts";

const MARKER_BUDGET_MS = 5;
const LIST_BUDGET_MS = 50;
const GROUP_SIZE = 40;
const monitoredWanted = positiveInteger("BENCH_MONITORED", 500);
const rounds = positiveInteger("BENCH_ROUNDS", 100);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const fmt = (n: number) => `${n.toFixed(2)} ms`;
const summary = (values: number[]) =>
  `p50 ${fmt(percentile(values, 50))}, p95 ${fmt(percentile(values, 95))}, max ${fmt(Math.max(...values))}`;

const NAMES = "array['Mateo','Valentina','Iker','Regina','Emiliano','Ximena','Santiago','Camila']";
const SURNAMES = "array['García','Hernández','López','Martínez','Flores','Ruiz','Cruz','Reyes']";

/** Fills docente@'s group to 40 students (4 newcomers with adjustments, and Sofía) and adds the monitored students. */
async function seedBench(db: Db, groupId: number, counsellorId: number) {
  const started = performance.now();
  const [have] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from students where school_id = ${COLEGIO_ID}
      and enrollment like 'BENCH-INC-%'`),
  );
  if (have!.n > 0) return `bench students already there (${have!.n})`;
  await db.transaction(async (tx) => {
    const [year] = rowsOf<{ id: number }>(
      await tx.execute(sql`select id from school_years where school_id = ${COLEGIO_ID} and is_current`),
    );
    const [inGroup] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from student_groups where school_id = ${COLEGIO_ID}
        and group_id = ${groupId} and school_year_id = ${year!.id}`),
    );
    const fill = Math.max(0, GROUP_SIZE - inGroup!.n);
    // The group's newcomers, then the monitored students (spread over the year's other groups).
    await tx.execute(sql`
      insert into students (school_id, enrollment, first_name, paternal_surname, maternal_surname)
      select ${COLEGIO_ID}, 'BENCH-INC-' || g, (${sql.raw(NAMES)})[1 + g % 8], (${sql.raw(SURNAMES)})[1 + g % 8], 'Bench'
        from generate_series(1, ${fill + monitoredWanted}) g`);
    await tx.execute(sql`
      with s as (select id, row_number() over (order by id) as n from students
                  where school_id = ${COLEGIO_ID} and enrollment like 'BENCH-INC-%'),
           g as (select id, row_number() over (order by id) - 1 as k, count(*) over () as total from groups
                  where school_id = ${COLEGIO_ID} and school_year_id = ${year!.id} and id <> ${groupId})
      insert into student_groups (school_id, student_id, school_year_id, group_id)
      select ${COLEGIO_ID}, s.id, ${year!.id}, case when s.n <= ${fill} then ${groupId} else g.id end
        from s join g on g.k = s.n % g.total`);
    // Conditions: the group's first 4 newcomers, and 7 in 10 of the monitored students.
    await tx.execute(sql`
      with s as (select id, row_number() over (order by id) as n from students
                  where school_id = ${COLEGIO_ID} and enrollment like 'BENCH-INC-%'),
           t as (select id, row_number() over (order by id) - 1 as k from condition_types
                  where school_id = ${COLEGIO_ID})
      insert into student_conditions (school_id, student_id, condition_type_id, description, review_date, created_by)
      select ${COLEGIO_ID}, s.id, t.id, 'Condición de prueba', current_date + (s.n % 90 - 10)::int, ${counsellorId}
        from s join t on t.k = s.n % 3
       where s.n <= 4 or (s.n > ${fill} and s.n % 10 < 7)`);
    await tx.execute(sql`
      insert into condition_adjustments (school_id, condition_id, kind, description, applied_by, since)
      select c.school_id, c.id, (array['curricular','methodological','assessment','access'])[1 + k],
             'Ajuste de prueba ' || k, 'Todos los docentes', current_date - 30
        from student_conditions c cross join generate_series(0, 2) k
       where c.school_id = ${COLEGIO_ID} and c.description = 'Condición de prueba' and k <= c.id % 3`);
    // Open conditioned enrollments: the other 3 in 10, and every fourth (some students have both).
    await tx.execute(sql`
      with s as (select id, row_number() over (order by id) as n from students
                  where school_id = ${COLEGIO_ID} and enrollment like 'BENCH-INC-%')
      insert into conditioned_enrollments (school_id, student_id, reasons, commitments, review_date, created_by)
      select ${COLEGIO_ID}, s.id, '["academic"]'::jsonb, '["Asistir a asesorías."]'::jsonb,
             current_date + (s.n % 60)::int, ${counsellorId}
        from s where s.n > ${fill} and (s.n % 10 >= 7 or s.n % 4 = 0)`);
  });
  const tables = [
    "students",
    "student_groups",
    "student_conditions",
    "condition_adjustments",
    "conditioned_enrollments",
  ];
  for (const table of tables) await db.execute(sql.raw(`analyze ${table}`));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `${GROUP_SIZE} in the group, ${monitoredWanted} monitored students added in ${seconds} s`;
}

/** The server's own time of an answer (`Server-Timing: app;dur=…`). */
function serverTime(header: unknown, url: string) {
  const match = /app;dur=([\d.]+)/.exec(String(header ?? ""));
  if (!match) throw new Error(`GET ${url}: no server timing`);
  return Number(match[1]);
}

async function timeCall(app: FastifyInstance, who: Account, url: string, check?: (body: unknown) => void) {
  const get = async () => {
    const res = await app.inject({ method: "GET", url, headers: who.headers });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    check?.(res.json().data);
    return serverTime(res.headers["server-timing"], url);
  };
  for (let i = 0; i < 5; i++) await get();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push(await get());
  return times;
}

async function timeStatement(work: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < rounds + 5; i++) {
    const started = performance.now();
    await work();
    if (i >= 5) times.push(performance.now() - started);
  }
  return times;
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
  let counting: string[] | null = null;
  const opened = await openDb(config.DATABASE_URL, {
    poolSize: config.DATABASE_POOL_SIZE,
    onQuery: (query) => counting?.push(query),
  });
  const db = opened.db;
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config, db });
    await seedDemoIfEmpty(db);
    await app.ready();
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(`Convive inclusion bench — ${database.label}`);
    console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${load} (figures scale with it)\n`);
    const teacher = await signIn(app, "docente@convive.test", "docente@");
    const counsellor = await signIn(app, "orientador1@convive.test", "orientador1@");
    const [group] = rowsOf<{ id: number }>(
      await db.execute(sql`select g.id from groups g join school_years y on y.school_id = g.school_id
        and y.id = g.school_year_id and y.is_current where g.school_id = ${COLEGIO_ID}
        and g.head_teacher_id = ${teacher.userId} order by g.id limit 1`),
    );
    console.log(await seedBench(db, group!.id, counsellor.userId));
    const bare = await timeStatement(() => db.execute(sql`select 1`));
    console.log(`a bare \`select 1\`: ${summary(bare)}\n`);

    // 1. The marker on the registration screen's student list.
    const url = `/api/incidents/student-options?group_id=${group!.id}`;
    let marked = 0;
    let listed = 0;
    const route = await timeCall(app, teacher, url, (data) => {
      const students = (data as { students: { has_adjustments: boolean }[] }).students;
      listed = students.length;
      marked = students.filter((s) => s.has_adjustments).length;
    });
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`select student_id as id from student_groups where school_id = ${COLEGIO_ID}
        and group_id = ${group!.id}`),
    ).map((r) => r.id);
    const markerTimes = await timeStatement(() => adjustmentMarkers(db, COLEGIO_ID, ids));
    const statements = async (groupUrl: string) => {
      const seen: string[] = [];
      counting = seen;
      await app!.inject({ method: "GET", url: groupUrl, headers: teacher.headers });
      counting = null;
      return { all: seen.length, marker: seen.filter((q) => q.includes("condition_adjustments")).length };
    };
    const [other] = rowsOf<{ id: number; n: number }>(
      await db.execute(sql`select group_id as id, count(*)::int as n from student_groups sg
        join school_years y on y.school_id = sg.school_id and y.id = sg.school_year_id and y.is_current
        where sg.school_id = ${COLEGIO_ID} and sg.group_id <> ${group!.id}
        group by group_id order by count(*) desc limit 1`),
    );
    const mine = await statements(url);
    const theirs = await statements(`/api/incidents/student-options?group_id=${other!.id}`);
    console.table([
      { what: `student-options, ${listed} students (${marked} marked)`, "server time": summary(route) },
      { what: "the marker's statement alone (adjustmentMarkers, 40 ids)", "server time": summary(markerTimes) },
    ]);
    console.log(
      `statements per request: ${mine.all} for ${listed} students, ${theirs.all} for ${other!.n} — the marker's: ` +
        `${mine.marker} and ${theirs.marker} (none per student)`,
    );
    const added = percentile(markerTimes, 95);
    const markerOk = added <= MARKER_BUDGET_MS && mine.all === theirs.all && mine.marker === 1;
    console.log(
      `marker added to a ${listed}-student list, p95: ${fmt(added)} (target ≤ ${MARKER_BUDGET_MS} ms) ${markerOk ? "PASS" : "FAIL"}\n`,
    );

    // 2. The orientador's list of monitored students.
    const [total] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from (select student_id from student_conditions
        where school_id = ${COLEGIO_ID} and active union select student_id from conditioned_enrollments
        where school_id = ${COLEGIO_ID} and outcome is null) m`),
    );
    console.log(`${total!.n} monitored students in ${COLEGIO_ID}; ${rounds} rounds per call, sequential`);
    const whole = `/api/inclusion/monitored?limit=500`;
    const calls = [
      { what: "the whole list, one page (500)", url: whole },
      { what: "first page (50)", url: "/api/inclusion/monitored" },
      { what: "reviews due", url: "/api/inclusion/monitored?due=true" },
      { what: "name search", url: "/api/inclusion/monitored?q=valentina" },
      { what: "one group", url: `/api/inclusion/monitored?group_id=${group!.id}` },
    ];
    const table = [];
    let wholeP95 = 0;
    for (const call of calls) {
      const times = await timeCall(app, counsellor, call.url);
      if (call.url === whole) wholeP95 = percentile(times, 95);
      table.push({ call: call.what, "server time": summary(times) });
    }
    console.table(table);
    console.log(
      `orientador's list of ${total!.n} monitored students in one page, p95 server time: ${fmt(wholeP95)} (target ≤ ${LIST_BUDGET_MS} ms) ${wholeP95 <= LIST_BUDGET_MS ? "PASS" : "FAIL"}`,
    );
  } finally {
    await app?.close();
    await opened.close();
    await database.drop();
  }
}

runBench(main);
