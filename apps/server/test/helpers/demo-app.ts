import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config/config.ts";
import { type Db, openDb } from "../../src/db/client.ts";
import { students } from "../../src/db/schema/index.ts";
import { COLEGIO_ID } from "../../src/db/seed/colegio-demo.ts";
import { DEMO_PASSWORD, seedDemoIfEmpty } from "../../src/db/seed/demo.ts";
import { openTestDb } from "./app.ts";
import { client } from "./factories.ts";

/**
 * The whole demo (its schools, accounts and records) in a database of its own — its fixed e-mails and school ids
 * cannot share one with other test files: a fresh PGlite copy of the template locally, a new PostgreSQL database
 * (dropped at the end) when TEST_DATABASE_URL is set — and the app on it.
 */
export interface DemoApp {
  app: FastifyInstance;
  db: Db;
  /** Signs a demo account in and answers a client for the school (colegio-demo unless named). */
  as: (email: string, schoolId?: string) => Promise<DemoClient>;
  /** A colegio-demo student's id by first name and paternal surname. */
  studentId: (firstName: string, paternalSurname: string) => Promise<number>;
  close: () => Promise<void>;
}

export type DemoClient = ReturnType<typeof client> & { userId: number };

async function freshPostgres(url: string) {
  const name = `convive_demo_${randomBytes(6).toString("hex")}`;
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const run = async (statement: string) => {
    const conn = new pg.Client({ connectionString: admin.toString() });
    await conn.connect();
    try {
      await conn.query(statement);
    } finally {
      await conn.end();
    }
  };
  await run(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const opened = await openDb(target.toString(), { poolSize: 4 });
  return {
    db: opened.db,
    close: async () => {
      await opened.close();
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}

export async function createDemoApp(): Promise<DemoApp> {
  const url = process.env.TEST_DATABASE_URL;
  const opened = url ? await freshPostgres(url) : await openTestDb();
  await seedDemoIfEmpty(opened.db);
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DEMO_DATA: "false",
    WEB_DIST: "/nonexistent",
    JOBS_ENABLED: "false",
  });
  const app = await buildApp({ config, db: opened.db });
  await app.ready();
  const tokens = new Map<string, { token: string; userId: number }>();
  return {
    app,
    db: opened.db,
    async as(email, schoolId = COLEGIO_ID) {
      let signed = tokens.get(email);
      if (!signed) {
        const res = await app.inject({ method: "POST", url: "/login", payload: { email, password: DEMO_PASSWORD } });
        if (res.statusCode !== 200) throw new Error(`sign-in ${email}: ${res.statusCode} ${res.body}`);
        signed = { token: res.json().data.access_token, userId: res.json().data.user.id };
        tokens.set(email, signed);
      }
      return Object.assign(client(app, signed.token, schoolId), { userId: signed.userId });
    },
    async studentId(firstName, paternalSurname) {
      const [row] = await opened.db
        .select({ id: students.id })
        .from(students)
        .where(
          and(
            eq(students.schoolId, COLEGIO_ID),
            eq(students.firstName, firstName),
            eq(students.paternalSurname, paternalSurname),
          ),
        );
      if (!row) throw new Error(`no demo student ${firstName} ${paternalSurname}`);
      return row.id;
    },
    close: async () => {
      await app.close();
      await opened.close();
    },
  };
}
