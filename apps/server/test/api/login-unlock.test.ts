import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginUnlocks } from "../../src/db/schema/index.ts";
import { hashToken } from "../../src/lib/tokens.ts";
import { THROTTLE } from "../../src/modules/auth/auth.service.ts";
import { REQUEST_LIMITS, UNLOCK_TTL_MINUTES } from "../../src/modules/auth/limits.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { createUser, PASSWORD, uniq } from "../helpers/factories.ts";
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

const freshIp = () => `10.${[...randomBytes(3)].join(".")}`;
const signIn = (email: string, password: string, ip = freshIp(), device?: string) =>
  t.app.inject({
    method: "POST",
    url: "/login",
    payload: { email, password },
    remoteAddress: ip,
    cookies: device ? { convive_device: device } : {},
  });
const unlock = (token: string, device?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/unlock",
    payload: { token },
    remoteAddress: freshIp(),
    cookies: device ? { convive_device: device } : {},
  });
const unlockToken = (mail: Received) => {
  const match = /https:\/\/convive\.example\/\?unlock=([\w-]+)/.exec(mail.text);
  if (!match) throw new Error(`no unlock link in:\n${mail.text}`);
  return match[1]!;
};

/** An attacker spends the account's allowance from their own address. */
async function lockOut(email: string) {
  const attacker = freshIp();
  for (let i = 0; i < THROTTLE.perAccount; i++) await signIn(email, `Adivina.${i}`, attacker);
}

describe("the owner of a locked account gets in from a new device", () => {
  it("is refused, e-mailed a single-use link, and signs in from the browser that opened it", async () => {
    const user = await createUser(t.db, { firstName: "Lucía" });
    await lockOut(user.email);
    // The owner, on a laptop that never signed in, with the right password.
    const laptop = "laptop-device-id-0123456789";
    const refused = await signIn(user.email, PASSWORD, freshIp(), laptop);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("ACCOUNT_LOCKED");

    const mail = await inbox.waitFor(user.email);
    expect(mail.subject).toBe("Entra a Convive desde tu dispositivo");
    expect(mail.text).toContain("Hola Lucía");
    expect(mail.text).toContain(`vence en ${UNLOCK_TTL_MINUTES} minutos`);
    const token = unlockToken(mail);
    // Only the hash is kept, and the link is short-lived.
    const [row] = await t.db
      .select()
      .from(loginUnlocks)
      .where(eq(loginUnlocks.tokenHash, hashToken(token)));
    expect(row?.userId).toBe(user.id);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(UNLOCK_TTL_MINUTES * 60_000);

    const opened = await unlock(token, laptop);
    expect(opened.statusCode, opened.body).toBe(200);
    const signedIn = await signIn(user.email, PASSWORD, freshIp(), laptop);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // The link is spent, and the lock still holds for every other new device (the attacker's too).
    expect((await unlock(token, "attacker-device-0123456789")).json().code).toBe("UNLOCK_TOKEN_INVALID");
    expect((await signIn(user.email, PASSWORD, freshIp())).statusCode).toBe(429);
    // The link trusts a device, it does not replace the password.
    expect((await signIn(user.email, "Adivina.otra", freshIp(), laptop)).statusCode).toBe(401);
  });

  it("gives a browser without a device cookie one, trusted", async () => {
    const user = await createUser(t.db, { language: "en", firstName: "Jane" });
    await lockOut(user.email);
    await signIn(user.email, PASSWORD);
    const mail = await inbox.waitFor(user.email);
    expect(mail.subject).toBe("Sign in to Convive from your device");
    const opened = await unlock(unlockToken(mail));
    expect(opened.statusCode).toBe(200);
    const cookie = opened.cookies.find((c) => c.name === "convive_device");
    expect(cookie?.httpOnly).toBe(true);
    expect((await signIn(user.email, PASSWORD, freshIp(), cookie!.value)).statusCode).toBe(200);
  });

  it("refuses an expired or made-up link, in the caller's language", async () => {
    const user = await createUser(t.db);
    await lockOut(user.email);
    await signIn(user.email, PASSWORD);
    const token = unlockToken(await inbox.waitFor(user.email));
    await t.db
      .update(loginUnlocks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginUnlocks.tokenHash, hashToken(token)));
    const expired = await t.app.inject({
      method: "POST",
      url: "/api/auth/unlock",
      headers: { "accept-language": "en" },
      payload: { token },
      remoteAddress: freshIp(),
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({
      message: "The link to sign in from this device is invalid or has expired.",
      code: "UNLOCK_TOKEN_INVALID",
    });
    expect((await unlock(randomBytes(32).toString("base64url"))).json()).toEqual({
      message: "El enlace para entrar desde este dispositivo no es válido o ya venció.",
      code: "UNLOCK_TOKEN_INVALID",
    });
  });

  it("two links used at once: the first trusts its browser, the other is spent with it", async () => {
    const user = await createUser(t.db);
    await lockOut(user.email);
    await signIn(user.email, PASSWORD);
    await signIn(user.email, PASSWORD);
    await inbox.waitFor(user.email, 2);
    const [a, b] = inbox.to(user.email).map(unlockToken);
    const answers = await Promise.all([
      unlock(a!, "browser-a-0123456789abcdef"),
      unlock(b!, "browser-b-0123456789abcdef"),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it("sends at most a few unlock e-mails a window, and none for an unknown e-mail", async () => {
    const user = await createUser(t.db);
    await lockOut(user.email);
    for (let i = 0; i < REQUEST_LIMITS.unlockMailsPerAccount + 3; i++) {
      expect((await signIn(user.email, `Sigue.${i}`)).statusCode).toBe(429);
    }
    const nobody = `${uniq("nadie")}@test.convive`;
    await lockOut(nobody);
    expect((await signIn(nobody, PASSWORD)).json().code).toBe("ACCOUNT_LOCKED");

    // A later unlock e-mail to someone else: the offers run in the background in the order made, so once it has
    // arrived, an extra e-mail to the first account or one to the unknown address would have come before it.
    const witness = await createUser(t.db);
    await lockOut(witness.email);
    expect((await signIn(witness.email, PASSWORD)).json().code).toBe("ACCOUNT_LOCKED");
    await inbox.waitFor(witness.email);
    expect(inbox.to(user.email)).toHaveLength(REQUEST_LIMITS.unlockMailsPerAccount);
    expect(inbox.to(nobody)).toEqual([]);
  });
});
