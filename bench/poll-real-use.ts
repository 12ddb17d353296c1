import { Worker } from "node:worker_threads";
import type { StatementCounter } from "./poll-statements.ts";
import type { PollingUser } from "./poll-users.ts";
import { percentileAbove } from "./support.ts";

export interface RealUsePhase {
  name: string;
  polls: number;
  p50: number;
  p99: number;
  /** Every statement the server sent during the interval, polls or not. */
  statements: number;
  /** Those not sent while serving a poll (the minute's "last used" write, the escalation sweep). */
  background: number;
  /** Each user's first poll: cold by definition, left out of the steady state. */
  firstPolls: number;
  /** Statements sent by the other (later) polls. */
  laterOwn: number;
  /** Later polls that sent at least one statement: not answered from memory. */
  misses: number;
  /** Later polls answered from memory that still took over SLOW_HIT_MS: held up by something else. */
  slowHits: number;
}

/** A poll answered from memory takes well under a millisecond; one over this waited for something else. */
const SLOW_HIT_MS = 5;

export interface RealUseResult {
  users: number;
  periodMs: number;
  jitterMs: number;
  intervals: number;
  /** Polls not answered 200 over the whole run (should be 0). */
  failed: number;
  /** Server time (ms) of every poll after the first interval that was not its user's first. */
  steadyTimes: number[];
  phases: RealUsePhase[];
}

/**
 * The tabs poll from a worker thread (plain fetch with keep-alive, as browsers do), so the client's work does not
 * run on the server's event loop. Each tab's first poll falls at a random moment of the first interval, and each
 * later one a period ± jitter after the previous answer.
 */
const CLIENT = `
const { workerData, parentPort } = require("node:worker_threads");
const { base, schoolId, users, periodMs, jitterMs, durationMs } = workerData;
const started = Date.now();
let polls = 0, failed = 0;
for (const user of users) {
  const headers = { authorization: "Bearer " + user.token, "x-school-id": schoolId };
  const tick = async () => {
    if (Date.now() - started >= durationMs) return;
    try {
      const res = await fetch(base + "/api/users/" + user.userId, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) failed++;
    } catch { failed++; }
    polls++;
    setTimeout(tick, periodMs + (Math.random() * 2 - 1) * jitterMs);
  };
  setTimeout(tick, Math.random() * periodMs);
}
const done = setInterval(() => {
  if (Date.now() - started >= durationMs + periodMs) { clearInterval(done); parentPort.postMessage({ polls, failed }); }
}, 200);
`;

export async function realUse(options: {
  base: string;
  schoolId: string;
  users: PollingUser[];
  periodMs: number;
  jitterMs: number;
  intervals: number;
  /** Counted at the server's driver, each poll's own apart; read at each interval's end. */
  statements: StatementCounter;
}): Promise<RealUseResult> {
  const { users, periodMs, jitterMs, intervals, statements } = options;
  process.stdout.write(`- real use: ${users.length} users × ${intervals} intervals of ${periodMs / 1000} s… `);
  const samples = statements.samples;
  samples.length = 0;
  const worker = new Worker(CLIENT, {
    eval: true,
    workerData: {
      base: options.base,
      schoolId: options.schoolId,
      users,
      periodMs,
      jitterMs,
      durationMs: intervals * periodMs,
    },
  });
  const finished = new Promise<{ polls: number; failed: number }>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  const phases: RealUsePhase[] = [];
  let firstIntervalPolls = 0;
  for (let i = 0; i < intervals; i++) {
    const [statementsBefore, pathBefore, samplesBefore] = [statements.count, statements.onPollPath, samples.length];
    await new Promise((resolve) => setTimeout(resolve, periodMs));
    const phase = samples.slice(samplesBefore);
    if (i === 0) firstIntervalPolls = samples.length;
    const times = phase.map((s) => s.ms);
    phases.push({
      name: String(i + 1),
      polls: phase.length,
      p50: percentileAbove(times, 50) ?? 0,
      p99: percentileAbove(times, 99) ?? 0,
      statements: statements.count - statementsBefore,
      background: statements.count - statementsBefore - (statements.onPollPath - pathBefore),
      firstPolls: phase.filter((s) => s.first).length,
      laterOwn: phase.reduce((n, s) => n + (s.first ? 0 : s.statements), 0),
      misses: phase.filter((s) => !s.first && s.statements > 0).length,
      slowHits: phase.filter((s) => !s.first && s.statements === 0 && s.ms > SLOW_HIT_MS).length,
    });
  }
  const total = await finished;
  await worker.terminate();
  process.stdout.write(`${total.polls} polls, ${total.failed} not 200\n`);
  const steadyTimes = samples.slice(firstIntervalPolls).flatMap((s) => (s.first ? [] : [s.ms]));
  return { users: users.length, periodMs, jitterMs, intervals, failed: total.failed, phases, steadyTimes };
}

/** Target from the issue: real use costs at most 0.05 statements per poll once every tab has polled once. */
const MAX_STEADY_STATEMENTS_PER_POLL = 0.05;

/**
 * The per-interval table and the steady-state verdict: every poll but each user's first, with every statement sent
 * meanwhile but the first polls' (the later polls' own and the server's other work), and with the polls' own alone.
 */
export function reportRealUse(real: RealUseResult) {
  console.log(
    `\nReal use: ${real.users} users, each polling every ${real.periodMs / 1000} s ± ${real.jitterMs / 1000} s, ${real.intervals} intervals`,
  );
  const perPoll = (n: number, polls: number) => (n / Math.max(1, polls)).toFixed(4);
  console.table(
    real.phases.map((p) => ({
      interval: p.name,
      polls: p.polls,
      "first polls": p.firstPolls,
      "server p50 ms": p.p50.toFixed(2),
      "server p99 ms": p.p99.toFixed(2),
      "later polls missed": p.misses,
      [`hits > ${SLOW_HIT_MS} ms`]: p.slowHits,
      "statements (all)": p.statements,
      "not polls'": p.background,
      "later polls' own / poll": perPoll(p.laterOwn, p.polls - p.firstPolls),
    })),
  );
  if (real.failed > 0) console.log(`${real.failed} polls were not answered 200: the figures are not valid`);
  const steady = real.phases.slice(1);
  const sum = (pick: (p: RealUsePhase) => number) => steady.reduce((n, p) => n + pick(p), 0);
  const polls = sum((p) => p.polls - p.firstPolls);
  const own = sum((p) => p.laterOwn) / Math.max(1, polls);
  const all = own + sum((p) => p.background) / Math.max(1, polls);
  const ok = all <= MAX_STEADY_STATEMENTS_PER_POLL;
  console.log(
    `steady state (intervals 2–${real.intervals}, users' first polls left out): ${all.toFixed(4)} statements per poll ` +
      `(target ≤ ${MAX_STEADY_STATEMENTS_PER_POLL}) ${ok ? "PASS" : "FAIL"}; the polls' own ${own.toFixed(4)}; ` +
      `${sum((p) => p.misses)} of ${polls} polls missed memory, ${sum((p) => p.slowHits)} hits took over ${SLOW_HIT_MS} ms; ` +
      `server time p50 ${(percentileAbove(real.steadyTimes, 50) ?? 0).toFixed(2)} ms, ` +
      `p99 ${(percentileAbove(real.steadyTimes, 99) ?? 0).toFixed(2)} ms`,
  );
}
