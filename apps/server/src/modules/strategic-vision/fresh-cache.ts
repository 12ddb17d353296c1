/**
 * Figures kept for at most `maxAgeMs` from when they were computed (issue 14 §5: "at most one minute old"), never
 * renewed by reading (unlike lib/cache.ts, whose entries live while they are used), at most `max` entries (the
 * oldest go first), and one computation per key in flight however many ask at once. A failed computation is not kept.
 */
export function createFreshCache<V>(options: { maxAgeMs: number; max: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; at: number }>();
  const inFlight = new Map<string, Promise<V>>();

  function get(key: string): V | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now() - entry.at >= options.maxAgeMs) {
      entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  async function load(key: string, compute: () => Promise<V>): Promise<V> {
    const known = get(key);
    if (known !== undefined) return known;
    const running = inFlight.get(key);
    if (running) return running;
    const started = now();
    const promise = compute().then(
      (value) => {
        inFlight.delete(key);
        entries.set(key, { value, at: started });
        while (entries.size > options.max) entries.delete(entries.keys().next().value as string);
        return value;
      },
      (error: unknown) => {
        inFlight.delete(key);
        throw error;
      },
    );
    inFlight.set(key, promise);
    return promise;
  }

  /** Drops a school's entries (keys start with `<school>|`), e.g. after its settings change. */
  function dropSchool(schoolId: string) {
    for (const key of entries.keys()) if (key.startsWith(`${schoolId}|`)) entries.delete(key);
  }

  return {
    load,
    dropSchool,
    get size() {
      return entries.size;
    },
  };
}
