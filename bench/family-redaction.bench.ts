/**
 * Family redaction path bench (`npx tsx bench/family-redaction.bench.ts`, issue 24 §1 "Speed"): what the one path
 * every text a family reads passes (lib/family-reader.ts, applied to JSON by plugins/family-redaction.ts) adds to
 * a family's heaviest screens. familia@'s child with the most incidents, in the demo school filled with generated
 * incidents, plus BENCH_EXTRA of them about that child with long details naming other students (so the archive's
 * fullest page and the child's file are full of text to read).
 *
 * Per round, in-process (app.inject, no sockets): the request as the family, with the path; and the path's own
 * work on that answer — `familyAnswer`, exactly what the hook does (one statement: the names' digest, the
 * children and the payload's incidents' students; then the walk) — timed alone, twice: "read again", with the
 * texts the request kept (lib/family-text-cache.ts), as a family's next visit to the screen; and "first read",
 * with no text kept (the school's name index still kept). "Without the path" is the request minus the first,
 * paired per round. Prints p50/p95 of each and PASS/FAIL against the issue's budget (≤ 2 ms p95 added).
 *
 * BENCH_DATABASE_URL=postgres://… | postgres-fresh (or --postgres)   default: in-memory PGlite
 * BENCH_INCIDENTS (school-wide, default 20000), BENCH_EXTRA (the child's own, default 300), BENCH_ROUNDS (default 100).
 */
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { openDb } from "../apps/server/src/db/client.ts";
import { seedDemoIfEmpty } from "../apps/server/src/db/seed/demo.ts";
import { familyAnswer } from "../apps/server/src/lib/family-reader.ts";
import { clearFamilyTexts } from "../apps/server/src/lib/family-text-cache.ts";
import { benchDatabase } from "./database.ts";
import { ensureArchive } from "./incident-archive.ts";
import { runBench } from "./run.ts";
import { percentile, positiveInteger, signIn } from "./support.ts";

const SCHOOL_ID = "colegio-demo";
const BUDGET_MS = 2;
const incidentsWanted = positiveInteger("BENCH_INCIDENTS", 20_000);
const extra = positiveInteger("BENCH_EXTRA", 300);
const rounds = positiveInteger("BENCH_ROUNDS", 100);

type Db = Awaited<ReturnType<typeof openDb>>["db"];
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const fmt = (n: number) => `${n.toFixed(2)} ms`;
const summary = (values: number[]) => `p50 ${fmt(percentile(values, 50))}, p95 ${fmt(percentile(values, 95))}`;

