import { type ChildProcess, execFile, spawn } from "node:child_process";
import { chownSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { findBinary } from "./binaries.ts";
import { freePort } from "./throwaway-postgres.ts";

const run = promisify(execFile);

/**
 * Debian's PgBouncer and HAProxy, as a deployment past one machine puts them in front of PostgreSQL and of the
 * app's instances (docs/scaling.md). Each runs in the foreground as a child of the test, on a free port, with a
 * configuration written to a temporary folder. Without the binaries, `npm test` still passes (the suite is
 * skipped and named on the console); CI sets REQUIRE_PROXIES=1 so that a missing binary fails instead.
 */
/** Whether pgbouncer and haproxy are installed; use as `describe.skipIf(!proxiesAvailable(name))(name, …)`. */
export function proxiesAvailable(suite: string): boolean {
  const missing = ["pgbouncer", "haproxy"].filter((name) => !findBinary(name));
  if (missing.length === 0) return true;
  const install = `install the Debian package${missing.length > 1 ? "s" : ""} ${missing.join(" and ")}`;
  if (process.env.REQUIRE_PROXIES === "1") throw new Error(`"${suite}" needs ${missing.join(", ")} (${install})`);
  console.warn(`SKIPPED "${suite}": no ${missing.join(", ")} on PATH (${install} to run it)`);
  return false;
}

export interface RunningProxy {
  port: number;
  /** The last 16 KB it wrote, to explain a failure. */
  output: () => string;
  stop: () => Promise<void>;
}

async function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Spawns `command`, resolves once `port` accepts connections (or fails with what the process said). */
async function spawnListening(command: string, args: string[], port: number, dir: string): Promise<RunningProxy> {
  const child: ChildProcess = spawn(command, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-16_384);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) break;
    if (await acceptsConnections(port)) return { port, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`${command} did not listen on ${port} within 10 s:\n${output}`);
}

/**
 * PgBouncer in transaction mode in front of the PostgreSQL at `upstream` (host:port), every database name passed
 * through, `poolSize` server connections per database — fewer than the apps' pools together, so connections are
 * really shared between clients and a statement that needed a session (a session SET, a named prepared statement,
 * a session advisory lock) would break.
 */
export async function startPgBouncer(upstream: { host: string; port: number }, poolSize = 8): Promise<RunningProxy> {
  const exe = findBinary("pgbouncer");
  if (!exe) throw new Error("pgbouncer not found: install the Debian package pgbouncer");
  const dir = mkdtempSync(join(tmpdir(), "convive-pgbouncer-"));
  const port = await freePort();
  writeFileSync(join(dir, "userlist.txt"), '"postgres" ""\n');
  writeFileSync(
    join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${upstream.host} port=${upstream.port}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      "auth_type = trust",
      `auth_file = ${join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      `default_pool_size = ${poolSize}`,
      "max_client_conn = 2000",
      "ignore_startup_parameters = extra_float_digits,options",
      "admin_users = postgres",
      "",
    ].join("\n"),
  );
  // PgBouncer refuses to run as root; as root (CI) it runs as the postgres OS user, like PostgreSQL itself.
  if (process.getuid?.() === 0) {
    const uid = Number((await run("id", ["-u", "postgres"])).stdout.trim());
    const gid = Number((await run("id", ["-g", "postgres"])).stdout.trim());
    for (const file of ["", "userlist.txt", "pgbouncer.ini"]) chownSync(join(dir, file), uid, gid);
    return spawnListening("runuser", ["-u", "postgres", "--", exe, join(dir, "pgbouncer.ini")], port, dir);
  }
  return spawnListening(exe, [join(dir, "pgbouncer.ini")], port, dir);
}

/**
 * HAProxy balancing HTTP and WebSocket requests round-robin over `backends` (ports on 127.0.0.1), with no
 * stickiness: each request may land on either instance. Every answer carries `x-served-by: <name>` so a test can
 * tell which instance served it.
 */
export async function startHaproxy(backends: { name: string; port: number }[]): Promise<RunningProxy> {
  const exe = findBinary("haproxy");
  if (!exe) throw new Error("haproxy not found: install the Debian package haproxy");
  const dir = mkdtempSync(join(tmpdir(), "convive-haproxy-"));
  const port = await freePort();
  writeFileSync(
    join(dir, "haproxy.cfg"),
    [
      "global",
      "  maxconn 4000",
      "defaults",
      "  mode http",
      "  timeout connect 5s",
      "  timeout client 60s",
      "  timeout server 60s",
      "  timeout tunnel 1h",
      "frontend web",
      `  bind 127.0.0.1:${port}`,
      "  default_backend app",
      "backend app",
      "  balance roundrobin",
      "  option httpchk GET /health/live",
      "  http-response set-header x-served-by %s",
      ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check inter 1s`),
      "",
    ].join("\n"),
  );
  return spawnListening(exe, ["-db", "-f", join(dir, "haproxy.cfg")], port, dir);
}
