import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../../src/app.ts";
import { type Config, loadConfig } from "../../src/config/config.ts";
import { type Db, openDb, PGLITE_EXTENSIONS } from "../../src/db/client.ts";
import type { Transport } from "../../src/lib/mailer.ts";

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close: () => Promise<void>;
}

/**
 * Every test app's environment. JOBS_ENABLED=false: the app enqueues but runs no jobs nor schedules (no minute's
 * sweep in the middle of a test); a test of a job's effect passes JOBS_ENABLED: true or runs the handler itself.
 */
const TEST_ENV = { LOG_LEVEL: "silent", DEMO_DATA: "false", WEB_DIST: "/nonexistent", JOBS_ENABLED: "false" };

/** Opens the test database: the shared PostgreSQL of CI, or a fresh copy of the migrated PGlite template. */
export async function openTestDb(
  onQuery?: (query: string) => void,
): Promise<{ db: Db; pglite?: PGlite; close: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openDb(url, { poolSize: 4, onQuery });
  const template = inject("pgliteTemplate");
  const pglite = new PGlite({ loadDataDir: new Blob([readFileSync(template)]), extensions: PGLITE_EXTENSIONS });
  const opened = await openDb("pglite:memory", { pglite, onQuery });
  return { db: opened.db, pglite, close: opened.close };
}

/** The real app on a real database; no web build, quiet logs. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  extra: { mailer?: Transport; onQuery?: (query: string) => void } = {},
): Promise<TestApp> {
  const opened = await openTestDb(extra.onQuery);
  // E-mail leaves through the outbox's job (issue 25 §2): an app given an SMTP server or a mailer runs its jobs.
  const mails = overrides.SMTP_URL || extra.mailer ? { JOBS_ENABLED: true } : {};
  // Each test app's queues of its own: on CI's PostgreSQL every test file's apps share one database, and another
  // app's runner would deliver this app's e-mail to its own mail server. (createAppOn shares the default namespace.)
  // Only apps that run jobs: each namespace creates its queues (pg-boss's DDL), which the rest need not pay.
  const namespace = mails.JOBS_ENABLED ? { JOBS_NAMESPACE: `t${randomUUID().slice(0, 8)}.` } : {};
  const config = loadConfig(TEST_ENV, { ...namespace, ...mails, ...overrides });
  const app = await buildApp({ config, db: opened.db, mailer: extra.mailer });
  await app.ready();
  return {
    app,
    db: opened.db,
    close: async () => {
      await app.close();
      await opened.close();
    },
  };
}

/**
 * One more instance of the app on the same database (a second server behind the load balancer): whatever limits
 * or state the instances must share can only travel through the database.
 */
export async function createAppOn(db: Db, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const config = loadConfig(TEST_ENV, { ...overrides });
  const app = await buildApp({ config, db });
  await app.ready();
  return app;
}