/** Copies of the child's incidents with long details naming other students of the school (one statement). */
async function addTexts(db: Db, studentId: number, count: number) {
  await db.execute(sql`
    with names as (
      select first_name || ' ' || paternal_surname || ' ' || maternal_surname as name,
             row_number() over (order by id) as k
        from students where school_id = ${SCHOOL_ID} and id <> ${studentId}),
    src as (
      select i.* from incidents i join incident_students s on s.school_id = i.school_id and s.incident_id = i.id
       where i.school_id = ${SCHOOL_ID} and s.student_id = ${studentId} limit 1),
    made as (
      insert into incidents (school_id, folio, school_year_id, period_id, category_id, type_id, classification,
                             detail, place, occurred_at, status, group_id, recorded_by, visible_to_family, points,
                             student_ids, group_ids)
      select src.school_id, 900000 + n, src.school_year_id, src.period_id, src.category_id, src.type_id,
             src.classification,
             'En el recreo ' || (select name from names where k = 1 + (n * 7) % (select count(*) from names)) ||
             ' empujó a ' || (select name from names where k = 1 + (n * 13) % (select count(*) from names)) ||
             ' junto a la cancha; la maestra habló con los dos y con ' || (select name from names where k = 1 + (n * 17) % (select count(*) from names)) ||
             ', que lo vio todo. ' || repeat('Se acordó hablar con las familias y revisar el reglamento del salón. ', 4),
             'Patio', src.occurred_at - (n || ' hours')::interval, 'open', src.group_id, src.recorded_by, true,
             src.points, array[${studentId}]::integer[], src.group_ids
        from src, generate_series(1, ${count}) as n
      on conflict do nothing
      returning id, school_id)
    insert into incident_students (school_id, incident_id, student_id, role, group_id)
    select made.school_id, made.id, ${studentId}, 'involved', src.group_id from made, src`);
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
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config, db: opened.db });
    await seedDemoIfEmpty(opened.db);
    const note = await ensureArchive(opened.db, SCHOOL_ID, incidentsWanted);
    const mother = await signIn(app, "familia@convive.test");
    const [child] = rowsOf<{ id: number }>(
      await opened.db.execute(sql`select l.student_id as id from family_links l join users u on u.id = l.user_id
        left join incident_students s on s.school_id = l.school_id and s.student_id = l.student_id
        where l.school_id = ${SCHOOL_ID} and u.email = 'familia@convive.test'
        group by l.student_id order by count(s.incident_id) desc limit 1`),
    );
    await addTexts(opened.db, child!.id, extra);
    const [counts] = rowsOf<{ incidents: number; students: number }>(
      await opened.db.execute(sql`select
        (select count(*)::int from incident_students where school_id = ${SCHOOL_ID} and student_id = ${child!.id}) as incidents,
        (select count(*)::int from students where school_id = ${SCHOOL_ID}) as students`),
    );
    const get = async (url: string) => {
      const res = await app!.inject({ method: "GET", url, headers: { ...mother.headers, "accept-language": "es" } });
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res;
    };
    const archive = (await get("/api/incidents?per_page=100")).json().data.incidents as { id: number }[];
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(`Convive family redaction path bench — ${database.label}; ${note}`);
    console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${load} (figures scale with it)`);
    console.log(
      `the child has ${counts!.incidents} incidents; the school ${counts!.students} students; ${rounds} rounds per screen\n`,
    );

    const screens = [
      { what: "archive, fullest page (100 incidents)", url: "/api/incidents?per_page=100" },
      { what: "child's file", url: `/api/students/${child!.id}/file` },
      { what: "incident details", url: `/api/incidents/${archive[0]!.id}` },
      { what: "scorecard", url: `/api/scorecard/students/${child!.id}` },
      { what: "points", url: `/api/students/${child!.id}/points` },
    ];
    const table = [];
    let worst = 0;
    let worstFirst = 0;
    for (const screen of screens) {
      const withPath: number[] = [];
      const path: number[] = [];
      const first: number[] = [];
      const without: number[] = [];
      const who = { schoolId: SCHOOL_ID, userId: mother.userId, language: "es" as const };
      for (let round = -5; round < rounds; round++) {
        let t0 = performance.now();
        const res = await get(screen.url);
        const request = performance.now() - t0;
        const payload = res.json();
        // The screen read again: its texts as the request above left them kept (lib/family-text-cache.ts).
        t0 = performance.now();
        await familyAnswer(opened.db, who, payload);
        const own = performance.now() - t0;
        // The screen's first read: no text of it kept yet (the school's name index still kept, as it is unless
        // the names changed).
        clearFamilyTexts();
        t0 = performance.now();
        await familyAnswer(opened.db, who, payload);
        const fresh = performance.now() - t0;
        if (round < 0) continue; // warm-up
        withPath.push(request);
        path.push(own);
        first.push(fresh);
        without.push(Math.max(0, request - own));
      }
      const added = percentile(path, 95);
      worst = Math.max(worst, added);
      worstFirst = Math.max(worstFirst, percentile(first, 95));
      table.push({
        screen: screen.what,
        "with path p95": fmt(percentile(withPath, 95)),
        "without p95": fmt(percentile(without, 95)),
        "path, read again": summary(path),
        "path, first read": summary(first),
        "added p95 / with p95": `${((100 * added) / percentile(withPath, 95)).toFixed(0)} %`,
      });
    }
    console.table(table);
    const verdict = (ms: number) => (ms <= BUDGET_MS ? "PASS" : "FAIL");
    console.log(
      `${verdict(worst)} p95 added by the path on the heaviest screen, read again: ${fmt(worst)} (target ≤ ${BUDGET_MS} ms)`,
    );
    console.log(
      `${verdict(worstFirst)} p95 added by the path on the heaviest screen, first read: ${fmt(worstFirst)} (target ≤ ${BUDGET_MS} ms)`,
    );
  } finally {
    await app?.close();
    await opened.close();
    await database.drop();
  }
}

runBench(main);
