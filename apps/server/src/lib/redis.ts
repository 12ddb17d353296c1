import { setTimeout as sleep } from "node:timers/promises";
import { createClient } from "redis";

export type Redis = ReturnType<typeof createClient>;

export interface RedisLog {
  warn: (details: object, message: string) => void;
  info: (message: string) => void;
}

/** How long the start-up waits for Redis before carrying on without it (it keeps connecting in the background). */
export const REDIS_START_WAIT_MS = 3_000;

/** Calls whose promises libraries (the Socket.IO adapter) start and never await. */
const FIRE_AND_FORGET = ["publish", "subscribe", "pSubscribe", "unsubscribe", "pUnsubscribe"] as const;

/**
 * A node-redis client that a Redis restart cannot take the process down with:
 *
 * - an 'error' listener, always (without one node-redis's 'error' event is an uncaught exception); the first error
 *   of an outage is logged, the retries' errors are not, and coming back is logged once;
 * - reconnection forever with backoff (50 ms doubling to 2 s, plus jitter) — node-redis's default strategy gives
 *   up for good after a socket timeout;
 * - commands written just before the connection died reject; the Socket.IO adapter publishes without awaiting,
 *   so those promises get a handler here instead of becoming unhandled rejections.
 */
export function createRedis(url: string, name: string, log: RedisLog): Redis {
  const client = createClient({
    url,
    socket: {
      connectTimeout: 5_000,
      reconnectStrategy: (retries) => Math.min(2 ** retries * 50, 2_000) + Math.floor(Math.random() * 200),
    },
  });
  let down = false;
  client.on("error", (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ reason: error.message }, `redis (${name}) unreachable; reconnecting`);
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    log.info(`redis (${name}) reconnected`);
  });
  const calls = client as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of FIRE_AND_FORGET) {
    const original = calls[method]!.bind(client);
    calls[method] = (...args: unknown[]) => {
      const result = original(...args);
      if (result instanceof Promise) {
        result.catch((error: Error) => log.warn({ reason: error.message }, `redis (${name}) ${method} failed`));
      }
      return result;
    };
  }
  return client;
}

/**
 * Connects the clients, waiting at most `waitMs` so an unreachable Redis delays the start-up a little and never
 * stops it; node-redis keeps trying in the background and replays queued commands once connected.
 */
export async function connectSoon(clients: Redis[], waitMs: number): Promise<void> {
  const connecting = Promise.all(clients.map((client) => client.connect()));
  // Rejects only when a client is closed while connecting (the server stopping): nothing to do then.
  connecting.catch(() => {});
  await Promise.race([connecting, sleep(waitMs, undefined, { ref: false })]);
}

/** Closes the clients whatever their state (quit needs a live connection; destroy does not). */
export async function closeRedis(clients: Redis[]): Promise<void> {
  await Promise.allSettled(
    clients.map(async (client) => {
      if (!client.isOpen) return;
      if (client.isReady) await client.quit();
      else client.destroy();
    }),
  );
}
