import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions, users } from "../../src/db/schema/index.ts";
import { hashToken } from "../../src/lib/tokens.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, createUser, login, PASSWORD, uniq } from "../helpers/factories.ts";

// Every argon2 verification the server makes passes through this spy (the real function still runs).
const { argon2Verify } = vi.hoisted(() => ({ argon2Verify: vi.fn() }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  argon2Verify.mockImplementation(real.verify);
  return { ...real, verify: argon2Verify };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Failed sign-ins are counted per address in the database, so each run uses addresses no other run shares.
const freshIp = () => `10.${[...randomBytes(3)].join(".")}`;
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const signIn = (email: string, password = PASSWORD, ip = freshIp()) =>
  t.app.inject({ method: "POST", url: "/login", payload: { email, password }, remoteAddress: ip });
const me = (token: string, id: number) => client(t.app, token)({ method: "GET", url: `/api/users/${id}` });

describe("sign-in", () => {
  it("hands out the XSRF cookie with 204", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sanctum/csrf-cookie" });
    expect(res.statusCode).toBe(204);
    const xsrf = cookieOf(res, "XSRF-TOKEN");
    expect(xsrf?.value).toMatch(/^[\w-]{22,}$/);
    // The page's script must read it to send it back as X-XSRF-TOKEN.
    expect(xsrf?.httpOnly).toBeFalsy();
  });

  it("answers the token and the user with their schools, and never a password hash", async () => {
    const user = await createUser(t.db);
    const res = await signIn(user.email);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.access_token).toMatch(/^[\w-]{40,}$/);
    expect(data.token_type).toBe("Bearer");
    expect(data.user).toMatchObject({ id: user.id, email: user.email, root: 0, password_updated: 1, schools: [] });
    expect(res.body).not.toContain("$argon2");
    expect(res.body).not.toMatch(/password_?hash/i);
    expect(cookieOf(res, "convive_session")?.httpOnly).toBe(true);
    expect(cookieOf(res, "convive_device")?.httpOnly).toBe(true);
  });

  it("gives the same 401 for a wrong password and an unknown e-mail, after the same argon2 work", async () => {
    // The property the timing protects, checked without a clock: both paths verify exactly one password
    // against an argon2id hash of the same cost, so neither answers sooner. The wall-clock comparison lives
    // in bench/login-timing.bench.ts (`npx tsx bench/login-timing.bench.ts`).
    const account = await createUser(t.db);
    const stored = (await userRow(account.id)).passwordHash;
    const costOf = (hash: string) => hash.split("$").slice(1, 4).join("$"); // "argon2id$v=19$m=…,t=…,p=…"
    const verifiedHashes = async (email: string) => {
      argon2Verify.mockClear();
      const res = await signIn(email, "Otra.Clave1");
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Error al Iniciar Sesión", code: "LOGIN_FAILED" });
      return argon2Verify.mock.calls.map(([hash]) => String(hash));
    };

    const wrong = await verifiedHashes(account.email);
    expect(wrong).toEqual([stored]);
    const missing = await verifiedHashes(`${uniq("nadie")}@test.convive`);
    expect(missing).toHaveLength(1);
    expect(missing[0]).not.toBe(stored);
    expect(costOf(missing[0]!)).toBe(costOf(stored));
    expect(costOf(stored)).toMatch(/^argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
  });

  it("says the login error in English when asked", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/login",
      headers: { "accept-language": "en-US,en;q=0.9" },
      payload: { email: `${uniq("nadie")}@test.convive`, password: "x" },
      remoteAddress: freshIp(),
    });
    expect(res.json()).toEqual({ message: "Error signing in", code: "LOGIN_FAILED" });
  });

  it("lists the sign-in in the OpenAPI document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain("/login");
  });
});

describe("authentication", () => {
  it("answers 401 without a token, with a bad one and with an expired one", async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user.email);
    expect((await me(token, user.id)).statusCode).toBe(200);

    const none = await t.app.inject({ method: "GET", url: `/api/users/${user.id}` });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: "Sesión vencida!", code: "UNAUTHENTICATED" });
    const bad = await me(`${token}x`, user.id);
    expect(bad.statusCode).toBe(401);

    // Expired in the database before its first use (a used token may sit in the identity cache, which only
    // learns of changes made through the services).
    const later = await login(t.app, user.email);
    await t.db
      .update(sessions)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.accessHash, hashToken(later)));
    const expired = await client(
      t.app,
      later,
    )({ method: "GET", url: `/api/users/${user.id}`, headers: { "accept-language": "en" } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: "Session expired!", code: "UNAUTHENTICATED" });
  });

  it("refuses a cookie-authenticated write without the XSRF header (419) and accepts it with the header", async () => {
    const user = await createUser(t.db, { firstName: "Antes" });
    const signed = await signIn(user.email);
    const session = cookieOf(signed, "convive_session")!.value;
    const xsrf = cookieOf(await t.app.inject({ method: "GET", url: "/sanctum/csrf-cookie" }), "XSRF-TOKEN")!.value;
    const write = (headers: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: `/api/users/${user.id}`,
        cookies: { convive_session: session, "XSRF-TOKEN": xsrf },
        headers,
        payload: { first_name: "Después" },
      });

    // Reading with the cookie needs no header.
    const read = await t.app.inject({
      method: "GET",
      url: `/api/users/${user.id}`,
      cookies: { convive_session: session },
    });
    expect(read.statusCode).toBe(200);

    const missing = await write({});
    expect(missing.statusCode).toBe(419);
    expect(missing.json().code).toBe("CSRF_TOKEN_MISMATCH");
    const wrong = await write({ "x-xsrf-token": "otro-valor-cualquiera" });
    expect(wrong.statusCode).toBe(419);
    expect((await userRow(user.id)).firstName).toBe("Antes");

    const ok = await write({ "x-xsrf-token": xsrf });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await userRow(user.id)).firstName).toBe("Después");
  });

  it("needs no XSRF header for a bearer-authenticated write", async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user.email);
    const res = await client(
      t.app,
      token,
    )({ method: "POST", url: `/api/users/${user.id}`, payload: { first_name: "Bea" } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(user.id)).firstName).toBe("Bea");
  });

  it("ends every session at once when the user is disabled", async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user.email);
    expect((await me(token, user.id)).statusCode).toBe(200);
    const root = await createUser(t.db, { root: 1 });
    const disable = await client(
      t.app,
      await login(t.app, root.email),
    )({
      method: "PATCH",
      url: `/api/admin/users/${user.id}`,
      payload: { is_active: false },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    expect((await me(token, user.id)).statusCode).toBe(401);
    const again = await signIn(user.email);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: "Usuario desactivado", code: "USER_DEACTIVATED" });
  });
});
