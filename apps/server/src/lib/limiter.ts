/**
 * At most `limit` of the works given run at once; the rest wait their turn in order. For background work that
 * would otherwise take every connection of the pool at once (the outbox's 50 deliveries of a poll): its
 * statements queue here, and a request's statement finds a free connection instead of waiting behind them.
 */
export function createLimiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      // The turn passes straight to the next waiter (running stays the same), or is given back.
      if (next) next();
      else running--;
    }
  };
}
