import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPool } from "../../src/db/pool.ts";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../helpers/throwaway-postgres.ts";

/**
 * The pool's own guarantees, on a real PostgreSQL whose backends the test terminates (57P01, as a restart does):
 * no error goes unheard, and a connection that dies while checked out never keeps its slot — drizzle's
 * `transaction()` sends BEGIN before its try/finally, so when BEGIN meets a dead connection nobody releases it.
 */
describe("the database pool after its connections die", () => {
  let server: ThrowawayPostgres;
  let admin: pg.Client;

  beforeAll(async () => {
    server = await startThrowawayPostgres();
    admin = new pg.Client({ connectionString: server.url });
    admin.on("error", () => {});
    await admin.connect();
  }, 120_000);

  afterAll(async () => {
    await admin?.end().catch(() => {});
    await server?.destroy();
  });

  const terminate = (pid: number) => admin.query("select pg_terminate_backend($1)", [pid]);
  const pidOf = async (client: pg.PoolClient) =>
    Number((await client.query("select pg_backend_pid() as pid")).rows[0].pid);

  it("frees the slot of a checked-out client whose connection died, though nobody releases it", async () => {
    const errors: string[] = [];
    const pool = createPool(server.url, 1, (message, error) => errors.push(`${message}: ${error.message}`));
    try {
      // Checked out and never released, as when BEGIN fails inside drizzle's transaction().
      const stranded = await pool.connect();
      await terminate(await pidOf(stranded));
      await expect.poll(() => errors.length, { timeout: 5_000 }).toBeGreaterThan(0);
      expect(errors[0]).toMatch(/terminating connection due to administrator command/);

      // The only slot is free again: a new call gets a fresh connection. Were it still held, the call would fail
      // with the pool's connection timeout ("timeout exceeded when trying to connect"), so the answer is the proof.
      expect((await pool.query("select 1 as one")).rows[0].one).toBe(1);
      // A late release by the code that held it is harmless.
      expect(() => stranded.release()).not.toThrow();
      expect(pool.totalCount).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it("drops idle connections killed under it and reconnects on the next call", async () => {
    const errors: string[] = [];
    const pool = createPool(server.url, 3, (message, error) => errors.push(`${message}: ${error.message}`));
    try {
      const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
      const pids = await Promise.all(clients.map(pidOf));
      for (const client of clients) client.release();
      for (const pid of pids) await terminate(pid);
      await expect.poll(() => pool.totalCount, { timeout: 5_000 }).toBe(0);
      expect(errors.length).toBeGreaterThanOrEqual(3);
      expect((await pool.query("select 1 as one")).rows[0].one).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
