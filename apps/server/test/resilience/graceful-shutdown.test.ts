import { ERRORS } from "@convive/domain";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenDb, openDb } from "../../src/db/client.ts";
import { addMember, createSchool, createUser, PASSWORD } from "../helpers/factories.ts";
import { type ServerProcess, startServer } from "../helpers/server-process.ts";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../helpers/throwaway-postgres.ts";

/**
 * SIGTERM (a deploy, a scale-down) must not cut a call in the middle: the server stops taking new calls, lets the
 * ones in flight finish, then closes and exits 0 — and still exits, with 1, when a call outlasts the grace period.
 * A call is made slow for real: the test holds the school's structure lock in PostgreSQL, so creating a section
 * waits on it inside its transaction.
 */
describe("graceful shutdown", () => {
  let pgServer: ThrowawayPostgres;
  let db: OpenDb;
  const servers: ServerProcess[] = [];
  const lockers: pg.Client[] = [];

  beforeAll(async () => {
    pgServer = await startThrowawayPostgres();
    db = await openDb(pgServer.url, { poolSize: 2, log: () => {} });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await Promise.all(lockers.map((l) => l.end().catch(() => {})));
    await db?.close();
    await pgServer?.destroy();
  });

  /** A school with a signed-in Director on a fresh server, and a way to make its structure writes wait. */
  async function setUp(env: Record<string, string> = {}) {
    const school = await createSchool(db.db);
    const user = await createUser(db.db);
    await addMember(db.db, school.id, user.id, school.profileIds.director);
    const server = await startServer({ DATABASE_URL: pgServer.url, ...env });
    servers.push(server);
    const login = await fetch(`${server.origin}/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const createSection = (name: string) =>
      fetch(`${server.origin}/api/sections`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "x-school-id": school.id,
          "content-type": "application/json",
          "accept-language": "en",
        },
        body: JSON.stringify({ name }),
      });

    const locker = new pg.Client({ connectionString: pgServer.url });
    locker.on("error", () => {});
    lockers.push(locker);
    await locker.connect();
    const holdStructureLock = async () => {
      await locker.query("begin");
      await locker.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [`structure:${school.id}`]);
    };
    const waitersOnLock = async () =>
      Number(
        (await locker.query("select count(*) as n from pg_locks where locktype = 'advisory' and not granted")).rows[0]
          .n,
      );
    const sectionsNamed = async (name: string) =>
      Number(
        (await locker.query("select count(*) as n from sections where school_id = $1 and name = $2", [school.id, name]))
          .rows[0].n,
      );
    return { server, createSection, locker, holdStructureLock, waitersOnLock, sectionsNamed };
  }

  it("lets a slow in-flight call finish, refuses new ones, then exits 0", async () => {
    // At info level the server says when it has taken the signal: the event to wait on instead of a fixed pause.
    const t = await setUp({ LOG_LEVEL: "info" });
    await t.holdStructureLock();
    const inFlight = t.createSection("Secundaria");
    await expect.poll(t.waitersOnLock, { timeout: 10_000, interval: 50 }).toBe(1);

    t.server.child.kill("SIGTERM");
    await expect
      .poll(() => t.server.output(), { timeout: 10_000, interval: 50 })
      .toContain("SIGTERM: finishing in-flight calls");
    // Still there, waiting for the call; a new call is turned away (connection refused, or 503 on a kept-alive one).
    expect(t.server.exit()).toBeNull();
    const late = await t.createSection("Preescolar").catch(() => null);
    if (late) {
      expect(late.status).toBe(503);
      expect(await late.json()).toEqual({ message: ERRORS.SERVICE_UNAVAILABLE.en, code: "SERVICE_UNAVAILABLE" });
    }

    const released = Date.now();
    await t.locker.query("commit");
    const answer = await inFlight;
    expect(answer.status).toBe(201);
    expect(((await answer.json()) as { data: { section: { name: string } } }).data.section.name).toBe("Secundaria");
    const ended = await t.server.exited;
    console.log(`SIGTERM: the in-flight call finished and the process exited ${Date.now() - released} ms later`);
    expect(ended, t.server.output()).toEqual({ code: 0, signal: null });
    expect(await t.sectionsNamed("Secundaria")).toBe(1);
    expect(await t.sectionsNamed("Preescolar")).toBe(0);
  }, 90_000);

  it("exits anyway (code 1) when a call outlasts SHUTDOWN_GRACE_SECONDS, leaving nothing half-written", async () => {
    const t = await setUp({ SHUTDOWN_GRACE_SECONDS: "1" });
    await t.holdStructureLock();
    const inFlight = t.createSection("Bachillerato").catch((error: unknown) => error);
    await expect.poll(t.waitersOnLock, { timeout: 10_000, interval: 50 }).toBe(1);

    const signalled = Date.now();
    t.server.child.kill("SIGTERM");
    const ended = await t.server.exited;
    const tookMs = Date.now() - signalled;
    expect(ended, t.server.output()).toEqual({ code: 1, signal: null });
    // It waited the grace period (a timer's lower bound, not a speed); that it then ended is the exit above.
    expect(tookMs).toBeGreaterThanOrEqual(900);
    expect(await inFlight).toBeInstanceOf(Error);

    // The server's connection went with it, so PostgreSQL rolled its transaction back.
    await t.locker.query("commit");
    await expect.poll(t.waitersOnLock, { timeout: 5_000, interval: 50 }).toBe(0);
    expect(await t.sectionsNamed("Bachillerato")).toBe(0);
  }, 90_000);
});
