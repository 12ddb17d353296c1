/**
 * Offline sync bench (`npm run bench:offline-sync [-- --postgres]`), issue 32 §3: a phone comes back online with 50
 * incidents registered offline and sends them as its outbox does — one after the other, each with the key it was
 * written with and the groups its students were seen in — through the real app (app.inject). Prints the server time
 * of the whole sync (target ≤ 5 s) and of one registration (median, p95), then checks that each incident's
 * notifications are queued (in-app rows, and the families' e-mails in the outbox) and that sending all 50 again
 * (the answers were lost) makes nothing new. Figures, not a timed test: exit 0 whatever they say.
 *
 * default: in-memory PGlite · --postgres (or BENCH_DATABASE_URL=postgres-fresh): a throw-away PostgreSQL database
 * BENCH_QUEUED (default 50)
 */
import { randomUUID } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { incidentSchool, registration } from "../apps/server/test/helpers/incidents.ts";
import { benchDatabase } from "./database.ts";
import { runBench } from "./run.ts";

const QUEUED = Number(process.env.BENCH_QUEUED ?? 50);
const TARGET_MS = 5_000;
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

async function count(app: FastifyInstance, schoolId: string) {
  const res = (await app.ctx.db.execute(sql`select
      (select count(*) from incidents where school_id = ${schoolId})::int as incidents,
      (select count(*) from notifications where school_id = ${schoolId})::int as notifications,
      (select count(*) from email_outbox)::int as emails`)) as unknown as {
    rows: { incidents: number; notifications: number; emails: number }[];
  };
  return res.rows[0]!;
}

async function run(app: FastifyInstance) {
  const s = await incidentSchool(app, app.ctx.db);
  // The queue as the phone kept it: written over the break, a minute apart, about two students of group A.
  const queue = Array.from({ length: QUEUED }, (_, i) => ({
    key: randomUUID(),
    body: registration(s, {
      students: [
        { student_id: s.a1.id, role: "involved", seen_group_id: s.groupA.id },
        { student_id: s.a2.id, role: "affected", seen_group_id: s.groupA.id },
      ],
      detail: `Registrada sin conexión durante el recreo (${i + 1}).`,
      occurred_at: new Date(Date.now() - (QUEUED - i) * 60_000).toISOString(),
    }),
  }));
  const send = async ({ key, body }: (typeof queue)[number]) => {
    const started = performance.now();
    const res = await s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: body,
      headers: { "idempotency-key": key },
    });
    const ms = performance.now() - started;
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    return ms;
  };
  // Warm the paths once (a registration of its own, not one of the queue).
  await send({ key: randomUUID(), body: registration(s) });
  const before = await count(app, s.school.id);

  const started = performance.now();
  const each: number[] = [];
  for (const item of queue) each.push(await send(item));
  const total = performance.now() - started;
  // Writes that go after the answer (e-mails to families are queued there) settle before counting.
  await app.ctx.background.drain();
  const after = await count(app, s.school.id);

  const replayStarted = performance.now();
  for (const item of queue) await send(item);
  const replay = performance.now() - replayStarted;
  const again = await count(app, s.school.id);
  return { total, each, replay, before, after, again };
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
    await app.ready();
    console.log(`Convive offline sync bench — ${database.label}`);
    console.log(
      `node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}\n`,
    );
    const r = await run(app);
    const made = r.after.incidents - r.before.incidents;
    const notices = r.after.notifications - r.before.notifications;
    const emails = r.after.emails - r.before.emails;
    console.table({
      [`sync of ${QUEUED} queued incidents`]: { ms: Math.round(r.total), target: `≤ ${TARGET_MS}` },
      "one registration, median": { ms: Number(quantile(r.each, 0.5).toFixed(1)), target: "" },
      "one registration, p95": { ms: Number(quantile(r.each, 0.95).toFixed(1)), target: "" },
      [`the same ${QUEUED} sent again (answers lost)`]: { ms: Math.round(r.replay), target: "" },
    });
    console.log(
      `incidents made: ${made} of ${QUEUED}; notifications queued: ${notices} (${(notices / QUEUED).toFixed(1)} each); ` +
        `family e-mails queued: ${emails}; sent again: ${r.again.incidents - r.after.incidents} new incidents, ` +
        `${r.again.notifications - r.after.notifications} new notifications`,
    );
    const ok = r.total <= TARGET_MS && made === QUEUED && notices >= QUEUED && r.again.incidents === r.after.incidents;
    console.log(ok ? "PASS" : "FAIL");
  } finally {
    await app?.close();
    await database.drop();
  }
}

runBench(main);
