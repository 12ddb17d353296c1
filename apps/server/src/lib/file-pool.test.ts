import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config/config.ts";
import { AppError } from "./errors.ts";
import { createFilePool, type FileJobs } from "./file-pool.ts";

/** A CSV of `rows` × 30 distinct cells: ≈ 9 MB and some 1.5 million strings for 50 000 rows. */
const bigCsv = (rows: number) =>
  Buffer.from(
    Array.from({ length: rows + 1 }, (_, r) => Array.from({ length: 30 }, (_, c) => `v${r}-${c}`).join(",")).join("\n"),
  );
const small = () => Buffer.from("Matrícula,Nombre\nCDA-1,Ana\n");

const pools: FileJobs[] = [];
const poolWith = (env: Record<string, string>) => {
  const logs: string[] = [];
  const pool = createFilePool(loadConfig(env), (m) => logs.push(m));
  pools.push(pool);
  return { pool, logs };
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? [error.code, error.status, error.params] : error),
  );

describe("file pool limits", () => {
  it("stops a file past the time limit with FILE_TOO_COMPLEX, and a fresh worker takes the next one", async () => {
    // 0.3 s: a small file under load took more than 50 ms on CI and was refused before the big one was tried.
    const { pool, logs } = poolWith({ FILE_WORKERS: "1", FILE_JOB_TIMEOUT_SECONDS: "0.3" });
    // Warm: a worker's start-up is not counted against a file.
    expect((await pool.readTable(small())).rows).toHaveLength(1);
    expect(await refusal(pool.readTable(bigCsv(400_000)))).toEqual([
      "FILE_TOO_COMPLEX",
      422,
      { seconds: 0.3, memory: 512 },
    ]);
    expect(logs[0]).toMatch(/^file job table refused after \d+ ms: over 300 ms$/);
    expect((await pool.readTable(small())).headers).toEqual(["Matrícula", "Nombre"]);
  });

  it("stops a file past the memory limit with FILE_TOO_COMPLEX, and a fresh worker takes the next one", async () => {
    const { pool, logs } = poolWith({ FILE_WORKERS: "1", FILE_JOB_MEMORY_MB: "32" });
    expect(await refusal(pool.readTable(bigCsv(50_000)))).toEqual([
      "FILE_TOO_COMPLEX",
      422,
      { seconds: 20, memory: 32 },
    ]);
    expect(logs[0]).toMatch(/over 32 MB$/);
    expect((await pool.readTable(small())).rows[0]).toEqual({ number: 2, cells: ["CDA-1", "Ana"] });
  });

  it("answers 503 SERVER_BUSY when every worker is taken and the queue is full", async () => {
    const { pool } = poolWith({ FILE_WORKERS: "1", FILE_JOB_QUEUE: "0" });
    const first = pool.readTable(bigCsv(20_000));
    expect(await refusal(pool.readTable(small()))).toEqual(["SERVER_BUSY", 503, undefined]);
    expect((await first).rows).toHaveLength(20_000);
  });
});
