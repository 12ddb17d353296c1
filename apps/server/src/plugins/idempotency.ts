import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import type { JobRunner } from "../lib/jobs.ts";
import {
  claimKey,
  findKey,
  type KeyScope,
  purgeExpired,
  releaseKey,
  type StoredAnswer,
  saveAnswer,
} from "./idempotency.repository.ts";
import { type IdempotencyRule, ruleOf } from "./idempotency-routes.ts";

/**
 * Idempotent creates (issue 24 §1): a client sends `Idempotency-Key: <uuid>` with a create; the first request with
 * that key (per school and person) runs, and every repeat — a double click, a retry after a lost answer, an offline
 * queue sending again — gets the same answer without writing again, with `Idempotent-Replayed: true`. The same key
 * with another body or address is refused (422 IDEMPOTENCY_KEY_REUSED). Keys live IDEMPOTENCY_KEY_TTL_HOURS.
 *
 * Only successful answers are kept: a failure frees the key, so the retry of a refused or failed request runs again.
 * Repeats that arrive while the first still runs wait for it: on this instance for its answer itself, from another
 * instance by reading the claim again for a few seconds, then 409 IDEMPOTENCY_KEY_IN_FLIGHT.
 *
 * Routes say whether they take a key with `config.idempotency` (lib/resource-routes.ts keys every POST it builds);
 * the routes written out by hand are ruled in idempotency-routes.ts. A request without the header runs as before.
 */
declare module "fastify" {
  interface FastifyContextConfig {
    /** "keyed": the route honours Idempotency-Key; `{ exempt }`: why repeating it needs no key. */
    idempotency?: IdempotencyRule;
  }
  interface FastifyInstance {
    /** The rule of every POST route, as the route walk checks them. */
    idempotencyCatalogue: readonly { method: string; url: string; rule: IdempotencyRule | undefined }[];
  }
}

export const IDEMPOTENCY_HEADER = "idempotency-key";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long a repeat waits for a first request running on another instance, polling its claim. */
const WAIT_MS = 5_000;

/** The first request with a key on this instance; its twins here wait for its answer. */
interface Leader {
  scope: KeyScope;
  fingerprint: string;
  /** Whether this request holds the database claim (and so stores or frees it). */
  owner: boolean;
  answer: Promise<StoredAnswer | null>;
  settle: (answer: StoredAnswer | null) => void;
}

declare module "fastify" {
  interface FastifyRequest {
    idempotencyLeader?: Leader;
  }
}

/** The hourly purge's queue. */
export const PURGE_QUEUE = "idempotency-keys-purge";

