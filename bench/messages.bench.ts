/**
 * Messages bench (`npm run bench:messages`, issue 27 "Speed"), two targets:
 *
 * 1. A message reaches an online recipient's screen in < 1 s end to end: the demo school's server listens on a
 *    port, docente@ and familia@ each hold a real Socket.IO client, and each round one of them sends through the
 *    real HTTP API (fetch) while the other's socket waits for its `messages:new`; the time is from the moment the
 *    request leaves to the moment the packet arrives (both clients in this process, on one clock). Directions
 *    alternate: teacher → mother (a family recipient), mother → teacher (staff).
 * 2. A director's inbox with BENCH_CONVERSATIONS conversations (default 10 000: that many students added to the demo
 *    school, two messages each) loads its first page ≤ 50 ms server time (`Server-Timing: app;dur`, in-process
 *    app.inject, BENCH_ROUNDS rounds); the unread filter, a text search and the badge are timed beside it.
 *
 * BENCH_DATABASE_URL=postgres://… | postgres-fresh (or --postgres)   default: in-memory PGlite
 */
import { randomUUID } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { io, type Socket } from "socket.io-client";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { openDb } from "../apps/server/src/db/client.ts";
import { COLEGIO_ID } from "../apps/server/src/db/seed/colegio-demo.ts";
import { seedDemoIfEmpty } from "../apps/server/src/db/seed/demo.ts";
import { benchDatabase } from "./database.ts";
import { runBench } from "./run.ts";
import { type Account, percentile, positiveInteger, signIn } from "./support.ts";

const DELIVERY_BUDGET_MS = 1000;
const INBOX_BUDGET_MS = 50;
const conversationsWanted = positiveInteger("BENCH_CONVERSATIONS", 10_000);
const rounds = positiveInteger("BENCH_ROUNDS", 100);
const deliveries = positiveInteger("BENCH_DELIVERIES", 40);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const fmt = (n: number) => `${n.toFixed(1)} ms`;
const summary = (values: number[]) =>
  `p50 ${fmt(percentile(values, 50))}, p95 ${fmt(percentile(values, 95))}, max ${fmt(Math.max(...values))}`;

