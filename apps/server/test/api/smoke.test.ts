import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf } from "../helpers/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("smoke", () => {
  it("signs in and reads the user in the school", async () => {
    const { as, user, school } = await memberOf(t.app, t.db, "director");
    const res = await as({ method: "GET", url: `/api/users/${user.id}?include=roles.permissions` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data.user;
    expect(body.roles[0].name).toBe("Director");
    // A new, empty school: its Director lands on the setup checklist (issue 12 §2; /register once set up).
    expect(body.viewMain).toBe("/master-configuration/general-information");
    expect(body.schools).toEqual([expect.objectContaining({ id: school.id, is_active: true })]);
    expect(body).not.toHaveProperty("password_hash");
  });
});

describe("request bodies", () => {
  it("reads a JSON content type with no body as no body, and refuses malformed JSON with 422", async () => {
    const { token } = await memberOf(t.app, t.db, "director");
    const empty = await t.app.inject({
      method: "POST",
      url: "/logout",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    });
    expect(empty.statusCode).toBe(200);
    const broken = await t.app.inject({
      method: "POST",
      url: "/login",
      headers: { "content-type": "application/json" },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().code).toBe("VALIDATION");
    const poisoned = await t.app.inject({
      method: "POST",
      url: "/login",
      headers: { "content-type": "application/json" },
      payload: '{"email":"a@b.c","password":"x","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(422);
  });
});
