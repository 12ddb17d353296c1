import { type IncidentSchool, registration } from "./incidents.ts";
import type { ServerProcess } from "./server-process.ts";
import { type ThrowawayPostgres, watchRestart } from "./throwaway-postgres.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WRITERS = 4;
/** Writes acknowledged before the first restart, between the two and after the second. */
const ACKED_BETWEEN = 20;

export interface Outcome {
  detail: string;
  status: number;
  body: { data?: { incident?: { id: number } }; message?: string; code?: string } | null;
  error?: string;
  at: number;
}

export interface Restart {
  mode: "fast" | "immediate";
  /** From pg_ctl restart to PostgreSQL accepting connections. */
  restartMs: number;
  /** From then to /health/ready answering 200 again (NaN: not within 15 s). */
  readyMs: number;
  /** From then to the first acknowledged write (NaN: none within 15 s). */
  firstWriteMs: number;
  /** Writes refused (503) from the restart on. */
  refused: number;
}

/**
 * Issue 9, reproduction 2, shared by the test (what every client got, what was stored) and
 * bench/database-restart.bench.ts (how fast the server is useful again): the server process takes registrations
 * without pause from WRITERS clients while PostgreSQL is restarted `-m fast` and then `-m immediate`.
 */
export async function restartUnderLoad(
  pg: ThrowawayPostgres,
  server: ServerProcess,
  s: IncidentSchool,
): Promise<{ outcomes: Outcome[]; restarts: Restart[] }> {
  const outcomes: Outcome[] = [];
  let sequence = 0;
  let writing = true;
  const headers = {
    authorization: `Bearer ${s.director.token}`,
    "x-school-id": s.school.id,
    "content-type": "application/json",
    "accept-language": "en",
  };
  const writer = async () => {
    while (writing) {
      const detail = `Carga ${sequence++}`;
      const body = registration(s, {
        students: [
          { student_id: s.a1.id, role: "involved" },
          { student_id: s.a2.id, role: "involved" },
        ],
        detail,
      });
      try {
        const res = await fetch(`${server.origin}/api/incidents`, {
          method: "POST",
          headers,
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        const answer = (await res.json().catch(() => null)) as Outcome["body"];
        outcomes.push({ detail, status: res.status, body: answer, at: Date.now() });
        if (!res.ok) await sleep(50);
      } catch (error) {
        outcomes.push({ detail, status: 0, body: null, error: String(error), at: Date.now() });
        await sleep(50);
      }
    }
  };

  /** Restarts PostgreSQL while the writers run and measures how long the server takes to be useful again. */
  const restart = async (mode: "fast" | "immediate") => {
    const watch = watchRestart(pg.url);
    const began = Date.now();
    await pg.restart(mode);
    const pgCtlDone = Date.now();
    const watched = await Promise.race([watch.acceptedAt, sleep(5_000).then(() => Number.NaN)]);
    watch.stop();
    const acceptedAt = Number.isNaN(watched) ? pgCtlDone : Math.min(watched, pgCtlDone);

    let readyAt = Number.NaN;
    while (Date.now() - acceptedAt < 15_000) {
      const ready = await fetch(`${server.origin}/health/ready`, { signal: AbortSignal.timeout(5_000) }).catch(
        () => null,
      );
      if (ready?.status === 200) {
        readyAt = Date.now();
        break;
      }
      await sleep(20);
    }
    let writtenAt = Number.NaN;
    while (Date.now() - acceptedAt < 15_000) {
      const first = outcomes.find((o) => o.status === 201 && o.at >= acceptedAt);
      if (first) {
        writtenAt = first.at;
        break;
      }
      await sleep(20);
    }
    const refused = outcomes.filter((o) => o.status !== 201 && o.at >= began);
    return {
      mode,
      restartMs: acceptedAt - began,
      readyMs: readyAt - acceptedAt,
      firstWriteMs: writtenAt - acceptedAt,
      refused: refused.length,
    };
  };

  /** Waits (bounded) until `count` more writes have been acknowledged: load before, between and after restarts. */
  const acknowledged = async (count: number) => {
    const target = outcomes.filter((o) => o.status === 201).length + count;
    const deadline = Date.now() + 30_000;
    while (outcomes.filter((o) => o.status === 201).length < target) {
      if (Date.now() > deadline) throw new Error(`fewer than ${count} writes acknowledged within 30 s`);
      await sleep(20);
    }
  };

  const writers = Array.from({ length: WRITERS }, writer);
  await acknowledged(ACKED_BETWEEN);
  const fast = await restart("fast");
  await acknowledged(ACKED_BETWEEN);
  const immediate = await restart("immediate");
  await acknowledged(ACKED_BETWEEN);
  writing = false;
  await Promise.all(writers);
  return { outcomes, restarts: [fast, immediate] };
}
