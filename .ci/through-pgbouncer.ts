// Runs a command (the API suites named in .ci/run) with TEST_DATABASE_URL sent through a real PgBouncer in
// transaction mode in front of the same PostgreSQL: every transaction may land on another server connection, so a
// session-level SET, a named prepared statement or a session advisory lock in the code would fail these suites.
// Usage: node --import tsx .ci/through-pgbouncer.ts <command> [args…]   (exits with the command's code)
import { spawn } from "node:child_process";
import { startPgBouncer } from "../apps/server/test/helpers/proxies.ts";

const direct = process.env.TEST_DATABASE_URL;
if (!direct) throw new Error("TEST_DATABASE_URL (the PostgreSQL database the suites use) is required");
const url = new URL(direct);
const bouncer = await startPgBouncer({ host: url.hostname, port: Number(url.port || 5432) }, 10);
url.port = String(bouncer.port);
console.log(`TEST_DATABASE_URL through PgBouncer (transaction mode, 10 server connections): ${url}`);

const [command, ...args] = process.argv.slice(2);
const child = spawn(command!, args, { stdio: "inherit", env: { ...process.env, TEST_DATABASE_URL: url.toString() } });
const code = await new Promise<number>((resolve) => child.once("exit", (c, signal) => resolve(c ?? (signal ? 1 : 0))));
const log = bouncer.output();
await bouncer.stop();
if (code !== 0 && log) console.log(`PgBouncer said:\n${log}`);
process.exit(code);
