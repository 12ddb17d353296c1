import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config/config.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, createUser, login, memberOf } from "../helpers/factories.ts";
import { ownRedis, redisAvailable } from "../helpers/redis.ts";

/**
 * The bell poll and the identity behind every call are served from memory (plugins/caches.ts). These tests show
 * that nothing stale is ever served: each change is visible on the next call, on this instance and on another.
 */
const SUITE = "in-memory caches of the hot path";
describe.skipIf(!redisAvailable(SUITE))(SUITE, () => {
  const redisUrl = ownRedis();
  let a: TestApp;
  let b: { app: FastifyInstance; close: () => Promise<void> };

  beforeAll(async () => {
    const REDIS_URL = redisUrl();
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
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const poll = (app: FastifyInstance, token: string, schoolId: string, userId: number) =>
    client(app, token, schoolId)({ method: "GET", url: `/api/users/${userId}?include=roles,permissions` });

  it("shows the user's own change on the next poll", async () => {
    const { as, user, school, token } = await memberOf(a.app, a.db, "docente");
    expect((await poll(a.app, token, school.id, user.id)).json().data.user.first_name).toBe("Ana");
    await as({ method: "POST", url: `/api/users/${user.id}`, payload: { first_name: "Beatriz" } });
    expect((await poll(a.app, token, school.id, user.id)).json().data.user.first_name).toBe("Beatriz");
  });

  it("shows a new notification's count on the other instance's next poll", async () => {
    const { user, school, token } = await memberOf(a.app, a.db, "director");
    expect((await poll(b.app, token, school.id, user.id)).json().data.user.unviewed_notifications_count).toBe(0);
    await a.app.ctx.notifications.notify(a.app.ctx.db, { schoolId: school.id, userIds: [user.id], type: "welcome" });
    // The invalidation crosses through Redis: give it a moment, never more than 2 s.
    await expect
      .poll(async () => (await poll(b.app, token, school.id, user.id)).json().data.user.unviewed_notifications_count, {
        timeout: 2000,
        interval: 20,
      })
      .toBe(1);
  });

  it("refuses a revoked session at once on both instances", async () => {
    const { user, school, token } = await memberOf(a.app, a.db, "director");
    const second = await login(a.app, user.email);
    expect((await poll(a.app, token, school.id, user.id)).statusCode).toBe(200);
    expect((await poll(b.app, token, school.id, user.id)).statusCode).toBe(200);
    const sessions = (await client(a.app, second)({ method: "GET", url: "/api/auth/sessions" })).json().data.sessions;
    const first = sessions.find((s: { current: boolean }) => !s.current);
    const ended = await client(a.app, second)({ method: "DELETE", url: `/api/auth/sessions/${first.id}` });
    expect(ended.statusCode).toBe(200);
    expect((await poll(a.app, token, school.id, user.id)).statusCode).toBe(401);
    await expect
      .poll(async () => (await poll(b.app, token, school.id, user.id)).statusCode, { timeout: 2000, interval: 20 })
      .toBe(401);
  });

  it("stops the old access token at once after a refresh", async () => {
    const { user, school } = await memberOf(a.app, a.db, "director");
    const res = await a.app.inject({
      method: "POST",
      url: "/login",
      payload: { email: user.email, password: "Prueba.2026!" },
    });
    const { access_token } = res.json().data;
    const refresh_token = res.cookies.find((c) => c.name === "convive_refresh")!.value;
    expect((await poll(a.app, access_token, school.id, user.id)).statusCode).toBe(200);
    const refreshed = await a.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      cookies: { convive_refresh: refresh_token, "XSRF-TOKEN": "abcdefghijklmnopqrstuv" },
      headers: { "x-xsrf-token": "abcdefghijklmnopqrstuv" },
    });
    expect(refreshed.statusCode).toBe(200);
    expect((await poll(a.app, access_token, school.id, user.id)).statusCode).toBe(401);
    expect((await poll(a.app, refreshed.json().data.access_token, school.id, user.id)).statusCode).toBe(200);
  });

  it("applies a school's deactivation to cached members at once", async () => {
    const { user, school, token } = await memberOf(a.app, a.db, "director");
    const root = await createUser(a.db, { root: 1 });
    const rootToken = await login(a.app, root.email);
    expect((await poll(b.app, token, school.id, user.id)).statusCode).toBe(200);
    const off = await client(
      a.app,
      rootToken,
    )({ method: "PATCH", url: `/api/admin/schools/${school.id}`, payload: { is_active: false } });
    expect(off.statusCode).toBe(200);
    expect((await poll(a.app, token, school.id, user.id)).statusCode).toBe(403);
    await expect
      .poll(async () => (await poll(b.app, token, school.id, user.id)).statusCode, { timeout: 2000, interval: 20 })
      .toBe(403);
  });
});
