import { randomBytes } from "node:crypto";
import pg from "pg";

/** Where the bench's server keeps its data, and how to clean up after the run. */
export interface BenchDatabase {
  url: string;
  label: string;
  drop: () => Promise<void>;
}

const ADMIN_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * `BENCH_DATABASE_URL` as given; `postgres-fresh` or `--postgres`: a new throw-away PostgreSQL database;
 * otherwise an in-memory PGlite, the embedded default of a single-school install.
 */
export async function benchDatabase(env: NodeJS.ProcessEnv, argv: readonly string[]): Promise<BenchDatabase> {
  const wanted = env.BENCH_DATABASE_URL;
  if (wanted === "postgres-fresh" || argv.includes("--postgres")) return freshPostgres();
  if (wanted) return { url: wanted, label: redact(wanted), drop: async () => {} };
  return { url: "pglite:memory", label: "PGlite (in memory, same process)", drop: async () => {} };
}

async function freshPostgres(): Promise<BenchDatabase> {
  const name = `convive_bench_${randomBytes(4).toString("hex")}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `PostgreSQL ${url.host}/${name} (fresh)`,
    drop: () => dropWhenIdle(name),
  };
}

/**
 * pg's pool.end() resolves before its sockets have closed; terminating them then (drop … with force) would
 * crash the still-listening clients. So wait until the server's connections are gone, forcing only after 5 s.
 */
async function dropWhenIdle(name: string) {
  await admin(async (client) => {
    for (let waited = 0; waited < 5_000; waited += 50) {
      const { rows } = await client.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`drop database if exists ${name} with (force)`);
  });
}

async function admin(work: string | ((client: pg.Client) => Promise<void>)) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    if (typeof work === "string") await client.query(work);
    else await work(client);
  } finally {
    await client.end();
  }
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
