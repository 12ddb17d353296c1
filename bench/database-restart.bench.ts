/**
 * How fast the server is useful again after PostgreSQL restarts under write load (`npm run bench:database-restart`;
 * issue 9's 5 s target, moved here from apps/server/test/resilience/database-restart.test.ts by issue 24, which
 * keeps that the process survives, answers again, and keeps every acknowledged write). A PostgreSQL of its own
 * (installed initdb/pg_ctl) and the server as a child process; restarts `-m fast` then `-m immediate`. Exit code
 * 0 whether the target is met or not; non-zero when the run breaks.
 */
import { cpus, loadavg } from "node:os";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { openDb } from "../apps/server/src/db/client.ts";
import { incidentSchool } from "../apps/server/test/helpers/incidents.ts";
import { restartUnderLoad } from "../apps/server/test/helpers/restart-under-load.ts";
import { type ServerProcess, startServer } from "../apps/server/test/helpers/server-process.ts";
import { startThrowawayPostgres } from "../apps/server/test/helpers/throwaway-postgres.ts";

const TARGET_MS = 5_000;

const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(" ");
console.log(`Convive database-restart bench — node ${process.version}, ${cpus().length} CPUs, load average ${load}\n`);
const pg = await startThrowawayPostgres();
const db = await openDb(pg.url, { poolSize: 4, log: () => {} });
let server: ServerProcess | undefined;
try {
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: "silent", DEMO_DATA: "false", WEB_DIST: "/nonexistent" }),
    db: db.db,
  });
  await app.ready();
  const school = await incidentSchool(app, db.db);
  await app.close();
  server = await startServer({ DATABASE_URL: pg.url, DATABASE_POOL_SIZE: "8" });
  const { outcomes, restarts } = await restartUnderLoad(pg, server, school);
  console.table(
    restarts.map((r) => ({
      restart: `-m ${r.mode}`,
      "down ms": r.restartMs,
      "ready again ms": r.readyMs,
      "first write ms": r.firstWriteMs,
      "refused (503)": r.refused,
    })),
  );
  const worst = Math.max(...restarts.flatMap((r) => [r.readyMs, r.firstWriteMs]));
  const mark = Number.isFinite(worst) && worst <= TARGET_MS ? "PASS" : "FAIL";
  console.log(`${outcomes.filter((o) => o.status === 201).length} writes acknowledged in all`);
  console.log(
    `\nRESULT: ${mark} — useful again ${worst} ms after PostgreSQL accepted connections (target ≤ ${TARGET_MS} ms)`,
  );
} catch (error) {
  console.error("BENCH RUN FAILED:", error);
  process.exitCode = 1;
} finally {
  await server?.stop();
  await db.close();
  await pg.destroy();
}
