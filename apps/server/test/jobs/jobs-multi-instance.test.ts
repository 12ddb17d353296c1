import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDb } from "../../src/db/client.ts";
import { createJobRunner, type JobRunner } from "../../src/lib/jobs.ts";
import { EFFECTS_TABLE, recordEffect } from "./idempotent-handler.ts";

// Issue 25 §1 on real PostgreSQL, in a database of this file's own: three runner instances share it as three
// servers would. Each instance has its own pool, as separate processes have.

const ADMIN_URL = process.env.JOBS_TEST_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const NAME = `convive_jobs_${randomUUID().slice(0, 8)}`;
const URL_OF_DB = ADMIN_URL.replace(/\/[^/]*$/, `/${NAME}`);
const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

interface Instance {
  db: Db;
  runner: JobRunner;
  close: () => Promise<void>;
}
const instances: Instance[] = [];

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** One more instance on the shared database: opened, its handlers declared by `declare`, started. */
async function instance(declare: (runner: JobRunner, db: Db) => void): Promise<Instance> {
  const opened = await openDb(URL_OF_DB, { poolSize: 3 });
  const runner = createJobRunner({
    db: opened.db,
    enabled: true,
    concurrency: 2,
    pollSeconds: 0.5,
    maintenanceSeconds: 1,
    log: () => {},
  });
  declare(runner, opened.db);
  await runner.start();
  const made = {
    db: opened.db,
    runner,
    close: async () => {
      await runner.stop(2000);
      await opened.close();
    },
  };
  instances.push(made);
  return made;
}

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${NAME}`);
  const first = await openDb(URL_OF_DB, { poolSize: 1 });
  await first.db.execute(EFFECTS_TABLE);
  await first.close();
}, 120_000);

afterAll(async () => {
  for (const i of instances.splice(0)) await i.close();
  await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
});

describe("job runner across instances (PostgreSQL)", () => {
  it("three instances: a schedule fires once per occurrence, and each occurrence's job runs once", async () => {
    const done = new Map<string, number>();
    let expected = 0;
    let allDone: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      allDone = resolve;
    });
    const declare = (runner: JobRunner, db: Db) =>
      runner.work("test-report", async (job) => {
        const key = await recordEffect(db, job as never);
        done.set(key, (done.get(key) ?? 0) + 1);
        if ([...done.values()].reduce((a, b) => a + b, 0) === expected) allDone();
      });
    const trio = [await instance(declare), await instance(declare), await instance(declare)];
    // Each school's report at 07:00 in its own zone.
    await trio[0]!.runner.schedule("test-report", "0 7 * * *", { key: "school-mx", tz: "America/Mexico_City" });
    await trio[1]!.runner.schedule("test-report", "0 7 * * *", { key: "school-co", tz: "America/Bogota" });
    // Every instance's tick fires in the same minutes, at once, for three days (what pg-boss's own per-minute
    // tick would do if two of them ever ran in one minute): 07:00 Mexico City = 13:00 UTC, Bogotá = 12:00 UTC.
    const minutes = ["12:00:02", "12:01:00", "13:00:01", "13:01:30", "13:02:00"];
    expected = 2 * 3;
    for (const day of ["2026-11-27", "2026-11-28", "2026-11-29"]) {
      for (const minute of minutes) {
        const at = new Date(`${day}T${minute}Z`);
        await Promise.all(trio.map((i) => i.runner.fireSchedules(at)));
      }
    }
    await finished;
    const db = trio[2]!.db;
    expect(await count(db, sql`SELECT count(*) AS n FROM pgboss.job WHERE name = 'test-report'`)).toBe(6);
    expect(await count(db, sql`SELECT count(*) AS n FROM test_job_effects WHERE key LIKE 'school-%'`)).toBe(6);
    expect([...done.values()]).toEqual([1, 1, 1, 1, 1, 1]);
    for (const i of instances.splice(0)) await i.close();
  }, 120_000);

  it("three instances working one queue: 60 jobs, each run once", async () => {
    const runs = new Map<string, number>();
    let total = 0;
    let allDone: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      allDone = resolve;
    });
    const declare = (runner: JobRunner) =>
      runner.work("test-many", async (job) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        if (++total === 60) allDone();
      });
    const trio = [await instance(declare), await instance(declare), await instance(declare)];
    for (let n = 0; n < 60; n++) await trio[n % 3]!.runner.send("test-many", { n });
    await finished;
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((r) => r === 1)).toBe(true);
    for (const i of instances.splice(0)) await i.close();
  }, 120_000);

  it("a process killed in the middle of a job: the job runs again elsewhere, its effect is not doubled", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "apps/server/test/jobs/kill-child.ts"], {
      cwd: ROOT,
      env: { ...process.env, JOBS_TEST_DATABASE_URL: URL_OF_DB },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const saw = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const look = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes(text)) resolve();
        };
        child.stdout!.on("data", look);
        child.stderr!.on("data", (chunk: Buffer) => {
          output += chunk.toString();
        });
        child.once("exit", () => reject(new Error(`child ended before "${text}":\n${output}`)));
      });
    await saw("ready");
    const survivor = await instance(() => {});
    const id = await survivor.runner.send("test-kill", { key: "kill-1" });
    await saw(`effect written ${id}`);
    const killed = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await killed;

    // Another instance takes the queue up; pg-boss fails the dead process's run when its lease (2 s) is over.
    let secondRun: () => void = () => {};
    const ranAgain = new Promise<void>((resolve) => {
      secondRun = resolve;
    });
    const next = await instance((runner, db) =>
      runner.work(
        "test-kill",
        async (job) => {
          await recordEffect(db, job as never);
          secondRun();
        },
        { expireSeconds: 2, retryDelaySeconds: 1 },
      ),
    );
    await ranAgain;
    const db = next.db;
    expect(await count(db, sql`SELECT count(*) AS n FROM test_job_runs WHERE key = 'kill-1'`)).toBe(2);
    expect(await count(db, sql`SELECT count(*) AS n FROM test_job_effects WHERE key = 'kill-1'`)).toBe(1);
  }, 120_000);
});
