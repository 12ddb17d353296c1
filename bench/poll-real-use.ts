import { Worker } from "node:worker_threads";
import type { PollingUser } from "./poll-users.ts";
import { percentileAbove } from "./support.ts";

export interface RealUsePhase {
  name: string;
  polls: number;
  p50: number;
  p99: number;
  statements: number;
}

export interface RealUseResult {
  users: number;
  periodMs: number;
  jitterMs: number;
  intervals: number;
  /** Polls not answered 200 over the whole run (should be 0). */
  failed: number;
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
  /** Counted by the server's driver; read at each interval's end. */
  statements: { count: number };
  /** Server time of each poll (ms), pushed by the server's onResponse hook. */
  pollTimes: number[];
}): Promise<RealUseResult> {
  const { users, periodMs, jitterMs, intervals, statements, pollTimes } = options;
  process.stdout.write(`- real use: ${users.length} users × ${intervals} intervals of ${periodMs / 1000} s… `);
  pollTimes.length = 0;
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
  for (let i = 0; i < intervals; i++) {
    const statementsBefore = statements.count;
    const timesBefore = pollTimes.length;
    await new Promise((resolve) => setTimeout(resolve, periodMs));
    const times = pollTimes.slice(timesBefore);
    phases.push({
      name: i === 0 ? "1 (cold: first polls)" : `${i + 1} (steady)`,
      polls: times.length,
      p50: percentileAbove(times, 50) ?? 0,
      p99: percentileAbove(times, 99) ?? 0,
      statements: statements.count - statementsBefore,
    });
  }
  const total = await finished;
  await worker.terminate();
  process.stdout.write(`${total.polls} polls, ${total.failed} not 200\n`);
  return { users: users.length, periodMs, jitterMs, intervals, failed: total.failed, phases };
}
