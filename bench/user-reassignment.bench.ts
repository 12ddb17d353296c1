/**
 * User reassignment bench (`npm run bench:user-reassignment`, issue 31 §2; no speed target in the issue — figures
 * for the note): docente1 of the demo school, who heads 1° A Primaria and teaches its subjects, is also made
 * responsible for BENCH_ACTIONS open formative actions (default 500) across the demo's open incidents. The Director
 * lists her work, previews handing all of it to docente2 and applies it — one transaction, one timeline entry per
 * action. Server time of each call (Server-Timing).
 *
 * BENCH_DATABASE_URL=postgres://… | postgres-fresh (or --postgres)   default: in-memory PGlite
 */
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { openDb } from "../apps/server/src/db/client.ts";
import { seedDemoIfEmpty } from "../apps/server/src/db/seed/demo.ts";
import { benchDatabase } from "./database.ts";
import { runBench } from "./run.ts";
import { positiveInteger, signIn } from "./support.ts";

const SCHOOL_ID = "colegio-demo";
const actions = positiveInteger("BENCH_ACTIONS", 500);

type Headers = Record<string, string>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const fmt = (n: number) => n.toFixed(1);

async function timed(base: string, headers: Headers, method: "GET" | "POST", path: string, body?: unknown) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...headers,
      ...(body === undefined ? {} : { "content-type": "application/json", "idempotency-key": crypto.randomUUID() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const wall = performance.now() - started;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  const timing = /app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
  return { ms: timing ? Number(timing[1]) : wall, wall, data: JSON.parse(text).data };
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
    console.log(`Convive user reassignment bench — ${database.label}`);
    console.log(
      `node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}\n`,
    );
    const director = await signIn(base, "director@convive.test");
    const [from] = rowsOf<{ id: number }>(
      await opened.db.execute(sql`select id from users where email = 'docente1@convive.test'`),
    );
    const [to] = rowsOf<{ id: number }>(
      await opened.db.execute(sql`select id from users where email = 'docente2@convive.test'`),
    );
    // Open actions for docente1 over the open incidents' students, round-robin (written straight in: setup).
    await opened.db.execute(sql`
      insert into formative_actions (school_id, incident_id, student_id, guideline, responsible_id, starts_on,
                                     next_due_on, created_by)
      select ${SCHOOL_ID}, s.incident_id, s.student_id, 'Acción de prueba ' || g, ${from!.id}, current_date,
             current_date + 7, ${director.userId}
        from generate_series(1, ${actions}) g
        join lateral (select i.incident_id, i.student_id from incident_students i
                        join incidents x on x.school_id = i.school_id and x.id = i.incident_id and x.status = 'open'
                       where i.school_id = ${SCHOOL_ID}
                       order by i.incident_id, i.student_id offset (g % 50) limit 1) s on true`);

    const work = await timed(base, director.headers, "GET", `/api/user-reassignment/members/${from!.id}/work`);
    const items = Object.fromEntries(
      (work.data.kinds as { kind: string; items: { id: string }[] }[]).map((k) => [k.kind, k.items.map((i) => i.id)]),
    );
    const total = Object.values(items).reduce((n, ids) => n + ids.length, 0);
    const body = { from_user_id: from!.id, to_user_id: to!.id, items };
    const preview = await timed(base, director.headers, "POST", "/api/user-reassignment/preview", body);
    if (!preview.data.ready)
      throw new Error(
        `preview not ready: ${JSON.stringify(preview.data.kinds.map((k: { problem: unknown }) => k.problem))}`,
      );
    const applied = await timed(base, director.headers, "POST", "/api/user-reassignment", body);
    const after = await timed(base, director.headers, "GET", `/api/user-reassignment/members/${from!.id}/work`);
    if (after.data.user.open_work !== 0) throw new Error(`work left: ${after.data.user.open_work}`);
    console.log(`docente1's open work: ${total} items (${actions} extra formative actions), handed to docente2:`);
    console.table(
      [
        ["GET work", work],
        ["POST preview", preview],
        ["POST apply", applied],
      ].map(([what, r]) => ({
        call: what as string,
        "server ms": fmt((r as { ms: number }).ms),
        "wall ms": fmt((r as { wall: number }).wall),
      })),
    );
  } finally {
    await app?.close();
    await opened.close();
    await database.drop();
  }
}

runBench(main);
