/**
 * Nursing bench (`npm run bench:nursing`, issue 29 "Speed"): recording a visit ≤ 30 ms server time, the family
 * notified in under a minute.
 *
 * As the demo's nurse (enfermeria1@), `POST /api/students/:id/nursing-visits` for Diego — whose mother and father
 * are linked, so each visit writes two in-app notifications and two e-mails in the outbox in the same transaction —
 * BENCH_ROUNDS times (in-process app.inject; `Server-Timing: app;dur`, the server's own time). For each visit the
 * bench also times how long after the request began (a) the bus announced `notifications.created` for the mother
 * (what the realtime plugin pushes to her open screens) and (b) her `GET /api/notifications` lists it, and reads the
 * visit's `family_notified_at` against its arrival. The e-mails are in the outbox when the visit commits; the job
 * runner sends them on its next claim (bench:outbox measures that path).
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
import { percentile, positiveInteger, signIn } from "./support.ts";

const VISIT_BUDGET_MS = 30;
const NOTIFIED_BUDGET_MS = 60_000;
const rounds = positiveInteger("BENCH_ROUNDS", 100);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const fmt = (n: number) => `${n.toFixed(2)} ms`;
const summary = (values: number[]) =>
  `p50 ${fmt(percentile(values, 50))}, p95 ${fmt(percentile(values, 95))}, max ${fmt(Math.max(...values))}`;

function serverTime(header: unknown) {
  const match = /app;dur=([\d.]+)/.exec(String(header ?? ""));
  if (!match) throw new Error("no server timing");
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
  const db = opened.db;
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config, db });
    await seedDemoIfEmpty(db);
    await app.ready();
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(`Convive nursing bench — ${database.label}`);
    console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${load} (figures scale with it)\n`);
    const nurse = await signIn(app, "enfermeria1@convive.test", "enfermeria1@");
    const mother = await signIn(app, "familia@convive.test", "familia@");
    const [diego] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from students where school_id = ${COLEGIO_ID} and first_name = 'Diego'
        and paternal_surname = 'Ramírez'`),
    );
    const [reason] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from nursing_options where school_id = ${COLEGIO_ID} and kind = 'reason'
        and active order by id limit 1`),
    );
    const [family] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from family_links where school_id = ${COLEGIO_ID}
        and student_id = ${diego!.id}`),
    );
    console.log(`Diego has ${family!.n} family members: each visit writes ${family!.n} notifications and e-mails\n`);

    const bare: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      await db.execute(sql`select 1`);
      bare.push(performance.now() - started);
    }
    console.log(`a bare \`select 1\`: ${summary(bare)}\n`);

    // The bus's announcement of the mother's notification (what the realtime plugin pushes to her screens).
    let announced: (() => void) | null = null;
    app.ctx.events.on("notifications.created", (payload) => {
      if (payload.delivered.some((d) => d.userId === mother.userId)) announced?.();
    });

    const server: number[] = [];
    const pushed: number[] = [];
    const listed: number[] = [];
    const stamped: number[] = [];
    for (let i = 0; i < rounds + 5; i++) {
      const started = performance.now();
      const heard = new Promise<number>((resolve) => {
        announced = () => resolve(performance.now() - started);
      });
      const res = await app.inject({
        method: "POST",
        url: `/api/students/${diego!.id}/nursing-visits`,
        headers: nurse.headers,
        payload: { reason_id: reason!.id, treatment: `Bench ${i}`, vitals: { temperature_c: 36.5 } },
      });
      if (res.statusCode !== 201) throw new Error(`POST visit: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const visit = res.json().data as { arrived_at: string; family_notified_at: string | null };
      if (!visit.family_notified_at) throw new Error("the visit says the family was not notified");
      const pushMs = await heard;
      const bell = await app.inject({ method: "GET", url: "/api/notifications?limit=5", headers: mother.headers });
      const seen = (bell.json().data.notifications as { type: string; body: string }[]).some(
        (n) => n.type === "nursing.visit",
      );
      if (!seen) throw new Error("the mother's notifications do not list the visit");
      const listMs = performance.now() - started;
      if (i < 5) continue;
      server.push(serverTime(res.headers["server-timing"]));
      pushed.push(pushMs);
      listed.push(listMs);
      stamped.push(Date.parse(visit.family_notified_at) - Date.parse(visit.arrived_at));
    }
    const [outbox] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from email_outbox where school_id = ${COLEGIO_ID}
        and subject like '%enfermería%'`),
    );

    const p95 = percentile(server, 95);
    console.log(`record a visit (server time), ${rounds} rounds: ${summary(server)}`);
    console.log(`  target ≤ ${VISIT_BUDGET_MS} ms p95: ${p95 <= VISIT_BUDGET_MS ? "MET" : "NOT MET"}`);
    console.log(`mother's notification announced (push) after the request began: ${summary(pushed)}`);
    console.log(`mother's GET /api/notifications lists it after the request began: ${summary(listed)}`);
    console.log(`family_notified_at − arrived_at on the visit: ${summary(stamped)}`);
    const worst = Math.max(...listed);
    console.log(
      `  target: family notified in under a minute — worst ${fmt(worst)}: ${worst < NOTIFIED_BUDGET_MS ? "MET" : "NOT MET"}`,
    );
    console.log(`e-mails queued in the outbox with the visits: ${outbox!.n}`);
  } finally {
    await app?.close();
    await opened.close();
    await database.drop();
  }
}

runBench(main);
