/**
 * Incident graph bench (`npm run bench:incident-graph`, issue 14 §5): fills colegio-demo with BENCH_INCIDENTS
 * incidents (default 200 000; generated over the last year with the generator's recurring pairs, then vacuumed and
 * analysed, or reused when the database already holds that many), then measures the server time (`Server-Timing`)
 * of the time series (day, week, month × classification, category, group; a period and the whole year; with
 * filters) and of the co-occurrence map (a period, the year, filters, minimum counts) for a Director (read from
 * migration 0018's rollups) and a Docente (their groups: the series counted on the fly, the pairs from the rollup).
 * Last, it checks that the rollups equal the raw incidents (the same proof as the API test, at scale).
 *
 * Targets: series p95 ≤ 150 ms at 200 000 and ≤ 300 ms at 1 000 000; the co-occurrence map of a period and of the
 * whole year ≤ 300 ms at 1 000 000 (PostgreSQL; the school's map reads migration 0024's rollups). Figures for the issue note: the exit code says only whether the run itself worked.
 *
 * BENCH_DATABASE_URL=postgres://… | postgres-fresh (or --postgres)   default: in-memory PGlite
 * BENCH_INCIDENTS (default 200000), BENCH_ROUNDS (requests per row, default 20).
 */
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { type Db, openDb } from "../apps/server/src/db/client.ts";
import { seedDemoIfEmpty } from "../apps/server/src/db/seed/demo.ts";
import { generateIncidents } from "../apps/server/src/db/seed/incidents.ts";
import { benchDatabase } from "./database.ts";
import { runBench } from "./run.ts";
import { type Account, percentile, positiveInteger, signIn } from "./support.ts";

const SCHOOL_ID = "colegio-demo";
const SERIES_P95_MS = { 200000: 150, 1000000: 300 } as const;
const PAIRS_P95_MS = 300;

const wanted = positiveInteger("BENCH_INCIDENTS", 200_000);
const rounds = positiveInteger("BENCH_ROUNDS", 20);
const seriesTarget = wanted <= 200_000 ? SERIES_P95_MS[200_000] : SERIES_P95_MS[1_000_000];

type Json = Record<string, unknown>;
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The school's incidents at the wanted size: what is missing is generated (recurring pairs included). */
async function ensureIncidents(db: Db): Promise<string> {
  const started = performance.now();
  const [present] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from incidents where school_id = ${SCHOOL_ID}`,
  );
  const existing = present?.n ?? 0;
  if (existing >= wanted) return `${existing} incidents already there (reused)`;
  const missing = wanted - existing;
  // In slices, so no single statement's transition tables (the rollups' triggers) hold a million rows at once.
  const slice = 250_000;
  for (let done = 0, seed = 11; done < missing; done += slice, seed++) {
    const count = Math.min(slice, missing - done);
    await db.transaction((tx) => generateIncidents(tx, SCHOOL_ID, { count, days: 365, beforeSchoolYear: true, seed }));
    console.log(`  … ${existing + done + count} incidents`);
  }
  await db.execute(sql`vacuum analyze`);
  return `${missing} incidents generated in ${((performance.now() - started) / 1000).toFixed(1)} s (now ${wanted})`;
}

async function call(base: string, account: Account, path: string) {
  const res = await fetch(`${base}${path}`, { headers: account.headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path} as ${account.label}: ${res.status} ${text}`);
  const timing = /app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
  if (!timing) throw new Error(`${path}: no Server-Timing header`);
  return { ms: Number(timing[1]), body: JSON.parse(text) as { data: Json } };
}

const fmt = (n: number) => n.toFixed(1);
const mark = (ok: boolean) => (ok ? "PASS" : "FAIL");

