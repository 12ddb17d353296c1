import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config/config.ts";
import { type Db, openDb } from "../../src/db/client.ts";
import { DEMO_PASSWORD, seedDemoIfEmpty } from "../../src/db/seed/demo.ts";
import { openTestDb } from "../helpers/app.ts";
import { client } from "../helpers/factories.ts";

/**
 * Spec §4 sign-in sequence over HTTP for every demo account. The demo's fixed e-mails and school ids cannot
 * share a database with other runs, so it gets a database of its own: a fresh PGlite locally, and a new
 * PostgreSQL database on the test server when TEST_DATABASE_URL is set.
 */
let app: FastifyInstance;
let closeDb: () => Promise<void>;
let dropDb: (() => Promise<void>) | undefined;

async function freshPostgres(url: string): Promise<{ db: Db; close: () => Promise<void> }> {
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
  dropDb = () => run(`drop database if exists ${name} with (force)`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return openDb(target.toString(), { poolSize: 4 });
}

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  const opened = url ? await freshPostgres(url) : await openTestDb();
  closeDb = opened.close;
  expect(await seedDemoIfEmpty(opened.db)).toBe(true);
  const config = loadConfig({ LOG_LEVEL: "silent", DEMO_DATA: "false", WEB_DIST: "/nonexistent" });
  app = await buildApp({ config, db: opened.db });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app?.close();
  await closeDb?.();
  await dropDb?.();
});

interface School {
  id: string;
  is_active: boolean;
}

async function signIn(email: string) {
  const csrf = await app.inject({ method: "GET", url: "/sanctum/csrf-cookie" });
  expect(csrf.statusCode).toBe(204);
  const res = await app.inject({ method: "POST", url: "/login", payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode, `${email}: ${res.body}`).toBe(200);
  const { access_token: token, user } = res.json().data;
  return { token: token as string, user, schools: user.schools as School[] };
}

/** What the client reads after choosing a school: GET api/users/{id} with X-School-Id. */
async function inSchool(email: string, schoolId: string) {
  const { token, user } = await signIn(email);
  const res = await client(app, token, schoolId)({ method: "GET", url: `/api/users/${user.id}?include=roles` });
  return res;
}
const ids = (schools: School[]) => schools.map((s) => s.id).sort();

describe("demo sign-in sequence", () => {
  it("root: platform administrator without schools", async () => {
    const { user, schools } = await signIn("root@convive.test");
    expect(user.root).toBe(1);
    expect(schools).toEqual([]);
    expect(user.viewMain).toBe("/admin-school-creator");
  });

  it("director: one active school, Director landing on /register", async () => {
    const { schools } = await signIn("director@convive.test");
    expect(schools).toEqual([expect.objectContaining({ id: "colegio-demo", is_active: true })]);
    const res = await inSchool("director@convive.test", "colegio-demo");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.roles[0].name).toBe("Director");
    expect(res.json().data.user.viewMain).toBe("/register");
  });

  it("docente: Docente in colegio-demo", async () => {
    const res = await inSchool("docente@convive.test", "colegio-demo");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.roles[0].name).toBe("Docente");
  });

  it("familia: Familiar landing on /notifications", async () => {
    const res = await inSchool("familia@convive.test", "colegio-demo");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.roles[0].name).toBe("Familiar");
    expect(res.json().data.user.viewMain).toBe("/notifications");
  });

  it("multi: two active schools with a different role in each", async () => {
    const { schools } = await signIn("multi@convive.test");
    expect(ids(schools)).toEqual(["colegio-demo", "instituto-norte"]);
    expect(schools.every((s) => s.is_active)).toBe(true);
    const colegio = await inSchool("multi@convive.test", "colegio-demo");
    expect(colegio.json().data.user.roles[0].name).toBe("Director");
    const norte = await inSchool("multi@convive.test", "instituto-norte");
    expect(norte.json().data.user.roles[0].name).toBe("Coordinador");
  });

  it("norte: instituto-norte only", async () => {
    const { schools } = await signIn("norte@convive.test");
    expect(schools).toEqual([expect.objectContaining({ id: "instituto-norte", is_active: true })]);
    expect((await inSchool("norte@convive.test", "colegio-demo")).statusCode).toBe(404);
  });

  it("nuevo: must change the password first", async () => {
    const { user } = await signIn("nuevo@convive.test");
    expect(user.password_updated).toBe(0);
  });

  it("sinrol: a school call answers 403 NO_ROLE_IN_SCHOOL", async () => {
    const { token, schools } = await signIn("sinrol@convive.test");
    expect(ids(schools)).toEqual(["colegio-demo"]);
    const res = await client(app, token, "colegio-demo")({ method: "GET", url: "/api/schoolInformation" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: "No tienes un rol asignado en la escuela seleccionada.",
      code: "NO_ROLE_IN_SCHOOL",
    });
  });

  it("sinescuela: no schools", async () => {
    const { user, schools } = await signIn("sinescuela@convive.test");
    expect(user.root).toBe(0);
    expect(schools).toEqual([]);
  });

  it("inactivo: its only school is inactive and school calls answer 'Usuario desactivado'", async () => {
    const { token, schools } = await signIn("inactivo@convive.test");
    expect(schools).toEqual([expect.objectContaining({ id: "escuela-inactiva", is_active: false })]);
    const res = await client(app, token, "escuela-inactiva")({ method: "GET", url: "/api/schoolInformation" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Usuario desactivado", code: "USER_DEACTIVATED" });
  });
});
