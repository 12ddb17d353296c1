/// <reference types="node" />
/**
 * The webServer command of playwright.config.ts: with a PostgreSQL configured (support/database.ts), creates the
 * run's database afresh, then starts the real server entry point unchanged (apps/server/src/main.ts).
 */
import { e2eDatabase, recreateDatabase } from "./database.ts";

const database = e2eDatabase(Number(process.env.PORT));
if (database) await recreateDatabase(database);
await import("../../../server/src/main.ts");
