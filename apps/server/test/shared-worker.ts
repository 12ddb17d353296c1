import { afterAll, vi } from "vitest";

/**
 * The server's test files share a module graph per worker (vitest.config.ts, isolate: false): whatever one file
 * changes of the process — a faked clock, stubbed globals or environment variables — must not reach the next file,
 * even when a test failed before putting it back.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