function connect(url: string, account: Account): Promise<Socket> {
  const socket = io(url, {
    path: "/socket.io",
    transports: ["websocket"],
    reconnection: false,
    auth: { token: account.token, schoolId: COLEGIO_ID },
  });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

/** One message sent over HTTP by `from`, timed until `to`'s socket announces it. */
async function deliverOnce(url: string, from: Account, arrivals: Map<number, number>, studentId: number, n: number) {
  const started = performance.now();
  const res = await fetch(`${url}/api/students/${studentId}/messages`, {
    method: "POST",
    headers: { ...from.headers, "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify({ body: `Mensaje de prueba ${n}: ¿nos confirman la asistencia de mañana?` }),
  });
  if (res.status !== 201) throw new Error(`send as ${from.label}: ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  const deadline = Date.now() + 10_000;
  while (!arrivals.has(id)) {
    if (Date.now() > deadline) throw new Error(`message ${id} never reached the other socket`);
    await new Promise((r) => setTimeout(r, 1));
  }
  return arrivals.get(id)! - started;
}

/** Adds students to the demo school, each with a conversation of two messages (staff, then family). */
async function seedConversations(
  db: Awaited<ReturnType<typeof openDb>>["db"],
  count: number,
  staffId: number,
  familyId: number,
) {
  const [have] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from conversations where school_id = ${COLEGIO_ID}`),
  );
  const missing = count - have!.n;
  if (missing <= 0) return `${have!.n} conversations already there`;
  const started = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into students (school_id, enrollment, first_name, paternal_surname, maternal_surname)
      select ${COLEGIO_ID}, 'BENCH-MSG-' || g, (array['Mateo','Valentina','Iker','Regina','Emiliano','Ximena'])[1 + g % 6],
             (array['García','Hernández','López','Martínez','Flores','Ruiz'])[1 + g % 6], 'Bench'
        from generate_series(1, ${missing}) g`);
    await tx.execute(sql`
      insert into student_groups (school_id, student_id, school_year_id, group_id)
      select s.school_id, s.id, g.school_year_id, g.id
        from (select id, school_id, row_number() over (order by id) as n from students
               where school_id = ${COLEGIO_ID} and enrollment like 'BENCH-MSG-%') s
        join (select g.id, g.school_year_id, row_number() over (order by g.id) - 1 as k, count(*) over () as total
                from groups g join school_years y on y.school_id = g.school_id and y.id = g.school_year_id and y.is_current
               where g.school_id = ${COLEGIO_ID}) g on g.k = s.n % g.total`);
    await tx.execute(sql`
      insert into conversations (school_id, student_id, last_message_at)
      select school_id, id, now() - row_number() over (order by id) * interval '1 minute'
        from students where school_id = ${COLEGIO_ID} and enrollment like 'BENCH-MSG-%'`);
    await tx.execute(sql`
      insert into messages (school_id, conversation_id, student_id, author_id, author_is_family, body, created_at)
      select c.school_id, c.id, c.student_id, case when k = 1 then ${staffId}::int else ${familyId}::int end, k = 2,
             case when k = 1 then 'Les recuerdo que mañana hay junta de padres a las 8:00.'
                  else 'Gracias, ahí estaremos.' end,
             c.last_message_at - (2 - k) * interval '30 minutes'
        from conversations c join students s on s.school_id = c.school_id and s.id = c.student_id
        cross join generate_series(1, 2) k
       where c.school_id = ${COLEGIO_ID} and s.enrollment like 'BENCH-MSG-%'`);
    await tx.execute(sql`
      update conversations c set last_message_id = m.id, last_author_id = m.author_id
        from (select distinct on (conversation_id) conversation_id, id, author_id from messages
               where school_id = ${COLEGIO_ID} order by conversation_id, id desc) m
       where c.school_id = ${COLEGIO_ID} and c.id = m.conversation_id and c.last_message_id is null`);
  });
  for (const table of ["conversations", "messages", "conversation_reads", "students", "student_groups"]) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
  return `${missing} conversations added in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}

/** The server's own time of an answer (`Server-Timing: app;dur=…`). */
function serverTime(header: unknown, url: string) {
  const match = /app;dur=([\d.]+)/.exec(String(header ?? ""));
  if (!match) throw new Error(`GET ${url}: no server timing`);
  return Number(match[1]);
}

async function timeInbox(app: FastifyInstance, director: Account, url: string) {
  const get = async () => {
    const res = await app.inject({ method: "GET", url, headers: director.headers });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return serverTime(res.headers["server-timing"], url);
  };
  for (let i = 0; i < 5; i++) await get();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push(await get());
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
  const opened = await openDb(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
  let app: FastifyInstance | undefined;
  const sockets: Socket[] = [];
  try {
    app = await buildApp({ config, db: opened.db });
    await seedDemoIfEmpty(opened.db);
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(`Convive messages bench — ${database.label}`);
    console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${load} (figures scale with it)\n`);

    // 1. Delivery to an open screen, two real sockets.
    const teacher = await signIn(url, "docente@convive.test", "docente@");
    const mother = await signIn(url, "familia@convive.test", "familia@");
    const [sofia] = rowsOf<{ id: number }>(
      await opened.db.execute(sql`select s.id from students s join family_links l on l.school_id = s.school_id
        and l.student_id = s.id where l.user_id = ${mother.userId} and s.first_name = 'Sofía'`),
    );
    const arrivals = { teacher: new Map<number, number>(), mother: new Map<number, number>() };
    for (const [who, account] of [
      ["teacher", teacher],
      ["mother", mother],
    ] as const) {
      const socket = await connect(url, account);
      sockets.push(socket);
      socket.on("messages:new", (p: { message_id: number }) => arrivals[who].set(p.message_id, performance.now()));
    }
    const toMother: number[] = [];
    const toTeacher: number[] = [];
    for (let i = 0; i < deliveries + 4; i++) {
      const outward = i % 2 === 0;
      const ms = outward
        ? await deliverOnce(url, teacher, arrivals.mother, sofia!.id, i)
        : await deliverOnce(url, mother, arrivals.teacher, sofia!.id, i);
      if (i < 4) continue; // warm-up
      (outward ? toMother : toTeacher).push(ms);
    }
    const worstDelivery = Math.max(...toMother, ...toTeacher);
    console.table([
      {
        direction: "docente@ → familia@ (family recipient)",
        messages: toMother.length,
        "send → socket": summary(toMother),
      },
      {
        direction: "familia@ → docente@ (staff recipient)",
        messages: toTeacher.length,
        "send → socket": summary(toTeacher),
      },
    ]);
    console.log(
      `slowest message to an online recipient's socket: ${fmt(worstDelivery)} (target < ${DELIVERY_BUDGET_MS} ms) ${worstDelivery < DELIVERY_BUDGET_MS ? "PASS" : "FAIL"}\n`,
    );

    // 2. The director's inbox over BENCH_CONVERSATIONS conversations.
    const director = await signIn(app, "director@convive.test", "director@");
    const note = await seedConversations(opened.db, conversationsWanted, teacher.userId, mother.userId);
    const [n] = rowsOf<{ n: number }>(
      await opened.db.execute(sql`select count(*)::int as n from conversations where school_id = ${COLEGIO_ID}`),
    );
    console.log(`${n!.n} conversations in ${COLEGIO_ID} (${note}); ${rounds} rounds per call, sequential`);
    const calls = [
      { what: "first page (20)", url: "/api/messages/inbox" },
      { what: "first page, unread only", url: "/api/messages/inbox?filter=unread" },
      { what: "search a message's text", url: "/api/messages/inbox?q=junta" },
      { what: "the badge (unread count)", url: "/api/messages/unread" },
    ];
    const table = [];
    let firstPage = 0;
    for (const call of calls) {
      const times = await timeInbox(app, director, call.url);
      if (call.url === "/api/messages/inbox") firstPage = percentile(times, 95);
      table.push({ call: call.what, "server time": summary(times) });
    }
    console.table(table);
    console.log(
      `director's first inbox page, p95 server time: ${fmt(firstPage)} (target ≤ ${INBOX_BUDGET_MS} ms) ${firstPage <= INBOX_BUDGET_MS ? "PASS" : "FAIL"}`,
    );
  } finally {
    for (const socket of sockets) socket.close();
    await app?.close();
    await opened.close();
    await database.drop();
  }
}

runBench(main);
