import type { ChildProcess } from "node:child_process";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config/config.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, memberOf } from "../helpers/factories.ts";
import { redisAvailable, startRedis, stopRedis } from "../helpers/redis.ts";
import { freePort } from "../helpers/throwaway-postgres.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The same class as a PostgreSQL restart, for Redis (REDIS_URL: the Socket.IO adapter and the caches'
 * invalidations): Redis going away must not end the process (an 'error' event without a listener, or a publish the
 * adapter never awaits rejecting), calls keep being answered, and once Redis is back the instances hear each other
 * again — and what they missed meanwhile is not served stale.
 */
const SUITE = "the server outlives a Redis restart";
describe.skipIf(!redisAvailable(SUITE))(SUITE, () => {
  let port: number;
  let redis: ChildProcess;
  let a: TestApp;
  let b: { app: FastifyInstance; close: () => Promise<void> };

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    const REDIS_URL = `redis://127.0.0.1:${port}`;
    a = await createTestApp({ REDIS_URL });
    if (process.env.TEST_DATABASE_URL) {
      b = await createTestApp({ REDIS_URL });
    } else {
      // PGlite is one in-process database: the second instance shares the first one's connection.
      const config = loadConfig({ LOG_LEVEL: "silent", DEMO_DATA: "false", WEB_DIST: "/nonexistent" }, { REDIS_URL });
      const app = await buildApp({ config, db: a.db });
      await app.ready();
      b = { app, close: () => app.close() };
    }
  }, 60_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (redis) await stopRedis(redis);
  });

  const poll = (app: FastifyInstance, token: string, schoolId: string, userId: number) =>
    client(app, token, schoolId)({ method: "GET", url: `/api/users/${userId}?include=roles,permissions` });
  const nameOn = async (app: FastifyInstance, token: string, schoolId: string, userId: number) =>
    (await poll(app, token, schoolId, userId)).json().data.user.first_name as string;

  it("keeps answering while Redis is down and relays invalidations again once it is back", async () => {
    const { as, user, school, token } = await memberOf(a.app, a.db, "director");
    expect(await nameOn(b.app, token, school.id, user.id)).toBe("Ana");

    await stopRedis(redis);
    await sleep(300);
    // Calls are answered on both instances; a change and a notification (a Socket.IO broadcast through the
    // adapter) go through without Redis.
    const renamed = await as({ method: "POST", url: `/api/users/${user.id}`, payload: { first_name: "Beatriz" } });
    expect(renamed.statusCode).toBe(200);
    await a.app.ctx.notifications.notify(a.app.ctx.db, { schoolId: school.id, userIds: [user.id], type: "welcome" });
    expect((await poll(b.app, token, school.id, user.id)).statusCode).toBe(200);
    expect(await nameOn(a.app, token, school.id, user.id)).toBe("Beatriz");
    // Several reconnection attempts fail meanwhile.
    await sleep(1_500);

    redis = await startRedis(port);
    const back = Date.now();
    // What b missed while Redis was away is not served from its cache once it is back.
    await expect.poll(() => nameOn(b.app, token, school.id, user.id), { timeout: 5_000, interval: 50 }).toBe("Beatriz");
    console.log(
      `Redis restart: the other instance served the change made meanwhile ${Date.now() - back} ms after Redis was back`,
    );

    // And new changes cross again.
    await as({ method: "POST", url: `/api/users/${user.id}`, payload: { first_name: "Carla" } });
    await expect.poll(() => nameOn(b.app, token, school.id, user.id), { timeout: 5_000, interval: 20 }).toBe("Carla");
  }, 60_000);
});
