import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";

/** What one answered poll cost: its server time and the statements sent while serving it. */
export interface PollSample {
  ms: number;
  statements: number;
  /** The first poll of its URL (that user's first): nothing could have been in memory for it. */
  first: boolean;
}

/**
 * Counts every statement the server's driver sends, and tells the ones sent while serving a poll from the rest
 * (the minute's "last used" write, the escalation sweep): the poll's request runs in an AsyncLocalStorage context
 * from its first hook, so a statement knows whose it is. The same mechanism @fastify/request-context uses.
 */
export function createStatementCounter() {
  const current = new AsyncLocalStorage<{ statements: number }>();
  const counter = {
    /** Every statement since the start. */
    count: 0,
    /** Those sent while serving a poll. */
    onPollPath: 0,
    /** One per answered poll, in the order they were answered. */
    samples: [] as PollSample[],
    /** For openDb's `onQuery`. */
    onQuery() {
      counter.count++;
      const poll = current.getStore();
      if (poll) {
        poll.statements++;
        counter.onPollPath++;
      }
    },
    /** Puts every GET /api/users/… of `app` in a context of its own and records its sample when answered. */
    watch(app: FastifyInstance) {
      const isPoll = (url: string, method: string) => method === "GET" && url.startsWith("/api/users/");
      // Kept by request too: onResponse runs from the socket's 'finish', outside the request's context.
      const ofRequest = new WeakMap<object, { statements: number }>();
      const seen = new Set<string>();
      app.addHook("onRequest", (request, _reply, done) => {
        if (!isPoll(request.url, request.method)) return done();
        const poll = { statements: 0 };
        ofRequest.set(request, poll);
        current.run(poll, done);
      });
      app.addHook("onResponse", async (request, reply) => {
        const poll = ofRequest.get(request);
        // A refused or failed poll stored nothing: the user's first answered poll is still to come.
        if (!poll || reply.statusCode >= 400) return;
        const first = !seen.has(request.url);
        seen.add(request.url);
        counter.samples.push({ ms: reply.elapsedTime, statements: poll.statements, first });
      });
    },
  };
  return counter;
}

export type StatementCounter = ReturnType<typeof createStatementCounter>;
