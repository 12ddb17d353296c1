/**
 * A small in-memory cache with a time to live, a size bound and a version that closes the read/invalidate
 * race: a value loaded before an invalidation is not stored after it.
 */
export interface VersionedCache<K, V> {
  get(key: K): V | undefined;
  /** The version to pass to `set` when a load starts. */
  readonly version: number;
  set(key: K, value: V, loadedAtVersion: number): void;
  /** Drops matching entries and bumps the version so loads in flight are not stored. */
  invalidate(match: (key: K, value: V) => boolean): void;
  clear(): void;
  readonly size: number;
}

export function createCache<K, V>(options: { ttlMs: number; max: number }): VersionedCache<K, V> {
  const entries = new Map<K, { value: V; expiresAt: number }>();
  let version = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    get version() {
      return version;
    },
    set(key, value, loadedAtVersion) {
      if (loadedAtVersion !== version) return;
      if (entries.size >= options.max) {
        // Maps keep insertion order: drop the oldest entry.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, expiresAt: Date.now() + options.ttlMs });
    },
    invalidate(match) {
      version++;
      for (const [key, entry] of entries) if (match(key, entry.value)) entries.delete(key);
    },
    clear() {
      version++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
