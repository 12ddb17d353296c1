import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../src/db/schema/index.ts";
import { hashToken } from "../../src/lib/tokens.ts";
import { createAppOn, createTestApp, type TestApp } from "../helpers/app.ts";
import { client, createUser, login, PASSWORD } from "../helpers/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Refresh, logout, own sessions and password change. */

// Failed sign-ins are counted per address in the database, so each run uses addresses no other run shares.
const freshIp = () => `10.${[...randomBytes(3)].join(".")}`;
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);
const sessionOf = async (token: string) => {
  const [row] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.accessHash, hashToken(token)));
  return row!;
};
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const signIn = (email: string, password = PASSWORD, ip = freshIp()) =>
  t.app.inject({ method: "POST", url: "/login", payload: { email, password }, remoteAddress: ip });
const me = (token: string, id: number) => client(t.app, token)({ method: "GET", url: `/api/users/${id}` });

const XSRF = "abcdefghijklmnopqrstuv";
/** A refresh as the web client makes it: the HttpOnly cookie travels by itself, the XSRF header proves our page. */
const refreshWith = (refreshToken: string, app = t.app) =>
  app.inject({
    method: "POST",
    url: "/api/auth/refresh",
    cookies: { convive_refresh: refreshToken, "XSRF-TOKEN": XSRF },
    headers: { "x-xsrf-token": XSRF },
  });

describe("refresh and logout", () => {
  it("rotates the tokens: the old pair stops working, the new one works", async () => {
    const user = await createUser(t.db);
    const signed = await signIn(user.email);
    const first = { access: signed.json().data.access_token, refresh: cookieOf(signed, "convive_refresh")!.value };
    const res = await refreshWith(first.refresh);
    expect(res.statusCode, res.body).toBe(200);
    const next = { access: res.json().data.access_token, refresh: cookieOf(res, "convive_refresh")!.value };
    expect(next.access).not.toBe(first.access);
    expect(next.refresh).not.toBe(first.refresh);

    expect((await me(next.access, user.id)).statusCode).toBe(200);
    expect((await me(first.access, user.id)).statusCode).toBe(401);
    expect((await refreshWith(first.refresh)).statusCode).toBe(401);
  });

  it("keeps the refresh token out of every JSON answer, in an HttpOnly SameSite=Strict cookie for the refresh path only", async () => {
    const user = await createUser(t.db);
    const signed = await signIn(user.email);
    const cookie = cookieOf(signed, "convive_refresh")!;
    const refreshed = await refreshWith(cookie.value);
    for (const [res, set] of [
      [signed, cookie],
      [refreshed, cookieOf(refreshed, "convive_refresh")!],
    ] as const) {
      expect(res.json().data).not.toHaveProperty("refresh_token");
      expect(res.body).not.toContain(set.value);
      expect(set).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth/refresh" });
    }
    // Behind https the cookie is Secure as well.
    const https = await createAppOn(t.db, { PUBLIC_URL: "https://convive.example" });
    const secure = await https.inject({
      method: "POST",
      url: "/login",
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: freshIp(),
    });
    expect(cookieOf(secure, "convive_refresh")).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict" });
    await https.close();
  });

  it("takes the refresh token from its cookie only: one in a body is ignored", async () => {
    const user = await createUser(t.db);
    const refresh = cookieOf(await signIn(user.email), "convive_refresh")!.value;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      cookies: { "XSRF-TOKEN": XSRF },
      headers: { "x-xsrf-token": XSRF },
      payload: { refresh_token: refresh },
    });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a cookie refresh without the XSRF header", async () => {
    const user = await createUser(t.db);
    const signed = await signIn(user.email);
    const refresh = cookieOf(signed, "convive_refresh")!.value;
    const res = await t.app.inject({ method: "POST", url: "/api/auth/refresh", cookies: { convive_refresh: refresh } });
    expect(res.statusCode, res.body).toBe(419);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      cookies: { convive_refresh: refresh, "XSRF-TOKEN": XSRF },
      headers: { "x-xsrf-token": "another-value-entirely-xx" },
    });
    expect(wrong.statusCode).toBe(419);
    expect((await refreshWith(refresh)).statusCode).toBe(200);
  });

  it("logout clears the refresh cookie where it lives", async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user.email);
    const res = await client(t.app, token)({ method: "POST", url: "/logout" });
    const cleared = res.cookies.filter((c) => c.name === "convive_refresh");
    expect(cleared.some((c) => c.path === "/api/auth/refresh" && c.value === "")).toBe(true);
  });

  it("logout ends the session", async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user.email);
    const res = await client(t.app, token)({ method: "POST", url: "/logout" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(token, user.id)).statusCode).toBe(401);
    expect((await sessionOf(token)).revokedAt).not.toBeNull();
  });
});

