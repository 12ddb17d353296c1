import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

function signIn(email: string, password: string, ip: string, device?: string) {
  return t.app.inject({
    method: "POST",
    url: "/login",
    payload: { email, password },
    remoteAddress: ip,
    cookies: device ? { convive_device: device } : {},
  });
}

describe("login throttling", () => {
  it("locks an account out for unknown devices after repeated failures, but not its owner's device", async () => {
    const user = await createUser(t.db);
    const home = freshIp();
    // The owner signed in once before, from a browser that had no device cookie yet.
    const earlier = await signIn(user.email, PASSWORD, home);
    expect(earlier.statusCode, earlier.body).toBe(200);
    const device = earlier.cookies.find((c) => c.name === "convive_device")?.value;
    expect(device).toBeTruthy();

    const attacker = freshIp();
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      expect((await signIn(user.email, `Adivina.${i}`, attacker)).statusCode).toBe(401);
    }
    const blocked = await signIn(user.email, "Adivina.x", attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: "Demasiados intentos. Espera unos minutos e inténtalo de nuevo.",
      code: "TOO_MANY_REQUESTS",
    });
    // Even the right password is refused from an unknown device while the account is throttled…
    expect((await signIn(user.email, PASSWORD, freshIp())).statusCode).toBe(429);
    // …but the owner's known device still gets in.
    const owner = await signIn(user.email, PASSWORD, home, device);
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it("limits failures from a known device on their own", async () => {
    const user = await createUser(t.db);
    const ip = freshIp();
    const device = (await signIn(user.email, PASSWORD, ip)).cookies.find((c) => c.name === "convive_device")!.value;
    for (let i = 0; i < THROTTLE.perTrustedDevice; i++) {
      expect((await signIn(user.email, `Olvido.${i}`, ip, device)).statusCode).toBe(401);
    }
    expect((await signIn(user.email, PASSWORD, ip, device)).statusCode).toBe(429);
    // Those failures did not count against the account for other devices.
    expect((await signIn(user.email, PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it("limits failures per address across accounts, except on a device its owner signed in from", async () => {
    const ip = freshIp();
    const owner = await createUser(t.db);
    const device = (await signIn(owner.email, PASSWORD, ip)).cookies.find((c) => c.name === "convive_device")!.value;
    for (let i = 0; i < THROTTLE.perAddress; i++) {
      // A different unknown account each time, so only the address limit can trigger.
      expect((await signIn(`${uniq("spray")}@test.convive`, "Adivina.1", ip)).statusCode).toBe(401);
    }
    const other = await createUser(t.db);
    const res = await signIn(other.email, PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe("TOO_MANY_REQUESTS");
    const en = await t.app.inject({
      method: "POST",
      url: "/login",
      headers: { "accept-language": "en" },
      payload: { email: other.email, password: PASSWORD },
      remoteAddress: ip,
    });
    expect(en.json().message).toBe("Too many attempts. Wait a few minutes and try again.");
    // The same account from another address is fine…
    expect((await signIn(other.email, PASSWORD, freshIp())).statusCode).toBe(200);
    // …and so is someone behind the same address (a school's shared connection) on their usual browser.
    const known = await signIn(owner.email, PASSWORD, ip, device);
    expect(known.statusCode, known.body).toBe(200);
  });
});
