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
    expect(body.viewMain).toBe("/register");
    expect(body.schools).toEqual([expect.objectContaining({ id: school.id, is_active: true })]);
    expect(body).not.toHaveProperty("password_hash");
  });
});
