import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf } from "../helpers/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the bell poll revalidates (ETag)", () => {
  it("answers 304 with no body while the user is unchanged, and the new text once something changes", async () => {
    const { as, user, school } = await memberOf(t.app, t.db, "docente");
    const first = await as({ method: "GET", url: `/api/users/${user.id}` });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");

    const same = await as({ method: "GET", url: `/api/users/${user.id}`, headers: { "if-none-match": etag } });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe("");
    expect(same.headers["content-length"]).toBeUndefined();

    await t.app.ctx.notifications.notify(t.db, { schoolId: school.id, userIds: [user.id], type: "welcome" });
    const changed = await as({ method: "GET", url: `/api/users/${user.id}`, headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.user.unviewed_notifications_count).toBe(1);
    expect(changed.headers.etag).not.toBe(etag);
  });
});
