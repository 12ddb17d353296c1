import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
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

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

describe("forgot-password timing", () => {
  it("answers as fast for an existing account as for an unknown e-mail", async () => {
    const rounds = 25;
    const known = await Promise.all(Array.from({ length: rounds + 3 }, () => createUser(t.db)));
    const unknown = () => `${uniq("nadie")}@test.convive`;
    // Warm-up: the first calls of each path compile and cache what later ones reuse.
    for (const user of known.slice(0, 3)) {
      await forgot(user.email);
      await forgot(unknown());
      await inbox.waitFor(user.email);
    }
    const timings = { known: [] as number[], unknown: [] as number[] };
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await forgot(email);
      expect(res.statusCode).toBe(200);
      return performance.now() - started;
    };
    // Each call starts from a quiet server: the previous e-mail delivered and its connection closed.
    const settle = () => new Promise((r) => setTimeout(r, 50));
    for (const user of known.slice(3)) {
      timings.unknown.push(await timed(unknown()));
      await settle();
      timings.known.push(await timed(user.email));
      await inbox.waitFor(user.email);
      await settle();
    }
    const figures = { known: median(timings.known), unknown: median(timings.unknown) };
    console.log(
      `forgot-password median over ${rounds}: existing account ${figures.known.toFixed(2)} ms, unknown e-mail ${figures.unknown.toFixed(2)} ms (ratio ${(figures.known / figures.unknown).toFixed(2)})`,
    );
    // The same work before the answer: the two medians stay within half of each other (the code before answered 3× slower for an existing account).
    expect(figures.known / figures.unknown).toBeLessThan(1.5);
    expect(figures.unknown / figures.known).toBeLessThan(1.5);
  });
});
