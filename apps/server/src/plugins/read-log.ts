import { ROLE_FAMILIAR } from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { isSensitiveKind, type ReadEntry, writeReads } from "../lib/read-log.ts";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * Records that this request reads a sensitive record (a kind a module registered) of these students. Call it
     * once the reader is known to be allowed, before answering; the answer leaves only once the entry is written.
     * A family's reads are left out unless `family` is set (the family's copy of their child's data, issue 30 §3).
     */
    logRead(
      kind: string,
      recordId: number | string,
      studentIds: number | readonly number[],
      options?: { family?: boolean },
    ): void;
  }
}

const pending = Symbol("readLogPending");
type WithPending = { [pending]?: Promise<unknown>[] };

/**
 * The read log (issue 25 §3). Durability first: an entry is written to the database, in its own statement started
 * the moment the read is known, and the answer waits for it in onSend — so a read that was answered is in the log
 * even if the process is killed the next instant (no in-memory buffer to lose), and a read whose entry could not
 * be written is not answered (the error goes out instead). Started early, the insert runs beside the rest of the
 * read and its serialisation: the answer waits only for what is left of one round trip (bench/read-log.bench.ts).
 * The cost of that order: a read that fails after logRead is logged though unanswered — the log errs on the side
 * of naming a reader. A family reading their own child's records is not logged: the log is of staff reads — except the family's
 * copy of all of it (issue 30 §3), whose request the family asks to be logged with `{ family: true }`.
 */
const plugin: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.decorateRequest("logRead", function (this, kind, recordId, studentIds, options) {
    const { tenant, principal } = this;
    if (!tenant || !principal) throw new Error("logRead outside a school route");
    if (!isSensitiveKind(kind)) throw new Error(`logRead of an unregistered kind: ${kind}`);
    if (tenant.profileName === ROLE_FAMILIAR && !options?.family) return;
    const ids = typeof studentIds === "number" ? [studentIds] : [...new Set(studentIds)];
    if (ids.length === 0) return;
    const entries: ReadEntry[] = ids.map((studentId) => ({
      schoolId: tenant.schoolId,
      studentId,
      kind,
      recordId: String(recordId),
      userId: principal.userId,
      profileId: tenant.profileId,
      profileName: tenant.profileName,
      sessionId: principal.sessionId,
    }));
    // The failure is kept, not thrown here: onSend rethrows it, so nothing is answered without its entry.
    const write = writeReads(db, entries).then(
      () => null,
      (error: unknown) => error,
    );
    const self = this as unknown as WithPending;
    const writes = self[pending] ?? [];
    writes.push(write);
    self[pending] = writes;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const writes = (request as unknown as WithPending)[pending];
    if (!writes) return payload;
    (request as unknown as WithPending)[pending] = undefined;
    const started = performance.now();
    const failures = (await Promise.all(writes)).filter((e) => e !== null);
    if (failures.length > 0) throw failures[0];
    // What the read waited for its log entry, for bench/read-log.bench.ts and browsers' devtools.
    const waited = (performance.now() - started).toFixed(3);
    const timing = reply.getHeader("server-timing");
    reply.header("server-timing", timing ? `${timing}, readlog;dur=${waited}` : `readlog;dur=${waited}`);
    return payload;
  });
};

// Global (fastify-plugin): every module's requests carry logRead and wait for their entries.
export const readLogPlugin = fp(plugin, { name: "read-log" });
