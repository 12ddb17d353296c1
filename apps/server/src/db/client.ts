import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { createPool, type PoolErrorLog } from "./pool.ts";
import * as schema from "./schema/index.ts";
import { followStatementTimeouts } from "./statement-timeout.ts";

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories take either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface OpenDb {
  db: Db;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Opens `pglite:memory`, `pglite:<dir>` or `postgres://…` and applies the migrations.
 * Same schema and SQL on both, so the embedded default behaves like production PostgreSQL.
 */
export async function openDb(
  url: string,
  options: {
    poolSize?: number;
    pglite?: PGlite;
    log?: PoolErrorLog;
    /** Called with every statement drizzle sends (benchmarks and tests count and explain the database work). */
    onQuery?: (query: string, params: unknown[]) => void;
  } = {},
): Promise<OpenDb> {
  const { onQuery } = options;
  const logger = onQuery ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } : undefined;
  if (options.pglite || url.startsWith("pglite:")) {
    const client = options.pglite ?? (await createPglite(url.slice("pglite:".length)));
    const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, driver: "pglite", close: () => client.close() };
  }
  const log = options.log ?? ((message, error) => console.warn(`${message}: ${error.message}`));
  const pool = createPool(url, options.poolSize ?? 10, log);
  // Requests' statements get DB_STATEMENT_TIMEOUT_MS; migrations (below) and background work run without one.
  followStatementTimeouts(pool, { connectionString: url });
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  try {
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    // Unreachable at start-up: fail clearly (the supervisor starts us again) instead of idling with a pool.
    await pool.end().catch(() => {});
    throw error;
  }
  return { db, driver: "postgres", close: () => pool.end() };
}

/** PGlite's build of the extensions the migrations create (PostgreSQL ships them in contrib). */
export const PGLITE_EXTENSIONS = { unaccent, btree_gin };

async function createPglite(location: string): Promise<PGlite> {
  if (location === "memory" || location === "") return new PGlite({ extensions: PGLITE_EXTENSIONS });
  mkdirSync(location, { recursive: true });
  return new PGlite(location, { extensions: PGLITE_EXTENSIONS });
}
