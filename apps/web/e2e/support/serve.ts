/// <reference types="node" />
/**
 * The webServer command of playwright.config.ts: with a PostgreSQL configured (support/database.ts), creates the
 * run's database afresh, starts the run's mailbox, then starts the real server entry point unchanged
 * (apps/server/src/main.ts).
 */
import { e2eDatabase, recreateDatabase } from "./database.ts";
import { startMailbox } from "./mailbox.ts";

const database = e2eDatabase(Number(process.env.PORT));
if (database) await recreateDatabase(database);
// The run's mailbox (support/mailbox.ts): specs read the e-mails the server sends, as a person would.
process.env.SMTP_URL = await startMailbox(Number(process.env.PORT));
await import("../../../server/src/main.ts");
