import { describe, expect, it } from "vitest";
import { createCache } from "./cache.ts";

describe("createCache", () => {
  it("returns what was stored until it expires", async () => {
    const cache = createCache<string, number>({ ttlMs: 20, max: 10 });
    cache.set("a", 1, cache.version);
    expect(cache.get("a")).toBe(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(cache.get("a")).toBeUndefined();
  });

  it("does not store a value loaded before an invalidation", () => {
    const cache = createCache<string, number>({ ttlMs: 1000, max: 10 });
    const started = cache.version;
    cache.invalidate(() => true);
    cache.set("a", 1, started);
    expect(cache.get("a")).toBeUndefined();
  });

  it("invalidates only matching entries and keeps the size bound", () => {
    const cache = createCache<string, number>({ ttlMs: 1000, max: 2 });
    cache.set("a", 1, cache.version);
    cache.set("b", 2, cache.version);
    cache.set("c", 3, cache.version);
    expect(cache.get("a")).toBeUndefined();
    cache.invalidate((key) => key === "b");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("c")).toBe(3);
    expect(cache.size).toBe(1);
  });
});
