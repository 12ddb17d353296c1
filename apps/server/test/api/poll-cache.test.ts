import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, createSchool, memberOf } from "../helpers/factories.ts";

/**
 * Issue 11: the bell poll (GET /api/users/<own id>, every 30 s per tab) costs the database nothing in steady
 * state, however long between polls, and still shows a change on the next poll. Issue 24 §2: the same for every
 * person polling at the client's interval, whatever their order and whatever changes for others meanwhile.
 * Statements are counted at the driver (every query drizzle sends); the clock is moved, never waited for.
 */
let t: TestApp;
const statements: string[] = [];
/** Called at each statement while set: what happens elsewhere while a poll's answer is on its way. */
let duringStatement: (() => void) | null = null;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onQuery: (query) => {
        statements.push(query);
        duringStatement?.();
      },
    },
  );
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

/** The web client's own poll (features/auth/api/current-user-fetch.ts) as a member. */
const bellPoll = (m: Awaited<ReturnType<typeof memberOf>>) => () =>
  m.as({ method: "GET", url: `/api/users/${m.user.id}?include=roles,permissions` });

/** Every order of `items`. */
const orders = <T>(items: T[]): T[][] =>
  items.length <= 1 ? [items] : items.flatMap((x, i) => orders(items.filter((_, j) => j !== i)).map((o) => [x, ...o]));

describe("the poll at the client's real interval (issue 24 §2)", () => {
  it("answers three people polling 31 s apart from memory, whatever the order they poll in", async () => {
    const school = await createSchool(t.db);
    const people = [
      await memberOf(t.app, t.db, "director", school),
      await memberOf(t.app, t.db, "docente", school),
      await memberOf(t.app, t.db, "docente"),
    ];
    for (const person of people) expect((await bellPoll(person)()).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    for (const order of orders([0, 1, 2])) {
      for (const i of order) {
        vi.setSystemTime(Date.now() + 31_000);
        let answer: Awaited<ReturnType<ReturnType<typeof bellPoll>>> | undefined;
        const sent = await countStatements(async () => {
          answer = await bellPoll(people[i]!)();
        });
        expect(answer?.json().data.user.id).toBe(people[i]!.user.id);
        expect(sent, `person ${i} in the order ${order.join(",")}`).toEqual([]);
      }
    }
  });

  it("keeps a person's answer in memory when someone else changes while it is being loaded", async () => {
    const [reader, other] = [await memberOf(t.app, t.db, "docente"), await memberOf(t.app, t.db, "docente")];
    await bellPoll(reader)();
    await bellPoll(other)();
    // The reader's own change: their next poll loads identity and answer again…
    t.app.ctx.events.emit("users.changed", { userId: reader.user.id });
    // …and while that load is at the database, someone else's account changes at every step of it.
    duringStatement = () => t.app.ctx.events.emit("users.changed", { userId: other.user.id });
    const reloaded = await bellPoll(reader)();
    duringStatement = null;
    expect(reloaded.statusCode).toBe(200);

    expect(await countStatements(bellPoll(reader))).toEqual([]);
    // The other's change still drops theirs.
    expect((await countStatements(bellPoll(other))).length).toBeGreaterThan(0);
  });
});

describe("a change to one school (issue 24 §2: nobody's poll is dropped by others' changes)", () => {
  it("drops the answers that name the school, and no other school's", async () => {
    const [north, south] = [await createSchool(t.db), await createSchool(t.db)];
    const director = await memberOf(t.app, t.db, "director", north);
    const elsewhere = await memberOf(t.app, t.db, "docente", south);
    // A member of both schools, polling in the other one: the answer lists the renamed school by name.
    const both = await memberOf(t.app, t.db, "docente", south);
    await addMember(t.db, north.id, both.user.id, north.profileIds.docente);
    for (const person of [director, elsewhere, both]) expect((await bellPoll(person)()).statusCode).toBe(200);

    const renamed = await director.as({ method: "PATCH", url: "/api/school-info", payload: { name: "Colegio Norte" } });
    expect(renamed.statusCode).toBe(200);

    expect(await countStatements(bellPoll(elsewhere))).toEqual([]);
    const seenByBoth = (await bellPoll(both)()).json().data.user.schools;
    expect(seenByBoth).toContainEqual(expect.objectContaining({ id: north.id, name: "Colegio Norte" }));
    const seenByDirector = (await bellPoll(director)()).json().data.user.schools;
    expect(seenByDirector).toContainEqual(expect.objectContaining({ id: north.id, name: "Colegio Norte" }));
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
