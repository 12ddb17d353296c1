import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResets, sessions, users } from "../../src/db/schema/index.ts";
import { hashToken } from "../../src/lib/tokens.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, createUser, login, uniq } from "../helpers/factories.ts";
import { type Inbox, type Received, startInbox } from "../helpers/inbox.ts";

let inbox: Inbox;
let t: TestApp;

beforeAll(async () => {
  inbox = await startInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: "https://convive.example" });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const mailTo = (email: string) => inbox.waitFor(email);

// forgot/reset are rate limited per address; each call comes from its own.
const freshIp = () => `10.${[...randomBytes(3)].join(".")}`;
const forgot = (email: string) =>
  t.app.inject({ method: "POST", url: "/api/user/forgot-password", payload: { email }, remoteAddress: freshIp() });
const reset = (token: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/user/reset-password",
    payload: { token, password, password_confirmation: password },
    remoteAddress: freshIp(),
  });
const tokenIn = (mail: Received) => {
  const match = /https:\/\/convive\.example\/RecoverPassword\/reset\?token=([\w-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in:\n${mail.text}`);
  return match[1]!;
};
const signIn = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/login", payload: { email, password }, remoteAddress: freshIp() });

describe("forgot password", () => {
  it("e-mails a link with a token of at least 128 bits to an existing account", async () => {
    const user = await createUser(t.db, { firstName: "Rosa" });
    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailTo(user.email);
    expect(mail.subject).toBe("Restablece tu contraseña de Convive");
    expect(mail.text).toContain("Hola Rosa");
    const token = tokenIn(mail);
    // base64url carries 6 bits a character: 22 characters are 132 bits.
    expect(token.length).toBeGreaterThanOrEqual(22);
    // Only the hash is stored, and it expires within 30 minutes.
    const [row] = await t.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect(row?.userId).toBe(user.id);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const known = await createUser(t.db);
    const unknown = `${uniq("nadie")}@test.convive`;
    // The unknown address first: both e-mails are sent in the background in the order asked, so once the known
    // account's e-mail has arrived, a stray one to the unknown address would have been on its way before it.
    const b = await forgot(unknown);
    const a = await forgot(known.email);
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    await mailTo(known.email);
    expect(inbox.to(unknown)).toEqual([]);
  });

  it("writes in the user's language", async () => {
    const user = await createUser(t.db, { language: "en", firstName: "Jane" });
    await forgot(user.email);
    const mail = await mailTo(user.email);
    expect(mail.subject).toBe("Reset your Convive password");
    expect(mail.text).toContain("Hello Jane");
  });
});

describe("reset password", () => {
  it("sets the new password once and ends every session", async () => {
    const user = await createUser(t.db, { passwordUpdated: 0 });
    const token1 = await login(t.app, user.email);
    const token2 = await login(t.app, user.email);
    await forgot(user.email);
    const token = tokenIn(await mailTo(user.email));

    const res = await reset(token, "Renovada.2026!");
    expect(res.statusCode, res.body).toBe(200);
    for (const old of [token1, token2]) {
      expect((await client(t.app, old)({ method: "GET", url: `/api/users/${user.id}` })).statusCode).toBe(401);
    }
    const open = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(open).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordUpdated).toBe(1);
    expect((await signIn(user.email, "Renovada.2026!")).statusCode).toBe(200);

    const again = await reset(token, "Otra.Vez.2026!");
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: "El enlace para restablecer la contraseña no es válido o ya venció.",
      code: "RESET_TOKEN_INVALID",
    });
    expect((await signIn(user.email, "Otra.Vez.2026!")).statusCode).toBe(401);
  });

  it("refuses an expired token", async () => {
    const user = await createUser(t.db);
    await forgot(user.email);
    const token = tokenIn(await mailTo(user.email));
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/reset-password",
      headers: { "accept-language": "en" },
      payload: { token, password: "Renovada.2026!", password_confirmation: "Renovada.2026!" },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "The password reset link is invalid or has expired.",
      code: "RESET_TOKEN_INVALID",
    });
    expect((await signIn(user.email, "Renovada.2026!")).statusCode).toBe(401);
  });

  it("refuses a made-up token and a mismatched confirmation", async () => {
    const res = await reset(randomBytes(32).toString("base64url"), "Renovada.2026!");
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe("RESET_TOKEN_INVALID");
    const mismatch = await t.app.inject({
      method: "POST",
      url: "/api/user/reset-password",
      payload: {
        token: randomBytes(32).toString("base64url"),
        password: "Renovada.2026!",
        password_confirmation: "Otra.2026!",
      },
      remoteAddress: freshIp(),
    });
    expect(mismatch.json()).toMatchObject({ code: "PASSWORDS_DO_NOT_MATCH", message: "Las contraseñas no coinciden" });
  });
});
