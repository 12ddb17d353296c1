import { randomBytes } from "node:crypto";
import { ERRORS } from "@convive/domain";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config/config.ts";
import { type OpenDb, openDb } from "../../src/db/client.ts";
import { memberOf } from "../helpers/factories.ts";
import { startPgBouncer } from "../helpers/proxies.ts";

/**
 * Issue 24 §2: every request's statements are limited (DB_STATEMENT_TIMEOUT_MS) and a cancelled one answers a
 * translated error; the connection it ran on serves the next request; work outside a request has no limit.
 * PostgreSQL only (PGlite cannot cancel a statement), so this file makes a database of its own on the test server
 * — it locks a table, which must not stall the other files — with a pool of one connection, so "the next request"
 * is on the very connection that timed out.
 */
const server = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const name = `convive_timeout_${randomBytes(4).toString("hex")}`;
const TIMEOUT_MS = 1000;
let admin: pg.Client;
let opened: OpenDb;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: server.href });
  await admin.connect();
  await admin.query(`create database ${name}`);
  url = Object.assign(new URL(server.href), { pathname: `/${name}` }).href;
  opened = await openDb(url, { poolSize: 1 });
  const config = loadConfig(
    { LOG_LEVEL: "silent", DEMO_DATA: "false", WEB_DIST: "/nonexistent" },
    { DB_STATEMENT_TIMEOUT_MS: TIMEOUT_MS },
  );
  app = await buildApp({ config, db: opened.db });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await opened?.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe("a request's statement past DB_STATEMENT_TIMEOUT_MS", () => {
  it("answers DATABASE_TIMEOUT in the caller's language, and the next request on the one-connection pool works", async () => {
    const director = await memberOf(app, opened.db, "director");
    const list = (lang: string) =>
      director.as({ method: "GET", url: "/api/incident-categories", headers: { "accept-language": lang } });
    expect((await list("es")).statusCode).toBe(200);

    // Another session holds the table (a long migration, a stuck transaction): the list's query waits on it.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("begin; lock table incident_categories in access exclusive mode");
    try {
      const es = await list("es");
      expect(es.statusCode).toBe(503);
      expect(es.json()).toEqual({ code: "DATABASE_TIMEOUT", message: ERRORS.DATABASE_TIMEOUT.es });
      expect(es.headers["retry-after"]).toBeDefined();
      const en = await list("en");
      expect(en.json()).toEqual({ code: "DATABASE_TIMEOUT", message: ERRORS.DATABASE_TIMEOUT.en });
    } finally {
      await holder.query("rollback");
      await holder.end();
    }

    const after = await list("es");
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.categories.length).toBeGreaterThan(0);
  });

  it("does not limit work outside a request, even on the connection a request hands over", async () => {
    const director = await memberOf(app, opened.db, "director");
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("begin; lock table incident_categories in access exclusive mode");
    // The request takes the only connection and waits on the lock; the background statement queues for that
    // connection. Once the request is seen waiting, the lock goes: the request answers and hands its connection
    // straight to the background statement, which must run as background work, with no limit.
    const request = director.as({ method: "GET", url: "/api/incident-categories" });
    const waiting = async () =>
      (
        await admin.query(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
          [name],
        )
      ).rows[0].n as number;
    await vi.waitFor(async () => expect(await waiting()).toBe(1), { timeout: TIMEOUT_MS / 2, interval: 5 });
    // drizzle runs a query when it is awaited: Promise.resolve starts it now, queued behind the request.
    const sleep = sql`select true as done from pg_sleep(${(TIMEOUT_MS * 1.5) / 1000})`;
    const background = Promise.resolve(opened.db.execute(sleep));
    await holder.query("rollback");
    await holder.end();
    expect((await request).statusCode).toBe(200);
    expect(((await background) as { rows: unknown[] }).rows).toEqual([{ done: true }]);
  });

  it("holds through PgBouncer in transaction mode, where no session setting would", async () => {
    const bouncer = await startPgBouncer({ host: server.hostname, port: Number(server.port || 5432) }, 2);
    const viaBouncer = Object.assign(new URL(url), { port: String(bouncer.port) }).href;
    const bounced = await openDb(viaBouncer, { poolSize: 1 });
    const config = loadConfig(
      { LOG_LEVEL: "silent", DEMO_DATA: "false", WEB_DIST: "/nonexistent" },
      { DB_STATEMENT_TIMEOUT_MS: TIMEOUT_MS },
    );
    const other = await buildApp({ config, db: bounced.db });
    const holder = new pg.Client({ connectionString: url });
    try {
      await other.ready();
      const director = await memberOf(other, bounced.db, "director");
      await holder.connect();
      await holder.query("begin; lock table incident_categories in access exclusive mode");
      const res = await director.as({ method: "GET", url: "/api/incident-categories" });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe("DATABASE_TIMEOUT");
      await holder.query("rollback");
      expect((await director.as({ method: "GET", url: "/api/incident-categories" })).statusCode).toBe(200);
    } finally {
      await holder.end().catch(() => {});
      await other.close();
      await bounced.close();
      await bouncer.stop();
    }
  });
});
