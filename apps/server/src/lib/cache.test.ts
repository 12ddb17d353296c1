import { describe, expect, it } from "vitest";
import { createCache } from "./cache.ts";

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let at = start;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe("createCache", () => {
  it("returns what was stored until its time to live passes unread", () => {
    const time = clock();
    const cache = createCache<string, number>({ ttlMs: 1_000, max: 10, now: time.now });
    cache.set("a", 1, cache.version);
    time.advance(999);
    expect(cache.get("a")).toBe(1);
    time.advance(1_000);
    expect(cache.get("a")).toBeUndefined();
  });

  it("renews an entry's time to live on every read: a poll every 30 s keeps a 60 s entry for ever", () => {
    const time = clock();
    const cache = createCache<string, number>({ ttlMs: 60_000, max: 10, now: time.now });
    cache.set("poll", 7, cache.version);
    for (let poll = 0; poll < 100; poll++) {
      time.advance(30_000);
      expect(cache.get("poll")).toBe(7);
    }
  });

  it("does not store a value loaded before an invalidation", () => {
    const cache = createCache<string, number>({ ttlMs: 1000, max: 10 });
    const started = cache.version;
    cache.invalidate(() => true);
    cache.set("a", 1, started);
    expect(cache.get("a")).toBeUndefined();
  });

  it("evicts the least recently used entry at its bound, not the oldest written", () => {
    const cache = createCache<string, number>({ ttlMs: 1000, max: 2 });
    cache.set("a", 1, cache.version);
    cache.set("b", 2, cache.version);
    expect(cache.get("a")).toBe(1); // a is now the most recently used
    cache.set("c", 3, cache.version);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
    expect(cache.size).toBe(2);
  });

  it("invalidates only matching entries", () => {
    const cache = createCache<string, number>({ ttlMs: 1000, max: 5 });
    cache.set("b", 2, cache.version);
    cache.set("c", 3, cache.version);
    cache.invalidate((key) => key === "b");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("c")).toBe(3);
  });

  it("loads a key once however many callers miss it at the same time", async () => {
    const cache = createCache<string, number>({ ttlMs: 1000, max: 5 });
    const gate = deferred<number>();
    let loads = 0;
    const loader = () => {
      loads++;
      return gate.promise;
    };
    const waiting = Array.from({ length: 50 }, () => cache.load("k", loader));
    gate.resolve(42);
    expect(await Promise.all(waiting)).toEqual(Array(50).fill(42));
    expect(loads).toBe(1);
    expect(await cache.load("k", loader)).toBe(42);
    expect(loads).toBe(1);
  });

  it("fails every waiter of a failed load and stores nothing, so the next caller loads again", async () => {
    const cache = createCache<string, number>({ ttlMs: 1000, max: 5 });
    const gate = deferred<number>();
    const first = cache.load("k", () => gate.promise);
    const second = cache.load("k", () => Promise.resolve(0));
    gate.reject(new Error("database away"));
    await expect(first).rejects.toThrow("database away");
    await expect(second).rejects.toThrow("database away");
    expect(await cache.load("k", () => Promise.resolve(5))).toBe(5);
  });

  it("does not hand a load started before an invalidation to a caller who comes after it", async () => {
    const cache = createCache<string, number>({ ttlMs: 1000, max: 5 });
    const stale = deferred<number>();
    const before = cache.load("k", () => stale.promise);
    cache.invalidate(() => true);
    const after = cache.load("k", () => Promise.resolve(2));
    stale.resolve(1);
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(cache.get("k")).toBe(2);
  });

  it("stores a load that an invalidation of other entries crossed, not one the invalidation matches", async () => {
    const cache = createCache<string, number>({ ttlMs: 1000, max: 5 });
    const [mine, theirs] = [deferred<number>(), deferred<number>()];
    const loadingMine = cache.load("mine", () => mine.promise);
    const loadingTheirs = cache.load("theirs", () => theirs.promise);
    // Someone else's change, while both loads are on their way to the database.
    cache.invalidate((key) => key === "theirs");
    mine.resolve(1);
    theirs.resolve(2);
    await Promise.all([loadingMine, loadingTheirs]);
    expect(cache.get("mine")).toBe(1);
    expect(cache.get("theirs")).toBeUndefined();
  });

  it("tests an invalidation against the value a crossing load brings back", async () => {
    const cache = createCache<string, { user: number }>({ ttlMs: 1000, max: 5 });
    const [a, b] = [deferred<{ user: number }>(), deferred<{ user: number }>()];
    const loading = [cache.load("token-a", () => a.promise), cache.load("token-b", () => b.promise)];
    cache.invalidate((_key, value) => value.user === 7);
    a.resolve({ user: 7 });
    b.resolve({ user: 8 });
    await Promise.all(loading);
    expect(cache.get("token-a")).toBeUndefined();
    expect(cache.get("token-b")).toEqual({ user: 8 });
  });

  it("does not store 'nothing found'", async () => {
    const cache = createCache<string, number>({ ttlMs: 1000, max: 5 });
    expect(await cache.load("k", () => Promise.resolve(undefined))).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
