import { type ChildProcess, spawn } from "node:child_process";
import { createConnection } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { findBinary } from "./binaries.ts";
import { freePort } from "./throwaway-postgres.ts";

/**
 * The suites that need Redis start a redis-server of their own on a free port (never the machine's shared one,
 * which one suite stops and starts). Without the binary, `npm test` still passes: those suites are skipped and
 * named on the console. CI, which has Redis, sets REQUIRE_REDIS=1 so that a missing binary fails instead.
 */
const binary = findBinary("redis-server");

/** Whether a suite that needs Redis can run; use as `describe.skipIf(!redisAvailable(name))(name, …)`. */
export function redisAvailable(suite: string): boolean {
  if (binary) return true;
  if (process.env.REQUIRE_REDIS === "1") {
    throw new Error(`"${suite}" needs redis-server on PATH (REQUIRE_REDIS=1): install the redis-server package`);
  }
  console.warn(`SKIPPED "${suite}": no redis-server on PATH (install the redis-server package to run it)`);
  return false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts redis-server on `port` (no persistence) and resolves once it accepts connections. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const server = spawn(
    binary ?? "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error) =>
      reject(new Error(`redis-server could not be started (${error.message}); install the redis-server package`)),
    );
    server.once("spawn", () => resolve());
  });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = createConnection(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.end();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (up) return server;
    if (server.exitCode !== null) break;
    await sleep(50);
  }
  await stopRedis(server);
  throw new Error(`redis-server did not accept connections on port ${port} within 5 s`);
}

/** Stops a redis-server started by startRedis (SIGKILL: a crash, as the restart test wants). */
export async function stopRedis(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const gone = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGKILL");
  await gone;
}

/**
 * A redis-server of the suite's own for the whole describe block (registers beforeAll/afterAll; call it first
 * in the block so that it starts before, and stops after, the apps that use it). Returns its URL getter.
 */
export function ownRedis(): () => string {
  let server: ChildProcess | undefined;
  let url = "";
  beforeAll(async () => {
    const port = await freePort();
    server = await startRedis(port);
    url = `redis://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    if (server) await stopRedis(server);
  });
  return () => url;
}
