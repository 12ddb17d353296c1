/**
 * Announcements bench (`npm run bench:announcements`, issue 27 "Speed"): an announcement to BENCH_FAMILIES families
 * (default 1 000: that many students, each with one family member, added to a group of the demo school) answers in
 * ≤ 2 s server time with their notifications written (`Server-Timing: app;dur`, in-process app.inject); the e-mails
 * are written by a job after the answer (JOBS_ENABLED=false here, so the job only waits). BENCH_ROUNDS sends, each
 * to the same families (every send writes its own recipients and notifications).
 *
 * BENCH_DATABASE_URL=postgres://… | postgres-fresh (or --postgres)   default: in-memory PGlite
 */
import { randomUUID } from "node:crypto";
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

const BUDGET_MS = 2000;
const families = positiveInteger("BENCH_FAMILIES", 1000);
const rounds = positiveInteger("BENCH_ROUNDS", 10);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const fmt = (n: number) => `${n.toFixed(1)} ms`;

/** A group of the current year with `count` students, each with a family member of their own (an active Familiar). */
async function seedGroup(db: Awaited<ReturnType<typeof openDb>>["db"], count: number) {
  return db.transaction(async (tx) => {
    const [group] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        select g.id from groups g join school_years y on y.school_id = g.school_id and y.id = g.school_year_id
         where g.school_id = ${COLEGIO_ID} and y.is_current order by g.id limit 1`),
    );
    const [profile] = rowsOf<{ id: number }>(
      await tx.execute(sql`select id from profiles where school_id = ${COLEGIO_ID} and template_key = 'familiar'`),
    );
    await tx.execute(sql`
      insert into users (first_name, paternal_surname, email, password_hash)
      select 'Familia', 'Bench ' || g, 'bench.family.' || g || '@convive.test', 'x' from generate_series(1, ${count}) g`);
    await tx.execute(sql`
      insert into memberships (school_id, user_id, profile_id)
      select ${COLEGIO_ID}, id, ${profile!.id} from users where email like 'bench.family.%@convive.test'`);
    await tx.execute(sql`
      insert into family_members (school_id, user_id)
      select ${COLEGIO_ID}, id from users where email like 'bench.family.%@convive.test'`);
    await tx.execute(sql`
      insert into students (school_id, enrollment, first_name, paternal_surname, maternal_surname)
      select ${COLEGIO_ID}, 'BENCH-ANN-' || g, 'Alumno', 'Bench ' || g, 'Aviso' from generate_series(1, ${count}) g`);
    await tx.execute(sql`
      insert into student_groups (school_id, student_id, school_year_id, group_id)
      select s.school_id, s.id, g.school_year_id, g.id
        from students s, groups g
       where s.school_id = ${COLEGIO_ID} and s.enrollment like 'BENCH-ANN-%' and g.school_id = s.school_id
         and g.id = ${group!.id}`);
    await tx.execute(sql`
      insert into family_links (school_id, student_id, user_id, relationship)
      select s.school_id, s.id, u.id, 'mother'
        from students s join users u on u.email = 'bench.family.' || substr(s.enrollment, 11) || '@convive.test'
       where s.school_id = ${COLEGIO_ID} and s.enrollment like 'BENCH-ANN-%'`);
    return group!.id;
  });
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
    const groupId = await seedGroup(opened.db, families);
    const director = await signIn(app, "director@convive.test", "director@");
    console.log(`Convive announcements bench — ${database.label}`);
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${load} (figures scale with it)\n`);
    const times: number[] = [];
    let reached = 0;
    for (let i = 0; i < rounds + 1; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/announcements",
        headers: { ...director.headers, "content-type": "application/json", "idempotency-key": randomUUID() },
        payload: {
          audience: { kind: "group", id: groupId },
          title: `Aviso ${i}`,
          body: "Mañana no hay clases por la junta de consejo técnico.",
          needs_confirmation: true,
        },
      });
      if (res.statusCode !== 201) throw new Error(`send: ${res.statusCode} ${res.body.slice(0, 300)}`);
      reached = res.json().data.totals.recipients;
      const match = /app;dur=([\d.]+)/.exec(String(res.headers["server-timing"] ?? ""));
      if (!match) throw new Error("no server timing");
      if (i > 0) times.push(Number(match[1])); // the first warms the plans
    }
    const [notified] = rowsOf<{ n: number }>(
      await opened.db.execute(sql`select count(*)::int as n from notifications
        where school_id = ${COLEGIO_ID} and type = 'announcement.received'`),
    );
    console.table([
      {
        families: reached,
        sends: times.length,
        "p50 server time": fmt(percentile(times, 50)),
        "p95 server time": fmt(percentile(times, 95)),
        max: fmt(Math.max(...times)),
        "notifications written": notified!.n,
      },
    ]);
    const worst = Math.max(...times);
    console.log(
      `announcement to ${reached} families, slowest server time: ${fmt(worst)} (target ≤ ${BUDGET_MS} ms) ${worst <= BUDGET_MS ? "PASS" : "FAIL"}`,
    );
  } finally {
    await app?.close();
    await opened.close();
    await database.drop();
  }
}

runBench(main);