async function measure(base: string, accounts: Account[], paths: { label: string; path: string }[]) {
  const table: Json[] = [];
  const all: number[] = [];
  for (const account of accounts) {
    for (const { label, path } of paths) {
      const first = await call(base, account, path); // warm the plan and the cache once
      const times: number[] = [];
      for (let i = 0; i < rounds; i++) times.push((await call(base, account, path)).ms);
      all.push(...times);
      const data = first.body.data;
      table.push({
        as: account.label,
        request: label,
        result:
          "total" in data
            ? `${data.total} incidents, ${(data.buckets as unknown[]).length} buckets`
            : `${(data.edges as unknown[]).length} pairs${data.truncated ? "+" : ""}, ${(data.nodes as unknown[]).length} students`,
        "p50 ms": fmt(percentile(times, 50)),
        "p95 ms": fmt(percentile(times, 95)),
        "max ms": fmt(Math.max(...times)),
      });
    }
  }
  return { table, all };
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
    const db = app.ctx.db;
    await seedDemoIfEmpty(db);
    const note = await ensureIncidents(db);
    // The Docente template has no incident graph: the bench's teacher gets it (as a school may grant it).
    await db.execute(sql`
      insert into profile_permissions (school_id, profile_id, permission)
      select school_id, id, 'module-incidents-graph' from profiles
       where school_id = ${SCHOOL_ID} and template_key = 'docente'
      on conflict do nothing`);
    const base = await app.listen({ host: "127.0.0.1", port: 0 });
    console.log(`Convive incident graph bench — ${database.label}`);
    console.log(
      `node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}; ${note}\n`,
    );

    const director = await signIn(base, "director@convive.test", "Director");
    const teacher = await signIn(base, "docente@convive.test", "Docente");
    const options = (await call(base, director, "/api/incident-graph/options")).body.data as {
      today: string;
      periods: { name: string; starts_on: string; ends_on: string; current: boolean }[];
    };
    const filters = (await call(base, director, "/api/incidents/filters")).body.data as {
      groups: { id: number; grade_id: number }[];
    };
    const group = filters.groups[0]!;
    const period = options.periods.find((p) => !p.current) ?? options.periods[0]!;
    const periodRange = `from=${period.starts_on}&to=${period.ends_on < options.today ? period.ends_on : options.today}`;
    const yearAgo = new Date(Date.parse(`${options.today}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
    const yearRange = `from=${yearAgo}&to=${options.today}`;

    const series = [
      ...(["day", "week", "month"] as const).flatMap((interval) =>
        (["classification", "category", "group"] as const).map((stack) => ({
          label: `series year by ${interval}, ${stack}`,
          path: `/api/incident-graph/series?${yearRange}&interval=${interval}&stack=${stack}`,
        })),
      ),
      { label: `series ${period.name} by day`, path: `/api/incident-graph/series?${periodRange}&interval=day` },
      {
        label: "series year by week, very serious, one grade",
        path: `/api/incident-graph/series?${yearRange}&classification=very-serious&grade_id=${group.grade_id}`,
      },
    ];
    const pairs = [
      { label: `pairs ${period.name} (min 2)`, path: `/api/incident-graph/pairs?${periodRange}` },
      { label: `pairs ${period.name} (min 1)`, path: `/api/incident-graph/pairs?${periodRange}&min_count=1` },
      { label: "pairs year (min 5)", path: `/api/incident-graph/pairs?${yearRange}&min_count=5` },
      {
        label: `pairs ${period.name}, serious, one group`,
        path: `/api/incident-graph/pairs?${periodRange}&classification=serious&group_id=${group.id}`,
      },
    ];

    const s = await measure(base, [director, teacher], series);
    console.log(`Time series — ${rounds} requests per row after one warm-up, server time:`);
    console.table(s.table);
    const sp95 = percentile(s.all, 95);
    const sWorst = Math.max(...s.table.map((r) => Number(r["p95 ms"])));
    console.log(
      `series, all rows: p50 ${fmt(percentile(s.all, 50))} ms, p95 ${fmt(sp95)} ms (target ≤ ${seriesTarget} ms) ` +
        `${mark(sp95 <= seriesTarget)}; worst row p95 ${fmt(sWorst)} ms ${mark(sWorst <= seriesTarget)}\n`,
    );

    const p = await measure(base, [director, teacher], pairs);
    console.log(`Co-occurrence map — ${rounds} requests per row after one warm-up, server time:`);
    console.table(p.table);
    const pp95 = percentile(p.all, 95);
    const pWorst = Math.max(...p.table.map((r) => Number(r["p95 ms"])));
    console.log(
      `pairs, all rows: p50 ${fmt(percentile(p.all, 50))} ms, p95 ${fmt(pp95)} ms (target ≤ ${PAIRS_P95_MS} ms) ` +
        `${mark(pp95 <= PAIRS_P95_MS)}; worst row p95 ${fmt(pWorst)} ms ${mark(pWorst <= PAIRS_P95_MS)}\n`,
    );

    // The rollups against the raw incidents, at this size.
    const [check] = await rows<{
      counted: number;
      raw: number;
      pairs: number;
      rawPairs: number;
      pairDays: number;
      pairMonths: number;
      shared: number;
      sharedDays: number;
      sharedMonths: number;
    }>(
      db,
      sql`
      select (select coalesce(sum(n), 0) from incident_day_counts where school_id = ${SCHOOL_ID})::int as counted,
             (select count(*) from incidents where school_id = ${SCHOOL_ID} and status <> 'cancelled')::int as raw,
             (select count(*) from incident_pairs where school_id = ${SCHOOL_ID})::int as pairs,
             (select count(*) from incident_students a join incident_students b on b.school_id = a.school_id
                 and b.incident_id = a.incident_id and b.student_id > a.student_id
                join incidents i on i.school_id = a.school_id and i.id = a.incident_id
               where a.school_id = ${SCHOOL_ID} and i.status <> 'cancelled')::int as "rawPairs",
             (select coalesce(sum(n), 0) from incident_pair_days where school_id = ${SCHOOL_ID} and grain = 'day')::int
               as "pairDays",
             (select coalesce(sum(n), 0) from incident_pair_days where school_id = ${SCHOOL_ID} and grain = 'month')::int
               as "pairMonths",
             (select count(*) from incident_students x join incidents i on i.school_id = x.school_id and i.id = x.incident_id
               where x.school_id = ${SCHOOL_ID} and i.status <> 'cancelled'
                 and exists (select 1 from incident_students o where o.school_id = x.school_id
                                and o.incident_id = x.incident_id and o.student_id <> x.student_id))::int as shared,
             (select coalesce(sum(n), 0) from incident_student_days where school_id = ${SCHOOL_ID} and grain = 'day')::int
               as "sharedDays",
             (select coalesce(sum(n), 0) from incident_student_days where school_id = ${SCHOOL_ID} and grain = 'month')::int
               as "sharedMonths"`,
    );
    console.log(
      `rollups: ${check!.counted} incidents counted by day vs ${check!.raw} raw ${mark(check!.counted === check!.raw)}; ` +
        `${check!.pairs} pair rows vs ${check!.rawPairs} raw ${mark(check!.pairs === check!.rawPairs)}; ` +
        `by day and month ${check!.pairDays}, ${check!.pairMonths} ` +
        `${mark(check!.pairDays === check!.rawPairs && check!.pairMonths === check!.rawPairs)}; students' shared incidents ` +
        `by day and month ${check!.sharedDays}, ${check!.sharedMonths} vs ${check!.shared} raw ` +
        `${mark(check!.sharedDays === check!.shared && check!.sharedMonths === check!.shared)}`,
    );
  } finally {
    await app?.close();
    await opened.close();
    await database.drop();
  }
}

runBench(main);
