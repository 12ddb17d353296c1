/**
 * A small in-memory cache for the hot path: least-recently-used eviction at `max` entries, a time to live that
 * each read renews (so an entry read every 30 s by the bell poll never expires while it is used), one load per
 * key in flight (concurrent misses share it), and a version that closes the read/invalidate race: a value loaded
 * before an invalidation that matches it is not stored after it. Only a matching one: an invalidation of one
 * user's entry must not cost every other user whose load was in flight at that moment a miss on their next poll
 * (with thousands polling, some load is always in flight). Written here rather than taken from `lru-cache`
 * because the version rule is the point and `lru-cache` cannot drop an in-flight load by a predicate on values
 * not yet known.
 */
export interface VersionedCache<K, V> {
  /** The value, renewing its time to live and recency; undefined when absent or expired. */
  get(key: K): V | undefined;
  /** The version to pass to `set` when a load starts. */
  readonly version: number;
  /** Stores unless an invalidation since `loadedAtVersion` matches this key and value. */
  set(key: K, value: V, loadedAtVersion: number): void;
  /**
   * From memory, or from `loader` — once however many callers miss at the same time. A loader that fails fails
   * every waiter and stores nothing; `undefined` (nothing found) is not stored either.
   */
  load(key: K, loader: () => Promise<V | undefined>): Promise<V | undefined>;
  /** Drops matching entries; loads in flight whose value it matches are not stored either. */
  invalidate(match: (key: K, value: V) => boolean): void;
  clear(): void;
  readonly size: number;
}

export interface CacheOptions {
  ttlMs: number;
  max: number;
  /** The clock; tests move it. */
  now?: () => number;
}

/** Invalidations remembered for loads in flight at most; beyond it, the oldest loads are not stored. */
const MAX_REMEMBERED = 1_000;

export function createCache<K, V>(options: CacheOptions): VersionedCache<K, V> {
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on every read keeps the least recently used first.
  const entries = new Map<K, { value: V; expiresAt: number }>();
  const inFlight = new Map<K, { version: number; promise: Promise<V | undefined> }>();
  let version = 0;
  // The invalidations after version `forgottenUpTo`, each with the version it made, kept while a load started
  // before it may still finish; a value loaded at or before `forgottenUpTo` is never stored (nothing to check).
  let remembered: { at: number; match: (key: K, value: V) => boolean }[] = [];
  let forgottenUpTo = 0;

  const invalidatedSince = (key: K, value: V, since: number) =>
    since < forgottenUpTo || remembered.some((i) => i.at > since && i.match(key, value));

  /** Forgets the invalidations no load in flight started before. */
  const forget = () => {
    if (remembered.length === 0) return;
    let oldest = version;
    for (const load of inFlight.values()) oldest = Math.min(oldest, load.version);
    if (remembered.length > MAX_REMEMBERED)
      oldest = Math.max(oldest, remembered[remembered.length - MAX_REMEMBERED]!.at);
    remembered = remembered.filter((i) => i.at > oldest);
    forgottenUpTo = Math.max(forgottenUpTo, oldest);
  };

  const cache: VersionedCache<K, V> = {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      const at = now();
      if (entry.expiresAt <= at) return undefined;
      entry.expiresAt = at + options.ttlMs;
      entries.set(key, entry);
      return entry.value;
    },
    get version() {
      return version;
    },
    set(key, value, loadedAtVersion) {
      if (loadedAtVersion !== version && invalidatedSince(key, value, loadedAtVersion)) return;
      entries.delete(key);
      if (entries.size >= options.max) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, expiresAt: now() + options.ttlMs });
    },
    load(key, loader) {
      const hit = cache.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      const running = inFlight.get(key);
      // A load started before an invalidation may hold stale data: later callers start their own.
      if (running && running.version === version) return running.promise;
      const startedAt = version;
      const promise = loader()
        .then((value) => {
          if (value !== undefined) cache.set(key, value, startedAt);
          return value;
        })
        .finally(() => {
          if (inFlight.get(key)?.promise === promise) inFlight.delete(key);
          forget();
        });
      inFlight.set(key, { version: startedAt, promise });
      return promise;
    },
    invalidate(match) {
      version++;
      remembered.push({ at: version, match });
      for (const [key, entry] of entries) if (match(key, entry.value)) entries.delete(key);
      forget();
    },
    clear() {
      cache.invalidate(() => true);
    },
    get size() {
      return entries.size;
    },
  };
  return cache;
}
