import { randomBytes } from "node:crypto";
import { AUTH_CODES, authCodeOf, authFailureMessage } from "@convive/domain";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { createUser, PASSWORD } from "../helpers/factories.ts";

/**
 * Issue 32 §2: every failure the own sign-in, the reset and unlock links and the session refresh produce — made
 * here through the real routes, as a person would meet them — answers a code the spec §8 catalogue maps to one of
 * the spec's client codes (or a documented "other"), with a message in Spanish and English. The provider's own
 * failures are made in sign-in-providers.test.ts.
 */
// Spec §8, word for word.
const SPEC_LIST =
  "wrong-password, missing-password, invalid-email, email-already-in-use, user-not-found, user-disabled, too-many-requests, expired-action-code, invalid-action-code, requires-recent-login, invalid-user-token, user-token-expired, invalid-verification-code, code-expired, credential-already-in-use, account-exists-with-different-credential, operation-not-allowed, admin-restricted-operation, network-request-failed".split(
    ", ",
  );
const OTHERS = Object.entries(AUTH_CODES)
  .filter(([, m]) => /Beyond the spec's list/.test((m as { note?: string }).note ?? ""))
  .map(([code]) => code);

let t: TestApp;
const ip = () => `10.32.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const XSRF = "abcdefghijklmnopqrstuv";

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The failure as the screen shows it: its client code and message in both languages. */
function shown(res: LightMyRequestResponse, expected: string) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  const failure = { status: res.statusCode, code: res.json().code as string };
  const code = authCodeOf(failure);
  expect([...SPEC_LIST, ...OTHERS], `${failure.code} → ${code}`).toContain(code);
  expect(code).toBe(expected);
  const [es, en] = [authFailureMessage(failure, "es"), authFailureMessage(failure, "en")];
  expect(es.length).toBeGreaterThan(5);
  expect(en.length).toBeGreaterThan(5);
  expect(es).not.toBe(en);
  return { code, es, en };
}

describe("the own sign-in's failures", () => {
  const signIn = (email: string, password: string, from = ip()) =>
    t.app.inject({ method: "POST", url: "/login", payload: { email, password }, remoteAddress: from });

  it("a wrong password and an unknown e-mail read alike: 'Error al Iniciar Sesión' (wrong-password)", async () => {
    const user = await createUser(t.db);
    expect(shown(await signIn(user.email, "not-the-password"), "wrong-password").es).toBe("Error al Iniciar Sesión");
    expect(shown(await signIn(`nadie-${randomBytes(3).toString("hex")}@x.mx`, PASSWORD), "wrong-password").es).toBe(
      "Error al Iniciar Sesión",
    );
  });

  it("a disabled user reads 'Usuario desactivado' (user-disabled)", async () => {
    const user = await createUser(t.db, { isActive: false });
    expect(shown(await signIn(user.email, PASSWORD), "user-disabled").es).toBe("Usuario desactivado");
  });

  it("an empty password is refused as malformed, and too many failures lock a new device (too-many-requests)", async () => {
    const user = await createUser(t.db);
    shown(await signIn(user.email, ""), "invalid-credential");
    const from = ip();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 11; i++) last = await signIn(user.email, `wrong-${i}`, from);
    shown(last!, "too-many-requests");
  });
});

describe("the reset and unlock links", () => {
  const token = "x".repeat(43);
  it("a dead reset link is invalid-action-code; the new password's own rules keep their messages", async () => {
    const reset = (password: string, confirmation = password) =>
      t.app.inject({
        method: "POST",
        url: "/api/user/reset-password",
        payload: { token, password, password_confirmation: confirmation },
        remoteAddress: ip(),
      });
    shown(await reset("Una.Nueva.2026"), "invalid-action-code");
    expect(shown(await reset("Una.Nueva.2026", "Otra.Nueva.2026"), "passwords-do-not-match").en).toBe(
      "Passwords do not match",
    );
    shown(await reset("corta"), "weak-password");
  });

  it("a dead unlock link is invalid-action-code", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/unlock",
      payload: { token },
      remoteAddress: ip(),
    });
    shown(res, "invalid-action-code");
  });
});

describe("the session and its refresh (spec §4)", () => {
  it("a refresh without a live session is user-token-expired, which signs out", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      cookies: { convive_refresh: "gone", "XSRF-TOKEN": XSRF },
      headers: { "x-xsrf-token": XSRF },
    });
    expect(shown(res, "user-token-expired").es).toBe("Sesión vencida!");
  });

  it("a refresh that does not prove our page is requires-recent-login", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/refresh", cookies: { convive_refresh: "x" } });
    shown(res, "requires-recent-login");
  });

  it("a token that is no session is invalid-user-token: 'Sesión vencida!'", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/auth/sessions",
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(shown(res, "invalid-user-token").es).toBe("Sesión vencida!");
  });

  it("no answer at all is network-request-failed", () => {
    expect(authCodeOf({ status: 0 })).toBe("network-request-failed");
    expect(authFailureMessage({ status: 0 }, "es")).toMatch(/conexión/);
  });
});
