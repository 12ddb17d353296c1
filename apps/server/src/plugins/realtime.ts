import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Server, type Socket } from "socket.io";
import type { Db } from "../db/client.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import type { DomainEvents, EventBus } from "../lib/events.ts";
import { closeRedis, connectSoon, createRedis, REDIS_START_WAIT_MS } from "../lib/redis.ts";
import { hashToken } from "../lib/tokens.ts";
import { type Caches, cachedIdentity } from "./caches.ts";
import { subdomainOf } from "./tenancy.ts";

declare module "fastify" {
  interface FastifyInstance {
    io: Server;
  }
}

/**
 * Rooms: `user:<id>` and `school:<id>` (engineering guide §1), plus `session:<id>` to cut a revoked session and
 * `member:<school>:<user>` to cut one school's sockets of a person whose membership there ended.
 */
export const rooms = {
  user: (id: number) => `user:${id}`,
  school: (id: string) => `school:${id}`,
  session: (id: string) => `session:${id}`,
  member: (schoolId: string, userId: number) => `member:${schoolId}:${userId}`,
};

/**
 * How long a question to the other instances (the Redis adapter's fetchSockets: presence) may wait for their
 * answers; past it the question fails, and presence counts nobody online rather than holding a send.
 */
const ADAPTER_REQUEST_MS = 500;

/**
 * Which of `userIds` have a socket open in the school now, on any instance (the adapter asks the others). Whoever
 * is not answered for in time counts as offline: a caller that e-mails the offline errs towards e-mailing.
 */
export async function onlineMembers(io: Server, schoolId: string, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const sockets = await io
    .in(userIds.map((id) => rooms.member(schoolId, id)))
    .fetchSockets()
    .catch(() => []);
  return new Set(sockets.map((s) => (s.data as { userId: number }).userId));
}

/** The server-side event that carries one notification's recipients between instances. */
const NOTIFICATION_BATCH = "convive:notifications";
type NotificationBatch = DomainEvents["notifications.created"];
/** Recipients written to per turn of the event loop (≈ 3–4 ms of socket writes). */
const DELIVERY_SLICE = 100;

function handshakeToken(socket: Socket): string | null {
  const auth = socket.handshake.auth as { token?: unknown };
  if (typeof auth.token === "string" && auth.token) return auth.token;
  const cookie = socket.handshake.headers.cookie ?? "";
  const match = /(?:^|;\s*)convive_session=([^;]+)/.exec(cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}

function handshakeSchool(socket: Socket, appDomain: string): string | null {
  const fromHost = subdomainOf(socket.handshake.headers.host ?? "", appDomain);
  const auth = socket.handshake.auth as { schoolId?: unknown };
  return fromHost ?? (typeof auth.schoolId === "string" ? auth.schoolId : null);
}

/**
 * Socket.IO at /socket.io, authenticated by the same token as the API. With REDIS_URL the Redis adapter
 * carries room broadcasts between instances, so a push or a revocation reaches every instance.
 */
export const realtimePlugin = fp(
  async (
    app: FastifyInstance,
    opts: { events: EventBus; redisUrl?: string; db: Db; appDomain: string; caches: Caches },
  ) => {
    const io = new Server(app.server, { path: "/socket.io", serveClient: false, cors: { origin: false } });
    app.decorate("io", io);

    if (opts.redisUrl) {
      const pub = createRedis(opts.redisUrl, "socket.io publisher", app.log);
      const sub = createRedis(opts.redisUrl, "socket.io subscriber", app.log);
      await connectSoon([pub, sub], REDIS_START_WAIT_MS);
      io.adapter(createAdapter(pub, sub, { requestsTimeout: ADAPTER_REQUEST_MS }));
      app.addHook("onClose", () => closeRedis([pub, sub]));
    }

    io.use(async (socket, next) => {
      try {
        const token = handshakeToken(socket);
        if (!token) return next(new Error("UNAUTHENTICATED"));
        const schoolId = handshakeSchool(socket, opts.appDomain);
        const identity = await cachedIdentity(opts.db, opts.caches, hashToken(token), schoolId);
        if (!identity?.userActive || identity.accessExpiresAt.getTime() <= Date.now()) {
          return next(new Error("UNAUTHENTICATED"));
        }
        const member = identity.school?.member;
        const inSchool = identity.school?.isActive && member?.isActive && member.profileId !== null;
        socket.data = {
          userId: identity.userId,
          sessionId: identity.sessionId,
          schoolId: inSchool ? identity.school!.id : null,
        };
        next();
      } catch (error) {
        // The client sees a code and retries; the driver's message stays in the log.
        if (!isDatabaseUnavailable(error)) app.log.error({ err: error }, "socket handshake failed");
        next(new Error(isDatabaseUnavailable(error) ? "SERVICE_UNAVAILABLE" : "INTERNAL"));
      }
    });

    io.on("connection", (socket) => {
      const { userId, sessionId, schoolId } = socket.data as {
        userId: number;
        sessionId: string;
        schoolId: string | null;
      };
      socket.join([
        rooms.user(userId),
        rooms.session(sessionId),
        ...(schoolId ? [rooms.school(schoolId), rooms.member(schoolId, userId)] : []),
      ]);
    });

    opts.events.on("notifications.count", ({ schoolId, userId, count }) => {
      io.to(rooms.user(userId)).emit("notifications:count", { schoolId, count });
    });
    // One packet per recipient, the new bell count inside. With several instances the whole send crosses Redis as
    // one message, published before this instance starts its own loop, so every instance fans out at once. The
    // loop runs after the current turn (the HTTP answer that caused the send leaves first) and in slices, each in
    // a turn of its own: a send to a whole school (10 000 sockets: a few hundred milliseconds of writes) never
    // holds another request back for longer than one slice.
    const deliver = (batch: NotificationBatch, from = 0) => {
      const end = Math.min(from + DELIVERY_SLICE, batch.delivered.length);
      for (let i = from; i < end; i++) {
        const { userId, id, count } = batch.delivered[i]!;
        io.local.to(rooms.user(userId)).emit("notifications:new", { schoolId: batch.schoolId, id, count });
      }
      if (end < batch.delivered.length) setImmediate(() => deliver(batch, end));
    };
    io.on(NOTIFICATION_BATCH, (batch: NotificationBatch) => deliver(batch));
    opts.events.on("notifications.created", (batch) => {
      if (opts.redisUrl) io.serverSideEmit(NOTIFICATION_BATCH, batch);
      setImmediate(() => deliver(batch));
    });
    // Only the member's sockets of that school (the payload is about it); the adapter carries it to every instance.
    opts.events.on("user.push", ({ schoolId, event, deliveries }) => {
      for (const { userId, payload } of deliveries) io.to(rooms.member(schoolId, userId)).emit(event, payload);
    });
    opts.events.on("sessions.revoked", ({ sessionIds }) => {
      for (const id of sessionIds) io.in(rooms.session(id)).disconnectSockets(true);
    });
    // Only that school's sockets: the same session keeps its sockets of the person's other schools.
    opts.events.on("memberships.ended", ({ schoolId, userId }) => {
      io.in(rooms.member(schoolId, userId)).disconnectSockets(true);
    });

    // preClose, not onClose: the HTTP server waits for open websockets before onClose hooks run.
    app.addHook("preClose", async () => {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    });
  },
);
