/// <reference types="node" />
import pg from "pg";

/**
 * The suite's own PostgreSQL database, when a PostgreSQL server is configured: E2E_DATABASE_URL, else the
 * TEST_DATABASE_URL CI exports for the API tests (only the server address is used; the database is our own).
 * Named after the port, so concurrent runs on other ports never meet; created afresh by serve.ts before the
 * server starts and dropped by teardown.ts after the run. Without one the server runs on PGlite in memory
 * (support/school.ts says what that changes).
 */
export interface E2eDatabase {
  /** The database the server and the fixtures use. */
  url: string;
  name: string;
  /** The same server's maintenance database, to create and drop ours. */
  adminUrl: string;
}

export function e2eDatabase(port: number): E2eDatabase | undefined {
  const configured = process.env.E2E_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!configured) return undefined;
  const name = `convive_e2e_${port}`;
  const url = new URL(configured);
  url.pathname = `/${name}`;
  const admin = new URL(configured);
  admin.pathname = "/postgres";
  return { url: url.toString(), name, adminUrl: admin.toString() };
}

async function onAdmin(database: E2eDatabase, statements: string[]) {
  const client = new pg.Client({ connectionString: database.adminUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Drops what an interrupted run on this port left behind, then creates the database empty. */
export async function recreateDatabase(database: E2eDatabase) {
  await onAdmin(database, [
    `drop database if exists "${database.name}" with (force)`,
    `create database "${database.name}"`,
  ]);
}

/** Drops the database even while the server still holds connections to it (it is being stopped anyway). */
export async function dropDatabase(database: E2eDatabase) {
  await onAdmin(database, [`drop database if exists "${database.name}" with (force)`]);
}
