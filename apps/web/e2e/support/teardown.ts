/// <reference types="node" />
import { dropDatabase, e2eDatabase } from "./database.ts";
import { E2E_PORT } from "./env.ts";

/** Global teardown: drops the run's PostgreSQL database (support/database.ts), if it had one. */
export default async function teardown() {
  const database = e2eDatabase(E2E_PORT);
  if (database) await dropDatabase(database);
}