export const idempotencyPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; jobs: JobRunner; ttlHours: number }) => {
    const { db, ttlHours } = opts;
    const leaders = new Map<string, Leader>();
    const catalogue: { method: string; url: string; rule: IdempotencyRule | undefined }[] = [];
    app.decorate("idempotencyCatalogue", catalogue);

    app.addHook("onRoute", (route) => {
      const methods = [route.method].flat();
      if (!methods.includes("POST")) return;
      const rule = route.config?.idempotency ?? ruleOf("POST", route.url);
      if (rule === "keyed" && route.config?.access !== "school") {
        throw new Error(`Route POST ${route.url} takes idempotency keys, which are kept per school: access "school"`);
      }
      route.config = { ...route.config, idempotency: rule };
      catalogue.push({ method: "POST", url: route.url, rule });
    });

    // Each hour's expired keys go at once (a job, lib/jobs.ts); claims already ignore them, this gives the space back.
    opts.jobs.work(PURGE_QUEUE, async () => {
      await purgeExpired(db);
    });
    await opts.jobs.schedule(PURGE_QUEUE, "17 * * * *");

    app.addHook("preHandler", async (request, reply) => {
      if (request.routeOptions.config?.idempotency !== "keyed") return;
      const sent = request.headers[IDEMPOTENCY_HEADER];
      if (sent === undefined) return;
      const key = Array.isArray(sent) ? sent[0]! : sent;
      if (!UUID.test(key)) throw new AppError("IDEMPOTENCY_KEY_INVALID");
      const scope = { schoolId: request.tenant!.schoolId, userId: request.principal!.userId, key: key.toLowerCase() };
      const fingerprint = fingerprintOf(request);
      const local = `${scope.schoolId}\n${scope.userId}\n${scope.key}`;
      // A twin of a request running on this instance waits for that request's answer, whatever it is.
      for (let running = leaders.get(local); running; running = leaders.get(local)) {
        if (running.fingerprint !== fingerprint) throw new AppError("IDEMPOTENCY_KEY_REUSED");
        const answer = await running.answer;
        if (answer) return replay(reply, answer);
        // It ended without an answer (the client left): claim afresh.
      }
      // Set before any await, so twins arriving in the same tick find it; onSend settles it with this answer.
      const leader = newLeader(scope, fingerprint);
      leaders.set(local, leader);
      request.idempotencyLeader = leader;
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        if (await claimKey(db, scope, fingerprint, ttlHours)) {
          leader.owner = true;
          return; // The handler runs; onSend keeps its answer.
        }
        const row = await findKey(db, scope);
        if (row && row.fingerprint !== fingerprint) throw new AppError("IDEMPOTENCY_KEY_REUSED");
        if (row?.status != null) return replay(reply, row as StoredAnswer);
        // Claimed on another instance and still running (or freed since): look again shortly, within the wait.
        if (Date.now() > deadline) throw new AppError("IDEMPOTENCY_KEY_IN_FLIGHT");
        if (row) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });

    // Before compression (app.ts registers this plugin first): the payload is still the JSON text the client reads.
    app.addHook("onSend", async (request, reply, payload) => {
      const leader = request.idempotencyLeader;
      if (!leader) return payload;
      request.idempotencyLeader = undefined;
      leaders.delete(`${leader.scope.schoolId}\n${leader.scope.userId}\n${leader.scope.key}`);
      const answer =
        typeof payload === "string"
          ? { status: reply.statusCode, contentType: String(reply.getHeader("content-type") ?? ""), body: payload }
          : null;
      if (leader.owner) {
        // Saved before the answer leaves, so a retry that follows it finds the answer, not a claim.
        const kept = answer && answer.status < 300;
        await (kept
          ? saveAnswer(db, leader.scope, leader.fingerprint, answer)
          : releaseKey(db, leader.scope, leader.fingerprint)
        )
          // The write is done and answered; a repeat then waits for the claim to go stale (STALE_CLAIM_SECONDS).
          .catch((error: Error) => request.log.warn({ reason: error.message }, "idempotency key not settled"));
      }
      leader.settle(answer);
      return payload;
    });

    // A request that never reached onSend (its answer was never made) frees its twins here. Its claim stays: whether
    // its write happened is unknown, so repeats wait for the claim to go stale rather than risk a second row.
    app.addHook("onResponse", async (request) => {
      const leader = request.idempotencyLeader;
      if (!leader) return;
      leaders.delete(`${leader.scope.schoolId}\n${leader.scope.userId}\n${leader.scope.key}`);
      leader.settle(null);
    });
  },
);

function newLeader(scope: KeyScope, fingerprint: string): Leader {
  let settle!: (answer: StoredAnswer | null) => void;
  const answer = new Promise<StoredAnswer | null>((resolve) => {
    settle = resolve;
  });
  return { scope, fingerprint, owner: false, answer, settle };
}

function replay(reply: FastifyReply, answer: StoredAnswer) {
  return reply
    .code(answer.status)
    .header("content-type", answer.contentType)
    .header("idempotent-replayed", "true")
    .send(answer.body);
}

/** The method, the address (ids and query included) and the body as validated: bytes of an upload, else JSON. */
function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash("sha256").update(`${request.method} ${request.url}\n`);
  const body = request.body;
  if (Buffer.isBuffer(body)) hash.update(body);
  else if (body !== undefined) hash.update(canonicalJson(body));
  return hash.digest("hex");
}

/** JSON with every object's keys sorted: two bodies equal as data hash alike whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