describe("own sessions", () => {
  it("lists them with the current one flagged, and ends another one", async () => {
    const user = await createUser(t.db);
    const mine = await login(t.app, user.email);
    const other = await login(t.app, user.email);
    const list = await client(t.app, mine)({ method: "GET", url: "/api/auth/sessions" });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data.sessions as { id: string; current: boolean }[];
    const [mineId, otherId] = [(await sessionOf(mine)).id, (await sessionOf(other)).id];
    expect(rows.map((r) => r.id).sort()).toEqual([mineId, otherId].sort());
    expect(rows.filter((r) => r.current).map((r) => r.id)).toEqual([mineId]);

    const end = await client(t.app, mine)({ method: "DELETE", url: `/api/auth/sessions/${otherId}` });
    expect(end.statusCode, end.body).toBe(200);
    expect((await me(other, user.id)).statusCode).toBe(401);
    expect((await me(mine, user.id)).statusCode).toBe(200);
  });

  it("answers 404 for someone else's session and leaves it alone", async () => {
    const [a, b] = [await createUser(t.db), await createUser(t.db)];
    const tokenA = await login(t.app, a.email);
    const tokenB = await login(t.app, b.email);
    const res = await client(
      t.app,
      tokenA,
    )({ method: "DELETE", url: `/api/auth/sessions/${(await sessionOf(tokenB)).id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("NOT_FOUND");
    expect((await me(tokenB, b.id)).statusCode).toBe(200);
  });
});

describe("change password", () => {
  const change = (token: string, body: Record<string, string>, lang?: string) =>
    client(
      t.app,
      token,
    )({
      method: "POST",
      url: "/api/user/change-password",
      headers: lang ? { "accept-language": lang } : {},
      payload: body,
    });

  it("refuses a wrong current password with a field error", async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user.email);
    const res = await change(token, {
      current_password: "No.Es.Esta1",
      password: "Nueva.2026!",
      password_confirmation: "Nueva.2026!",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "CURRENT_PASSWORD_WRONG",
      errors: { current_password: expect.any(String) },
    });
  });

  it("says the passwords do not match in the caller's language", async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user.email);
    const body = { current_password: PASSWORD, password: "Nueva.2026!", password_confirmation: "Nueva.2027!" };
    const en = await change(token, body, "en");
    expect(en.statusCode).toBe(422);
    expect(en.json()).toEqual({
      message: "Passwords do not match",
      code: "PASSWORDS_DO_NOT_MATCH",
      errors: { password_confirmation: "Passwords do not match" },
    });
    const es = await change(token, body);
    expect(es.json().message).toBe("Las contraseñas no coinciden");
  });

  it("sets the password, marks password_updated and ends the other sessions only", async () => {
    const user = await createUser(t.db, { passwordUpdated: 0 });
    const current = await login(t.app, user.email);
    const other = await login(t.app, user.email);
    const res = await change(current, {
      current_password: PASSWORD,
      password: "Nueva.2026!",
      password_confirmation: "Nueva.2026!",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(user.id)).passwordUpdated).toBe(1);
    expect((await me(other, user.id)).statusCode).toBe(401);
    expect((await me(current, user.id)).statusCode).toBe(200);
    expect((await signIn(user.email)).statusCode).toBe(401);
    expect((await signIn(user.email, "Nueva.2026!")).statusCode).toBe(200);
  });
});
