import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./throwaway-postgres.ts";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/** The real server (`apps/server/src/main.ts` through tsx) as a child process, as an operator runs it. */
export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** How the process ended, or null while it runs. */
  exit: () => { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last 64 KB it wrote, to explain a failure. */
  output: () => string;
  /** SIGTERM, then SIGKILL after 15 s; resolves when it has ended. */
  stop: () => Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const uploads = mkdtempSync(join(tmpdir(), "convive-uploads-"));
  const passed = { ...process.env };
  // Only what the test names: no shared Redis, no test database of the other suites.
  delete passed.REDIS_URL;
  delete passed.TEST_DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: ROOT,
    env: {
      ...passed,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_DATA: "false",
      WEB_DIST: "/nonexistent",
      UPLOADS_DIR: uploads,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-65_536);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  let ended: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => {
      ended = { code, signal };
      rmSync(uploads, { recursive: true, force: true });
      resolve(ended);
    });
  });

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (ended) throw new Error(`the server exited while starting (${JSON.stringify(ended)}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer /health/live within 60 s:\n${output}`);
    }
    const live = await fetch(`${origin}/health/live`).catch(() => null);
    if (live?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    origin,
    child,
    exit: () => ended,
    exited,
    output: () => output,
    stop: async () => {
      if (ended) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
