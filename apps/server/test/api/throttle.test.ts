import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginFailures } from "../../src/db/schema/index.ts";
import { THROTTLE } from "../../src/modules/auth/auth.service.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { createUser, PASSWORD, uniq } from "../helpers/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Failures are counted in the database: fresh addresses keep runs against a shared PostgreSQL independent.
const freshIp = () => `10.${[...randomBytes(3)].join(".")}`;

function signIn(email: string, password: string, ip: string, device?: string, language = "es") {
  return t.app.inject({
    method: "POST",
    url: "/login",
    headers: { "accept-language": language },
    payload: { email, password },
    remoteAddress: ip,
    cookies: device ? { convive_device: device } : {},
  });
}
const deviceOf = (res: Awaited<ReturnType<typeof signIn>>) =>
  res.cookies.find((c) => c.name === "convive_device")!.value;

describe("login throttling", () => {
  it("locks an account out for unknown devices after repeated failures, but not its owner's device", async () => {
    const user = await createUser(t.db);
    const home = freshIp();
    // The owner signed in once before, from a browser that had no device cookie yet.
    const earlier = await signIn(user.email, PASSWORD, home);
    expect(earlier.statusCode, earlier.body).toBe(200);
    const device = deviceOf(earlier);

    const attacker = freshIp();
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      expect((await signIn(user.email, `Adivina.${i}`, attacker)).statusCode).toBe(401);
    }
    const blocked = await signIn(user.email, "Adivina.x", attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message:
        "Demasiados intentos fallidos. Si la cuenta es tuya, te enviamos un correo con un enlace para entrar desde este dispositivo.",
      code: "ACCOUNT_LOCKED",
    });
    const en = await signIn(user.email, "Adivina.y", attacker, undefined, "en");
    expect(en.json().message).toBe(
      "Too many failed attempts. If the account is yours, we have e-mailed you a link to sign in from this device.",
    );
    // An unknown e-mail gets the same answer after as many failures: the lock does not reveal accounts.
    const nobody = `${uniq("nadie")}@test.convive`;
    for (let i = 0; i < THROTTLE.perAccount; i++) await signIn(nobody, `Adivina.${i}`, freshIp());
    expect((await signIn(nobody, "Adivina.x", attacker)).json()).toEqual(blocked.json());
    // Even the right password is refused from an unknown device while the account is throttled…
    expect((await signIn(user.email, PASSWORD, freshIp())).statusCode).toBe(429);
    // …but the owner's known device still gets in.
    const owner = await signIn(user.email, PASSWORD, home, device);
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it("limits failures from a known device on their own", async () => {
    const user = await createUser(t.db);
    const ip = freshIp();
    const device = deviceOf(await signIn(user.email, PASSWORD, ip));
    for (let i = 0; i < THROTTLE.perTrustedDevice; i++) {
      expect((await signIn(user.email, `Olvido.${i}`, ip, device)).statusCode).toBe(401);
    }
    const refused = await signIn(user.email, PASSWORD, ip, device);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("TOO_MANY_REQUESTS");
    // Those failures did not count against the account for other devices.
    expect((await signIn(user.email, PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it("counts attempts before checking the password: 30 guesses at once get at most the limit checked", async () => {
    const user = await createUser(t.db);
    const attacker = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(user.email, `Paralelo.${i}`, attacker)),
    );
    const checked = answers.filter((r) => r.statusCode === 401).length;
    const refused = answers.filter((r) => r.statusCode === 429).length;
    console.log(`30 parallel wrong passwords, limit ${THROTTLE.perAccount}: ${checked} checked, ${refused} refused`);
    expect(checked).toBe(THROTTLE.perAccount);
    expect(refused).toBe(30 - THROTTLE.perAccount);
    // The right password from a new device is refused too: the lock holds after the burst.
    expect((await signIn(user.email, PASSWORD, freshIp())).statusCode).toBe(429);
  });

  it("a successful sign-in does not use up the account's allowance", async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < THROTTLE.perAccount + 5; i++) {
      expect((await signIn(user.email, PASSWORD, freshIp())).statusCode).toBe(200);
    }
  });
});

describe("one address shared by a whole school (NAT)", () => {
  it("allows at least 300 failures an address before it counts", () => {
    // Why 300: see THROTTLE in modules/auth/limits.ts and docs/security.md (≈200 failures in a large school's
    // busiest quarter hour, plus headroom).
    expect(THROTTLE.perAddress).toBeGreaterThanOrEqual(300);
  });

  it("a morning of typos behind one address does not refuse the next person", async () => {
    const school = freshIp();
    // Sixty people mistype their password once each (an ordinary morning); nobody's account is under attack.
    const people = await Promise.all(Array.from({ length: 60 }, () => createUser(t.db)));
    for (const person of people) expect((await signIn(person.email, "Tecleo.mal", school)).statusCode).toBe(401);
    const next = await createUser(t.db);
    const res = await signIn(next.email, PASSWORD, school);
    expect(res.statusCode, res.body).toBe(200);
    // And the people who mistyped get in at their second try.
    expect((await signIn(people[0]!.email, PASSWORD, school)).statusCode).toBe(200);
  });

  it("past the address limit, only accounts already failing there are refused; a clean account gets in", async () => {
    const shared = freshIp();
    // The address is already past its limit (as after a spraying attack from the school's connection).
    await t.db
      .insert(loginFailures)
      .values({ key: `ip:${shared}`, windowStartedAt: new Date(), count: THROTTLE.perAddress });
    const clean = await createUser(t.db);
    const res = await signIn(clean.email, PASSWORD, shared);
    expect(res.statusCode, res.body).toBe(200);

    const attacked = await createUser(t.db);
    expect((await signIn(attacked.email, "Adivina.1", freshIp())).statusCode).toBe(401);
    const refused = await signIn(attacked.email, PASSWORD, shared);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("ACCOUNT_LOCKED");
    // From elsewhere the same account is fine…
    expect((await signIn(attacked.email, PASSWORD, freshIp())).statusCode).toBe(200);
    // …and so is its owner's usual browser behind the shared address.
    const device = deviceOf(await signIn(clean.email, PASSWORD, freshIp()));
    expect((await signIn(clean.email, "Adivina.2", freshIp())).statusCode).toBe(401);
    expect((await signIn(clean.email, PASSWORD, shared, device)).statusCode).toBe(200);
  });
});
