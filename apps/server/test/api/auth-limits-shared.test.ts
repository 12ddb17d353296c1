import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { THROTTLE } from "../../src/modules/auth/auth.service.ts";
import { REQUEST_LIMITS } from "../../src/modules/auth/limits.ts";
import { createAppOn, createTestApp, type TestApp } from "../helpers/app.ts";
import { createUser, PASSWORD, uniq } from "../helpers/factories.ts";

// Two instances of the server behind one load balancer, on one database.
let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  second = await createAppOn(t.db);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const freshIp = () => `10.${[...randomBytes(3)].join(".")}`;
/** The instance that answers the i-th request: the balancer alternates. */
const instance = (i: number) => (i % 2 === 0 ? t.app : second);

describe("auth limits are shared by every instance", () => {
  it("sign-in failures on one instance count on the other", async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      const res = await instance(i).inject({
        method: "POST",
        url: "/login",
        payload: { email: user.email, password: `Adivina.${i}` },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(401);
    }
    for (const app of [t.app, second]) {
      const res = await app.inject({
        method: "POST",
        url: "/login",
        payload: { email: user.email, password: PASSWORD },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(429);
    }
  });

  it("forgot-password requests count across instances, per e-mail and per address", async () => {
    const email = `${uniq("olvido")}@test.convive`;
    const answers: number[] = [];
    for (let i = 0; i <= REQUEST_LIMITS.forgotPerEmail; i++) {
      const res = await instance(i).inject({
        method: "POST",
        url: "/api/user/forgot-password",
        payload: { email },
        remoteAddress: freshIp(),
      });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([...Array(REQUEST_LIMITS.forgotPerEmail).fill(200), 429]);

    const school = freshIp();
    const fromSchool: number[] = [];
    for (let i = 0; i <= REQUEST_LIMITS.forgotPerAddress; i++) {
      const res = await instance(i).inject({
        method: "POST",
        url: "/api/user/forgot-password",
        payload: { email: `${uniq("olvido")}@test.convive` },
        remoteAddress: school,
      });
      fromSchool.push(res.statusCode);
    }
    expect(fromSchool.filter((s) => s === 200)).toHaveLength(REQUEST_LIMITS.forgotPerAddress);
    expect(fromSchool.at(-1)).toBe(429);
  });

  it("reset and unlock attempts count across instances per address", async () => {
    for (const [url, max, body] of [
      ["/api/user/reset-password", REQUEST_LIMITS.resetPerAddress, { password: "x", password_confirmation: "y" }],
      ["/api/auth/unlock", REQUEST_LIMITS.unlockPerAddress, {}],
    ] as const) {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i <= max; i++) {
        const res = await instance(i).inject({
          method: "POST",
          url,
          payload: { ...body, token: randomBytes(32).toString("base64url") },
          remoteAddress: ip,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, max).every((s) => s === 422)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    }
  });
});
