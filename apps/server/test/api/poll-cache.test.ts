import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf } from "../helpers/factories.ts";

/**
 * Issue 11: the bell poll (GET /api/users/<own id>, every 30 s per tab) costs the database nothing in steady
 * state, however long between polls, and still shows a change on the next poll. Statements are counted at the
 * driver (every query drizzle sends).
 */
let t: TestApp;
const statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { onQuery: (query) => statements.push(query) });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

async function countStatements(work: () => Promise<unknown>) {
  const before = statements.length;
  await work();
  return statements.slice(before);
}

describe("the bell poll in steady state", () => {
  it("sends no statement on polls 30 s, 5 min and 25 min apart, and shows a new notification on the next one", async () => {
    const { as, user, school } = await memberOf(t.app, t.db, "docente");
    const poll = () => as({ method: "GET", url: `/api/users/${user.id}` });
    const first = await poll();
    expect(first.statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    for (const gapMs of [30_000, 5 * 60_000, 25 * 60_000]) {
      vi.setSystemTime(Date.now() + gapMs);
      let answer: Awaited<ReturnType<typeof poll>> | undefined;
      const sent = await countStatements(async () => {
        answer = await poll();
      });
      expect(answer?.statusCode).toBe(200);
      expect(answer?.json().data.user.id).toBe(user.id);
      expect(sent).toEqual([]);
    }
    vi.useRealTimers();

    await t.app.ctx.notifications.notify(t.db, { schoolId: school.id, userIds: [user.id], type: "welcome" });
    const changed = await poll();
    expect(changed.json().data.user.unviewed_notifications_count).toBe(1);
    const again = await countStatements(poll);
    expect(again).toEqual([]);
  });

  it("loads once when many polls of one user miss at the same time", async () => {
    const { as, user } = await memberOf(t.app, t.db, "docente");
    const poll = () => as({ method: "GET", url: `/api/users/${user.id}` });
    await poll(); // the identity is now in memory; the answer is what 20 tabs miss together below
    t.app.ctx.events.emit("users.changed", { userId: user.id });
    const sent = await countStatements(() => Promise.all(Array.from({ length: 20 }, poll)));
    const alone = await countStatements(async () => {
      t.app.ctx.events.emit("users.changed", { userId: user.id });
      await poll();
    });
    expect(alone.length).toBeGreaterThan(0);
    expect(sent.length).toBe(alone.length);
  });
});

describe("a burst of first requests (every phone reconnecting after a restart)", () => {
  it("authorises 60 people's first calls at once with one identity statement, each as themselves", async () => {
    const members = await Promise.all(Array.from({ length: 60 }, () => memberOf(t.app, t.db, "docente")));
    const identityStatements = (sent: string[]) => sent.filter((q) => q.includes("join sessions s"));
    // As after a restart: nobody's identity is in memory.
    t.app.caches.identity.clear();
    let answers: { statusCode: number; json: () => { data: { user: { id: number } } } }[] = [];
    const sent = await countStatements(async () => {
      answers = await Promise.all(members.map((m) => m.as({ method: "GET", url: `/api/users/${m.user.id}` })));
    });
    expect(answers.map((a) => a.statusCode)).toEqual(members.map(() => 200));
    expect(answers.map((a) => a.json().data.user.id)).toEqual(members.map((m) => m.user.id));
    expect(identityStatements(sent)).toHaveLength(1);

    // A revoked token in the same burst is refused, the others are not.
    const stranger = await t.app.inject({
      method: "GET",
      url: `/api/users/${members[0]!.user.id}`,
      headers: { authorization: "Bearer not-a-session" },
    });
    expect(stranger.statusCode).toBe(401);
  });
});
