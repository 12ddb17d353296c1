import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config/config.ts";
import { type OpenDb, openDb } from "../../src/db/client.ts";
import { PASSWORD } from "../helpers/factories.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";
import { proxiesAvailable, type RunningProxy, startHaproxy, startPgBouncer } from "../helpers/proxies.ts";
import { ownRedis, redisAvailable } from "../helpers/redis.ts";
import { type ServerProcess, startServer } from "../helpers/server-process.ts";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../helpers/throwaway-postgres.ts";

/**
 * Issue 11 §6: the deployment docs/scaling.md describes, in miniature and with the real parts — two server
 * processes behind HAProxy (round-robin, no stickiness), both on PostgreSQL through PgBouncer in transaction mode
 * with fewer server connections than the two pools hold, and on Redis for the socket adapter and the caches.
 */
const NAME = "two instances behind HAProxy, on PostgreSQL through PgBouncer (transaction mode)";
const SERVER_CONNECTIONS = 4;

type Answer = { status: number; servedBy: string; body: { data?: Record<string, unknown> } | null };

describe.skipIf(!proxiesAvailable(NAME) || !redisAvailable(NAME))(NAME, () => {
  const redisUrl = ownRedis();
  let postgres: ThrowawayPostgres;
  let bouncer: RunningProxy;
  let bouncerUrl: string;
  let db: OpenDb;
  let servers: ServerProcess[] = [];
  let proxy: RunningProxy;
  let origin: string;
  let s: IncidentSchool;
  const sockets: Socket[] = [];

  async function call(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(options.body ? { "content-type": "application/json" } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}`, "x-school-id": s.school.id } : {}),
      },
      body: options.body ? JSON.stringify(options.body) : undefined,
    });
    const text = await res.text();
    return {
      status: res.status,
      servedBy: res.headers.get("x-served-by") ?? "",
      body: text ? JSON.parse(text) : null,
    } satisfies Answer;
  }

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    bouncer = await startPgBouncer({ host: "127.0.0.1", port: postgres.port }, SERVER_CONNECTIONS);
    bouncerUrl = postgres.url.replace(`:${postgres.port}/`, `:${bouncer.port}/`);
    // Migrations and the school go through PgBouncer too: nothing here talks to PostgreSQL directly.
    db = await openDb(bouncerUrl, { poolSize: 4, log: () => {} });
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: "silent", DEMO_DATA: "false", WEB_DIST: "/nonexistent" }),
      db: db.db,
    });
    await app.ready();
    s = await incidentSchool(app, db.db);
    await app.close();

    const env = { DATABASE_URL: bouncerUrl, DATABASE_POOL_SIZE: "6", REDIS_URL: redisUrl() };
    servers = [await startServer(env), await startServer(env)];
    proxy = await startHaproxy(
      servers.map((server, i) => ({ name: `app${i + 1}`, port: Number(new URL(server.origin).port) })),
    );
    origin = `http://127.0.0.1:${proxy.port}`;
    // HAProxy's first health checks: both instances take requests before the test starts.
    const seen = new Set<string>();
    for (let i = 0; i < 100 && seen.size < 2; i++) {
      const res = await fetch(`${origin}/health/live`).catch(() => null);
      if (res?.ok) seen.add(res.headers.get("x-served-by") ?? "");
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect([...seen].sort()).toEqual(["app1", "app2"]);
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await proxy?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await db?.close();
    await bouncer?.stop();
    await postgres?.destroy();
  }, 60_000);

  it("signs in on one instance, then polls and receives pushes on the other", async () => {
    const signIn = await call("POST", "/login", { body: { email: s.coordinador.user.email, password: PASSWORD } });
    expect(signIn.status).toBe(200);
    const token = signIn.body?.data?.access_token as string;
    const userId = s.coordinador.user.id;

    // The bell poll, until the instance that did not sign the user in answers it (round-robin: the next one).
    let poll: Answer | undefined;
    for (let i = 0; i < 4 && (!poll || poll.servedBy === signIn.servedBy); i++) {
      poll = await call("GET", `/api/users/${userId}`, { token });
    }
    expect(poll?.servedBy).not.toBe(signIn.servedBy);
    expect(poll?.status).toBe(200);
    expect(poll?.body?.data?.user).toMatchObject({ id: userId, email: s.coordinador.user.email });

    // A socket through the proxy (WebSocket, as behind a balancer without stickiness), then two registrations by
    // the Director: round-robin sends them to different instances, so one of them reaches the socket through Redis.
    const socket = io(origin, {
      path: "/socket.io",
      auth: { token, schoolId: s.school.id },
      transports: ["websocket"],
      reconnection: false,
      timeout: 5000,
    });
    sockets.push(socket);
    const pushed: { schoolId: string; id: number; count: number }[] = [];
    socket.on("notifications:new", (packet) => pushed.push(packet));
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });

    const registrations: Answer[] = [];
    for (let i = 0; i < 4 && new Set(registrations.map((r) => r.servedBy)).size < 2; i++) {
      const answer = await call("POST", "/api/incidents", { token: s.director.token, body: registration(s) });
      expect(answer.status).toBe(201);
      registrations.push(answer);
    }
    expect(new Set(registrations.map((r) => r.servedBy))).toEqual(new Set(["app1", "app2"]));
    await expect.poll(() => pushed.length, { timeout: 10_000 }).toBe(registrations.length);
    expect(pushed.map((p) => p.count)).toEqual(registrations.map((_, i) => i + 1));
    expect(pushed.every((p) => p.schoolId === s.school.id)).toBe(true);

    // What the bell shows agrees, whichever instance answers: the unread count the pushes carried.
    const list = await call("GET", "/api/notifications", { token });
    expect(list.status).toBe(200);
    expect(list.body?.data?.unread_count).toBe(registrations.length);
  });

  it("writes concurrently on both instances over fewer PostgreSQL connections, pooled per transaction", async () => {
    // Twelve registrations at once: each instance opens up to six pool connections (DATABASE_POOL_SIZE), more
    // than the four server connections PgBouncer holds, so transactions of different clients share them.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call("POST", "/api/incidents", { token: s.director.token, body: registration(s) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(new Set(answers.map((a) => a.servedBy))).toEqual(new Set(["app1", "app2"]));
    const folios = answers.map((a) => (a.body?.data?.incident as { folio: number } | undefined)?.folio);
    expect(new Set(folios).size).toBe(folios.length);

    const admin = new pg.Client({ connectionString: bouncerUrl.replace(/\/[^/]+$/, "/pgbouncer") });
    await admin.connect();
    try {
      const config = (await admin.query("show config")).rows as { key: string; value: string }[];
      expect(config.find((row) => row.key === "pool_mode")?.value).toBe("transaction");
      const pools = (await admin.query("show pools")).rows as {
        database: string;
        sv_active: string;
        sv_idle: string;
      }[];
      const convive = pools.filter((row) => row.database === "convive");
      const serverConnections = convive.reduce((sum, row) => sum + Number(row.sv_active) + Number(row.sv_idle), 0);
      expect(serverConnections).toBeGreaterThan(0);
      expect(serverConnections).toBeLessThanOrEqual(SERVER_CONNECTIONS);
      const clients = (await admin.query("show clients")).rows as { database: string }[];
      expect(clients.filter((row) => row.database === "convive").length).toBeGreaterThan(SERVER_CONNECTIONS);
    } finally {
      await admin.end();
    }
  });
});
