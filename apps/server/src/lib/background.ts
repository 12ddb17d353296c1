import { outsideRequest } from "../db/statement-timeout.ts";

/**
 * Work done after the answer has gone out, so that how long it takes cannot be read from the answer (a reset
 * e-mail only for accounts that exist). A failure is logged, never thrown; closing the app waits for what runs.
 */
export function createBackground(log: (message: string) => void) {
  const running = new Set<Promise<void>>();

  /** Runs `work` on a later turn of the event loop, after the current answer has been written. */
  function later(name: string, work: () => Promise<unknown>) {
    // Not the request's work: its statements are not held to the request's time limit.
    const task = outsideRequest(() =>
      new Promise<void>((resolve) => setImmediate(resolve)).then(work).then(
        () => undefined,
        (error: unknown) => log(`${name} failed: ${error instanceof Error ? error.message : String(error)}`),
      ),
    );
    running.add(task);
    void task.finally(() => running.delete(task));
  }

  /** Resolves once nothing is running (tasks may start others). */
  async function drain() {
    while (running.size > 0) await Promise.allSettled([...running]);
  }

  return { later, drain };
}

export type Background = ReturnType<typeof createBackground>;
