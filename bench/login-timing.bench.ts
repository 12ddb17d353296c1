/**
 * Sign-in timing bench (`npx tsx bench/login-timing.bench.ts`): how long a 401 takes for a wrong password and for
 * an unknown e-mail, through the real app (app.inject). Both paths run one argon2 verification (auth.test.ts
 * checks that without a clock); this prints the medians so a person can see the two stay close on this machine.
 * Exit code 0 whether they are close or not; non-zero when the run breaks.
 *
 * default: in-memory PGlite · --postgres (or BENCH_DATABASE_URL=postgres-fresh): a throw-away PostgreSQL database
 * BENCH_SAMPLES (default 21 per path)
 */
import { randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { users } from "../apps/server/src/db/schema/index.ts";
import { hashPassword } from "../apps/server/src/lib/passwords.ts";
import { benchDatabase } from "./database.ts";

const samples = Number(process.env.BENCH_SAMPLES ?? 21);
// The account lockout counts failures per account (10); spreading the wrong passwords over accounts stays under it.
const ACCOUNTS = Math.ceil(samples / 7);
/** A relative gap above this is worth a look: a stranger could tell an existing account by the answer's time. */
const CLOSE_ENOUGH = 0.5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
// Fresh addresses per attempt keep the per-address throttle out of the figures.
const freshIp = () => `10.${[...randomBytes(3)].join(".")}`;

async function timedFailure(app: FastifyInstance, email: string): Promise<number> {
  const started = performance.now();
  const res = await app.inject({
    method: "POST",
    url: "/login",
    payload: { email, password: "Otra.Clave1" },
    remoteAddress: freshIp(),
  });
  const ms = performance.now() - started;
  if (res.statusCode !== 401) throw new Error(`expected 401 for ${email}: ${res.statusCode} ${res.body}`);
  return ms;
}

async function run(app: FastifyInstance) {
  const passwordHash = await hashPassword("Bench.Login.2026");
  const emails: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const email = `bench-login-${i}@bench.test`;
    await app.ctx.db.insert(users).values({ firstName: "Bench", email, passwordHash, passwordUpdated: 1 });
    emails.push(email);
  }
  const unknown = (i: number) => `nadie-${i}-${randomBytes(3).toString("hex")}@bench.test`;
  // Warm both paths (the dummy hash is computed once per process).
  await timedFailure(app, unknown(-1));
  await timedFailure(app, emails[0]!);
  const wrong: number[] = [];
  const missing: number[] = [];
  for (let i = 0; i < samples; i++) {
    // The order alternates so neither path always runs right after the other.
    const pair = [() => timedFailure(app, emails[i % ACCOUNTS]!), () => timedFailure(app, unknown(i))] as const;
    if (i % 2) {
      wrong.push(await pair[0]());
      missing.push(await pair[1]());
    } else {
      missing.push(await pair[1]());
      wrong.push(await pair[0]());
    }
  }
  return { wrong: median(wrong), missing: median(missing) };
}

async function main() {
  const database = await benchDatabase(process.env, process.argv.slice(2));
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DEMO_DATA: "false",
    WEB_DIST: "/nonexistent",
    DATABASE_URL: database.url,
  });
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config });
    const load = loadavg().map((l) => l.toFixed(2));
    console.log(`Convive sign-in timing bench — ${database.label}`);
    console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${load.join(" ")}\n`);
    const { wrong, missing } = await run(app);
    const gap = Math.abs(wrong - missing) / Math.min(wrong, missing);
    console.table([
      { path: "wrong password", "median ms": wrong.toFixed(1) },
      { path: "unknown e-mail", "median ms": missing.toFixed(1) },
    ]);
    const mark = gap < CLOSE_ENOUGH ? "CLOSE" : "APART";
    console.log(`\nRESULT: ${mark} — gap ${(gap * 100).toFixed(0)} % over ${samples} samples a path`);
  } catch (error) {
    console.error("BENCH RUN FAILED:", error);
    process.exitCode = 1;
  } finally {
    await app?.close();
    await database.drop();
  }
}

await main();
