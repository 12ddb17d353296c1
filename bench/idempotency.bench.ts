/**
 * Idempotent creates and safe balances bench (`npx tsx bench/idempotency.bench.ts [--postgres]`): what an
 * Idempotency-Key adds to a create (claim + stored answer: two statements), what a replay costs, and what the
 * balance check under the student's lock adds to a redemption — medians through the real app (app.inject), each
 * against the plain award measured in the same run. Exit code 0 whatever the figures; non-zero when the run breaks.
 *
 * default: in-memory PGlite · --postgres (or BENCH_DATABASE_URL=postgres-fresh): a throw-away PostgreSQL database
 * BENCH_SAMPLES (default 101 per kind)
 */
import { randomUUID } from "node:crypto";
import { cpus, loadavg } from "node:os";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { schoolDay } from "../apps/server/test/helpers/follow-up.ts";
import { incidentSchool } from "../apps/server/test/helpers/incidents.ts";
import { benchDatabase } from "./database.ts";

const samples = Number(process.env.BENCH_SAMPLES ?? 101);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function run(app: FastifyInstance) {
  const s = await incidentSchool(app, app.ctx.db);
  const body = (kind: "award" | "redemption", points: number) => ({
    student_ids: [s.a1.id],
    kind,
    points,
    reason: "Bench",
    awarded_on: schoolDay(0),
  });
  const timed = async (payload: object, key?: string) => {
    const started = performance.now();
    const res = await s.teacher.as({
      method: "POST",
      url: "/api/point-awards",
      payload,
      headers: key ? { "idempotency-key": key } : {},
    });
    const ms = performance.now() - started;
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    return ms;
  };
  // Warm every path once.
  // Enough points for every redemption of the run (an award gives at most 100).
  for (let given = 0; given <= samples; given += 100) await timed(body("award", 100));
  await timed(body("redemption", 1));
  const replayed = randomUUID();
  await timed(body("award", 1), replayed);

  const figures = { plain: [] as number[], keyed: [] as number[], replay: [] as number[], redemption: [] as number[] };
  for (let i = 0; i < samples; i++) {
    // Interleaved, so load on the machine falls on every kind alike.
    figures.plain.push(await timed(body("award", 1)));
    figures.keyed.push(await timed(body("award", 1), randomUUID()));
    figures.replay.push(await timed(body("award", 1), replayed));
    figures.redemption.push(await timed(body("redemption", 1)));
  }
  return Object.fromEntries(Object.entries(figures).map(([kind, values]) => [kind, median(values)])) as Record<
    keyof typeof figures,
    number
  >;
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
    await app.ready();
    const load = loadavg().map((l) => l.toFixed(2));
    console.log(`Convive idempotency and balance bench — ${database.label}`);
    console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${load.join(" ")}\n`);
    const m = await run(app);
    const row = (what: string, ms: number) => ({
      what,
      "median ms": ms.toFixed(2),
      "× plain": (ms / m.plain).toFixed(2),
    });
    console.table([
      row("award, no key (baseline)", m.plain),
      row("award, new key", m.keyed),
      row("award, replayed key", m.replay),
      row("redemption (lock + balance)", m.redemption),
    ]);
  } catch (error) {
    console.error("BENCH RUN FAILED:", error);
    process.exitCode = 1;
  } finally {
    await app?.close();
    await database.drop();
  }
}

await main();
