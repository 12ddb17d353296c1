import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own, in a temporary folder on a free port, so a test may restart or kill it
 * without touching the machine's shared server (other test files use that one at the same time).
 * Built with the installed server binaries; as root (CI) they run as the `postgres` OS user, since initdb refuses
 * root. Missing binaries fail the test with a clear message instead of skipping it.
 */
export interface ThrowawayPostgres {
  url: string;
  port: number;
  /** `pg_ctl restart -m <mode>`; resolves when PostgreSQL accepts connections again. */
  restart: (mode: "fast" | "immediate") => Promise<void>;
  /** The server's log, to explain a failure. */
  log: () => string;
  /** Stops the server and removes its folder. */
  destroy: () => Promise<void>;
}

/** The newest installed server's bin folder, or PG_BIN. */
function binDir(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(join(fromEnv, "initdb"))) return fromEnv;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, "bin", "initdb")) && existsSync(join(root, v, "bin", "pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      "PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql/*/bin: install the " +
        "`postgresql` package or set PG_BIN. This test restarts a PostgreSQL of its own and cannot run without them.",
    );
  }
  return join(root, versions[0]!, "bin");
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), "convive-pg-"));
  const data = join(dir, "data");
  const logFile = join(dir, "server.log");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const tool = (name: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", join(bin, name), ...args], { cwd: dir })
      : run(join(bin, name), args, { cwd: dir });

  const port = await freePort();
  await tool("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  await tool("pg_ctl", ["-D", data, "-l", logFile, "-o", options, "-w", "-t", "60", "start"]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query("create database convive");
  await admin.end();

  return {
    url: `postgres://postgres@127.0.0.1:${port}/convive`,
    port,
    restart: async (mode) => {
      await tool("pg_ctl", ["-D", data, "-l", logFile, "-m", mode, "-w", "-t", "60", "restart"]);
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, "utf8").slice(-4000) : ""),
    destroy: async () => {
      await tool("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Resolves with the moment PostgreSQL accepts a connection after having refused one, polling every 20 ms —
 * the instant a restart is over as a client sees it (pg_ctl -w itself polls every 100 ms).
 */
export function watchRestart(url: string): { acceptedAt: Promise<number>; stop: () => void } {
  let stopped = false;
  const acceptedAt = (async () => {
    let sawDown = false;
    while (!stopped) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
      client.on("error", () => {});
      const up = await client.connect().then(
        () => true,
        () => false,
      );
      await client.end().catch(() => {});
      if (!up) sawDown = true;
      else if (sawDown) return Date.now();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Number.NaN;
  })();
  return {
    acceptedAt,
    stop: () => {
      stopped = true;
    },
  };
}
