import { randomUUID } from "node:crypto";
import DataLoader from "dataloader";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { createCache, type VersionedCache } from "../lib/cache.ts";
import type { EventBus } from "../lib/events.ts";
import { closeRedis, connectSoon, createRedis, REDIS_START_WAIT_MS } from "../lib/redis.ts";
import { findIdentities, type IdentityKey, type RequestIdentity } from "./identity.repository.ts";

/**
 * What the hot path (every authenticated call, the 30 s bell poll) reads from memory instead of the database.
 * Every change that affects an entry announces itself on the EventBus; this plugin drops the entries at once
 * and, with REDIS_URL, tells the other instances to do the same. The time to live is only a safety net.
 */
export interface Caches {
  /** Key `<access-token-hash>|<school-id or empty>`. */
  identity: VersionedCache<string, RequestIdentity>;
  /** Key `<user-id>|<school-id or empty>|<include>` → the serialised GET api/users/{id} answer and its ETag. */
  userJson: VersionedCache<string, UserAnswer>;
}

/** The bell poll's answer as sent, with the schools whose changes can alter it (those it names). */
export interface UserAnswer {
  json: string;
  etag: string;
  schools: readonly string[];
}

type Invalidation =
  | { kind: "sessions"; ids: string[] }
  | { kind: "user"; userId: number }
  | { kind: "school"; schoolId: string }
  | { kind: "membership"; schoolId: string; userId: number }
  | { kind: "members"; schoolId: string; userIds: number[] };

declare module "fastify" {
  interface FastifyInstance {
    caches: Caches;
  }
}

const CHANNEL = "convive:cache-invalidation";

/**
 * `ttlMs` is a safety net, renewed by each read: every change already drops its entries by event, so it is set
 * well beyond the 30 s poll (CACHE_TTL_SECONDS) and a polling tab never reaches the database. `max` bounds each
 * cache's memory (CACHE_MAX_ENTRIES; least recently used first out).
 */
export function createCaches(options: { ttlMs: number; max: number }): Caches {
  return {
    identity: createCache(options),
    userJson: createCache(options),
  };
}

export function applyInvalidation(caches: Caches, message: Invalidation) {
  const userKeyOf = (key: string) => key.split("|");
  switch (message.kind) {
    case "sessions":
      caches.identity.invalidate((_key, identity) => message.ids.includes(identity.sessionId));
      return;
    case "user":
      caches.identity.invalidate((_key, identity) => identity.userId === message.userId);
      caches.userJson.invalidate((key) => userKeyOf(key)[0] === String(message.userId));
      return;
    case "school":
      caches.identity.invalidate((_key, identity) => identity.school?.id === message.schoolId);
      // The answers that name the school (its members'): one school's edit must not send every other school's
      // people to the database on their next poll.
      caches.userJson.invalidate((_key, answer) => answer.schools.includes(message.schoolId));
      return;
    case "members": {
      // One pass over each cache for a whole send (10 000 recipients), not one per recipient.
      const users = new Set(message.userIds.map(String));
      caches.userJson.invalidate((key) => {
        const [user, school] = userKeyOf(key);
        return school === message.schoolId && users.has(user!);
      });
      return;
    }
    case "membership":
      caches.identity.invalidate((_key, i) => i.userId === message.userId && i.school?.id === message.schoolId);
      caches.userJson.invalidate((key) => {
        const [user, school] = userKeyOf(key);
        return user === String(message.userId) && school === message.schoolId;
      });
  }
}

export const cachesPlugin = fp(
  async (app: FastifyInstance, opts: { caches: Caches; events: EventBus; redisUrl?: string }) => {
    const { caches, events } = opts;
    app.decorate("caches", caches);
    const instance = randomUUID();
    let relay: (message: Invalidation) => void = () => {};

    if (opts.redisUrl) {
      const pub = createRedis(opts.redisUrl, "cache publisher", app.log);
      const sub = createRedis(opts.redisUrl, "cache subscriber", app.log);
      // Invalidations other instances published while our subscriber was away are lost: start afresh on
      // every (re)connection. (At start-up the caches are empty anyway.)
      sub.on("ready", () => {
        caches.identity.clear();
        caches.userJson.clear();
      });
      await connectSoon([pub, sub], REDIS_START_WAIT_MS);
      const subscribed = sub.subscribe(CHANNEL, (raw) => {
        const { from, message } = JSON.parse(raw) as { from: string; message: Invalidation };
        if (from !== instance) applyInvalidation(caches, message);
      });
      // Not connected yet: node-redis sends the subscription once it is (and again after every reconnection).
      if (sub.isReady) await subscribed;
      relay = (message) => {
        // While Redis is down node-redis queues the message and sends it once reconnected; a failure is logged
        // by createRedis (and the other instances empty their caches when their subscriber comes back).
        void pub.publish(CHANNEL, JSON.stringify({ from: instance, message }));
      };
      app.addHook("onClose", () => closeRedis([sub, pub]));
    }

    const invalidate = (message: Invalidation) => {
      applyInvalidation(caches, message);
      relay(message);
    };
    events.on("sessions.revoked", ({ sessionIds }) => invalidate({ kind: "sessions", ids: sessionIds }));
    events.on("sessions.rotated", ({ sessionId }) => invalidate({ kind: "sessions", ids: [sessionId] }));
    events.on("users.changed", ({ userId }) => invalidate({ kind: "user", userId }));
    events.on("schools.changed", ({ schoolId }) => invalidate({ kind: "school", schoolId }));
    events.on("memberships.changed", ({ schoolId, userId }) => invalidate({ kind: "membership", schoolId, userId }));
    events.on("memberships.ended", ({ schoolId, userId }) => invalidate({ kind: "membership", schoolId, userId }));
    events.on("notifications.count", ({ schoolId, userId }) => invalidate({ kind: "membership", schoolId, userId }));
    // A new notification changes only the bell count the poll's answer carries, not the identity.
    events.on("notifications.created", ({ schoolId, delivered }) =>
      invalidate({ kind: "members", schoolId, userIds: delivered.map((d) => d.userId) }),
    );
  },
);

/**
 * The identity behind an access token (by its hash) in a school, from memory when possible: the HTTP path and the
 * socket handshake share it, so a reconnecting tab costs no query.
 */
export function cachedIdentity(db: Db, caches: Caches, accessHash: string, schoolId: string | null) {
  return caches.identity.load(`${accessHash}|${schoolId ?? ""}`, async () => {
    return (await identityLoader(db).load({ accessHash, schoolId })) ?? undefined;
  });
}

/**
 * Identity look-ups that miss the cache in the same turn of the event loop share one statement (up to 500). The
 * batch closes at setImmediate, not DataLoader's default nextTick: handshakes and requests arrive as separate I/O
 * callbacks of one poll phase, and nextTick would close a batch after each of them.
 */
const loaders = new WeakMap<Db, DataLoader<IdentityKey, RequestIdentity | null>>();
function identityLoader(db: Db) {
  let loader = loaders.get(db);
  if (!loader) {
    // No cache of its own: caches.identity is the cache (with its invalidation); this only batches.
    loader = new DataLoader((keys: readonly IdentityKey[]) => findIdentities(db, keys), {
      cache: false,
      maxBatchSize: 500,
      batchScheduleFn: (dispatch) => setImmediate(dispatch),
    });
    loaders.set(db, loader);
  }
  return loader;
}
