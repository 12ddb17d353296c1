import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/db/schema/index.ts";
import { hashPassword } from "../../src/lib/passwords.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, createUser, login, PASSWORD, uniq } from "../helpers/factories.ts";
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
  const match = /\/RecoverPassword\/reset\?token=([\w-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in:\n${mail.text}`);
  return match[1]!;
};
const signIn = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/login", payload: { email, password }, remoteAddress: freshIp() });

/** Asks for `count` reset links, one after the other, and returns them in order. */
async function links(email: string, count: number) {
  const tokens: string[] = [];
  for (let i = 1; i <= count; i++) {
    expect((await forgot(email)).statusCode).toBe(200);
    tokens.push(tokenIn(await inbox.waitFor(email, inbox.to(email).length + 1)));
  }
  return tokens;
}

describe("reset links die with the password they were sent for", () => {
  it("using one of two links voids the other", async () => {
    const user = await createUser(t.db);
    const [first, second] = await links(user.email, 2);
    expect((await reset(second!, "Segunda.2026!")).statusCode).toBe(200);
    const stale = await reset(first!, "Primera.2026!");
    expect(stale.statusCode).toBe(422);
    expect(stale.json().code).toBe("RESET_TOKEN_INVALID");
    expect((await signIn(user.email, "Primera.2026!")).statusCode).toBe(401);
    expect((await signIn(user.email, "Segunda.2026!")).statusCode).toBe(200);
  });

  it.each([
    ["on the account screen", 1],
    ["when forced at first sign-in", 0],
  ] as const)("a link sent before the password is changed %s no longer works", async (_, passwordUpdated) => {
    const user = await createUser(t.db, { passwordUpdated });
    const [link] = await links(user.email, 1);
    const token = await login(t.app, user.email);
    const changed = await client(
      t.app,
      token,
    )({
      method: "POST",
      url: "/api/user/change-password",
      payload: { current_password: PASSWORD, password: "Cambiada.2026!", password_confirmation: "Cambiada.2026!" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const res = await reset(link!, "Atacante.2026!");
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe("RESET_TOKEN_INVALID");
    expect((await signIn(user.email, "Cambiada.2026!")).statusCode).toBe(200);
  });

  it("a link dies when the password is set by any other way (an administrator's reset) or the e-mail changes", async () => {
    const byAdmin = await createUser(t.db);
    const [adminLink] = await links(byAdmin.email, 1);
    // Whatever sets a new password hash — today's routes or one added later — ends the links sent before it.
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword("Temporal.2026!"), passwordUpdated: 0 })
      .where(eq(users.id, byAdmin.id));
    expect((await reset(adminLink!, "Atacante.2026!")).json().code).toBe("RESET_TOKEN_INVALID");

    const moved = await createUser(t.db);
    const [oldAddressLink] = await links(moved.email, 1);
    await t.db
      .update(users)
      .set({ email: `${uniq("nueva")}@test.convive` })
      .where(eq(users.id, moved.id));
    expect((await reset(oldAddressLink!, "Atacante.2026!")).json().code).toBe("RESET_TOKEN_INVALID");
  });

  it("three links used at once set the password once", async () => {
    const user = await createUser(t.db);
    const tokens = await links(user.email, 3);
    const answers = await Promise.all(tokens.map((token, i) => reset(token, `Carrera.${i}.2026!`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
  });
});

describe("forgot-password answers before any work that depends on the account", () => {
  it("answers an existing account without waiting for its e-mail, exactly as an unknown e-mail", async () => {
    // The property the old median comparison protected, without a clock: with a mail server that does not finish
    // until the test lets it, an answer that waited on the account's e-mail would never come. The medians are
    // printed by bench/login-timing.bench.ts.
    const asked: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const mailer = {
      send: (mail: { to: string }) => {
        asked.push(mail.to);
        return held;
      },
      close: () => undefined,
    };
    const hung = await createTestApp({}, { mailer });
    try {
      const user = await createUser(hung.db);
      const ask = (email: string) =>
        hung.app.inject({
          method: "POST",
          url: "/api/user/forgot-password",
          payload: { email },
          remoteAddress: freshIp(),
        });
      const known = await ask(user.email);
      const unknown = await ask(`${uniq("nadie")}@test.convive`);
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      // The e-mail was still asked for, after the answer.
      await expect.poll(() => asked, { timeout: 5_000 }).toEqual([user.email]);
    } finally {
      release();
      await hung.close();
    }
  });
});
