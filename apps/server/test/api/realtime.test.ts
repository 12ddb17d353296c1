import type { FastifyInstance } from "fastify";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config/config.ts";
import { rooms } from "../../src/plugins/realtime.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, memberOf } from "../helpers/factories.ts";
import { ownRedis, redisAvailable } from "../helpers/redis.ts";

const sockets: Socket[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: "127.0.0.1" });
}

/** Opens a socket like the web client does; no retries, so a refusal surfaces as connect_error. */
function connect(url: string, auth: { token?: string; schoolId?: string }): Promise<Socket> {
  const socket = io(url, { path: "/socket.io", auth, transports: ["websocket"], reconnection: false, timeout: 5000 });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

/** Everything `socket` receives under `event`, in order. */
function record<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Resolves once `seen` holds an entry matching `match`, failing after `ms`. */
async function waitFor<T>(seen: T[], match: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = seen.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(seen)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Count = { schoolId: string; count: number };

/** Client sockets go first: the server's close waits for open connections. */
function closeSockets() {
  for (const socket of sockets.splice(0)) socket.close();
}

describe("realtime on one instance", () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t.app);
  });
  afterAll(async () => {
    closeSockets();
    await t?.close();
  });

  it("refuses a connection without a token or with a bad one", async () => {
    await expect(connect(url, {})).rejects.toThrow("UNAUTHENTICATED");
    await expect(connect(url, { token: "not-a-token" })).rejects.toThrow("UNAUTHENTICATED");
  });

  it("pushes one packet per new notification with the bell count inside, and the reset to 0", async () => {
    const { school, user, as, token } = await memberOf(t.app, t.db, "docente");
    const socket = await connect(url, { token, schoolId: school.id });
    const counts = record<Count>(socket, "notifications:count");
    const created = record<{ schoolId: string; id: number; count: number }>(socket, "notifications:new");

    const { delivered } = await t.app.ctx.notifications.notify(t.db, {
      schoolId: school.id,
      userIds: [user.id],
      type: "welcome",
    });
    expect(await waitFor(created, () => true)).toEqual({ schoolId: school.id, id: delivered[0]!.id, count: 1 });
    const second = await t.app.ctx.notifications.notify(t.db, {
      schoolId: school.id,
      userIds: [user.id],
      type: "welcome",
    });
    expect(await waitFor(created, (c) => c.count === 2)).toEqual({
      schoolId: school.id,
      id: second.delivered[0]!.id,
      count: 2,
    });
    // No second pass: a new notification sends no separate count packet.
    expect(counts).toEqual([]);

    const reset = await as({
      method: "POST",
      url: `/api/users/${user.id}`,
      payload: { unviewed_notifications_count: 0 },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await waitFor(counts, (c) => c.count === 0)).toEqual({ schoolId: school.id, count: 0 });
  });

  it("never pushes to a user of another school", async () => {
    const recipient = await memberOf(t.app, t.db, "familiar");
    const stranger = await memberOf(t.app, t.db, "familiar");
    const mine = record<Count>(
      await connect(url, { token: recipient.token, schoolId: recipient.school.id }),
      "notifications:new",
    );
    const strangerSocket = await connect(url, { token: stranger.token, schoolId: stranger.school.id });
    const theirs = record<Count>(strangerSocket, "notifications:count");
    const theirsNew = record<unknown>(strangerSocket, "notifications:new");

    // Naming the stranger as a recipient too: they are not a member, so they get nothing.
    await t.app.ctx.notifications.notify(t.db, {
      schoolId: recipient.school.id,
      userIds: [recipient.user.id, stranger.user.id],
      type: "welcome",
    });
    await waitFor(mine, (c) => c.schoolId === recipient.school.id && c.count === 1);
    // Then one for the stranger in their own school: events reach a socket in the order sent, so once it has
    // arrived, a push of the other school's notification would have arrived before it.
    await t.app.ctx.notifications.notify(t.db, {
      schoolId: stranger.school.id,
      userIds: [stranger.user.id],
      type: "welcome",
    });
    await waitFor(theirsNew, () => true);
    expect(theirs).toEqual([]);
    expect(theirsNew).toEqual([{ schoolId: stranger.school.id, id: expect.any(Number), count: 1 }]);
  });

  it("disconnects the socket of a session that logs out", async () => {
    const { school, as, token } = await memberOf(t.app, t.db, "docente");
    const socket = await connect(url, { token, schoolId: school.id });
    const reason = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    const res = await as({ method: "POST", url: "/logout" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await reason).toBe("io server disconnect");
    await expect(connect(url, { token, schoolId: school.id })).rejects.toThrow("UNAUTHENTICATED");
  });
  it("deactivating a member in one school disconnects that school's sockets only", async () => {
    const a = await memberOf(t.app, t.db, "director");
    const b = await memberOf(t.app, t.db, "director");
    const teacher = await memberOf(t.app, t.db, "docente", a.school);
    await addMember(t.db, b.school.id, teacher.user.id, b.school.profileIds.docente);
    const inA = await connect(url, { token: teacher.token, schoolId: a.school.id });
    const inB = await connect(url, { token: teacher.token, schoolId: b.school.id });
    const reason = new Promise<string>((resolve) => inB.once("disconnect", resolve));
    const res = await b.as({ method: "POST", url: `/api/school-users/${teacher.user.id}/deactivate` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await reason).toBe("io server disconnect");
    // The school's own pushes still reach the socket of the school the person still belongs to; the push comes
    // after the deactivation on the same connection, so a wrong disconnect of it would have come first.
    const counts = record<Count>(inA, "notifications:new");
    await t.app.ctx.notifications.notify(t.db, { schoolId: a.school.id, userIds: [teacher.user.id], type: "welcome" });
    await waitFor(counts, (c) => c.schoolId === a.school.id && c.count === 1);
    expect(inA.connected).toBe(true);
  });
});

const TWO_INSTANCES = "realtime across two instances through Redis";
describe.skipIf(!redisAvailable(TWO_INSTANCES))(TWO_INSTANCES, () => {
  const redisUrl = ownRedis();
  let a: TestApp;
  let b: { app: FastifyInstance; close: () => Promise<void> };
  let urlA: string;

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
    urlA = await listen(a.app);
    await listen(b.app);
  });
  afterAll(async () => {
    closeSockets();
    await b?.close();
    await a?.close();
  });

  it("delivers to a socket on instance A the count of a notification created through instance B", async () => {
    const { school, user, token } = await memberOf(a.app, a.db, "director");
    const counts = record<Count>(await connect(urlA, { token, schoolId: school.id }), "notifications:new");

    // B sees A's socket only through Redis; waiting for it rules out a race with the adapter's subscriptions.
    await expect
      .poll(async () => (await b.app.io.in(rooms.user(user.id)).fetchSockets()).length, { timeout: 5000 })
      .toBe(1);
    expect(a.app.ctx.events).not.toBe(b.app.ctx.events);

    await b.app.ctx.notifications.notify(b.app.ctx.db, { schoolId: school.id, userIds: [user.id], type: "welcome" });
    expect(await waitFor(counts, (c) => c.schoolId === school.id)).toEqual({
      schoolId: school.id,
      id: expect.any(Number),
      count: 1,
    });
  });
});
