import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf } from "../helpers/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Issue 12 §4: the bell and the list agree. The bell counts what arrived since it was last opened (spec §4); a
 * notification read in the list is one seen, so it comes off the bell, and every screen of the reader hears the
 * new count (the `notifications.count` event the socket pushes).
 */
describe("the bell after reads", () => {
  async function member() {
    const m = await memberOf(t.app, t.db, "docente");
    const send = async (school: string) =>
      (
        await t.app.ctx.notifications.notify(t.db, {
          schoolId: m.school.id,
          userIds: [m.user.id],
          type: "welcome",
          params: { school },
        })
      ).delivered[0]!.id;
    const bell = async () =>
      (await m.as({ method: "GET", url: `/api/users/${m.user.id}` })).json().data.user.unviewed_notifications_count;
    const read = async (id: number) => {
      const res = await m.as({ method: "POST", url: `/api/notifications/${id}/read` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { unread_count: number; unviewed_notifications_count: number };
    };
    const pushed: number[] = [];
    t.app.ctx.events.on("notifications.count", (e) => {
      if (e.userId === m.user.id && e.schoolId === m.school.id) pushed.push(e.count);
    });
    return { ...m, send, bell, read, pushed };
  }

  it("takes a read notification off the bell, in the answer, the poll and the push", async () => {
    const m = await member();
    const a = await m.send("A");
    const b = await m.send("B");
    await m.send("C");
    expect(await m.bell()).toBe(3);

    expect(await m.read(b)).toMatchObject({ unread_count: 2, unviewed_notifications_count: 2 });
    expect(await m.bell()).toBe(2);
    // Reading it again changes nothing.
    expect(await m.read(b)).toMatchObject({ unread_count: 2, unviewed_notifications_count: 2 });
    expect(await m.read(a)).toMatchObject({ unread_count: 1, unviewed_notifications_count: 1 });
    expect(m.pushed).toEqual([2, 2, 1]);
  });

  it("leaves the bell alone when what is read arrived before it was last opened", async () => {
    const m = await member();
    const old = await m.send("Old");
    const reset = await m.as({
      method: "POST",
      url: `/api/users/${m.user.id}`,
      payload: { unviewed_notifications_count: 0 },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const fresh = await m.send("New");
    expect(await m.bell()).toBe(1);

    // The old one was already counted off when the bell was opened: the new one still rings.
    expect(await m.read(old)).toMatchObject({ unread_count: 1, unviewed_notifications_count: 1 });
    expect(await m.bell()).toBe(1);
    expect(await m.read(fresh)).toMatchObject({ unread_count: 0, unviewed_notifications_count: 0 });
    expect(await m.bell()).toBe(0);
  });

  it("clears the bell with 'mark all read', and a notification that arrives afterwards rings it again", async () => {
    const m = await member();
    await m.send("A");
    await m.send("B");
    const all = await m.as({ method: "POST", url: "/api/notifications/read-all" });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toEqual({ updated: 2, unread_count: 0, unviewed_notifications_count: 0 });
    expect(await m.bell()).toBe(0);
    expect(m.pushed).toEqual([0]);

    await m.send("C");
    expect(await m.bell()).toBe(1);
    const list = (await m.as({ method: "GET", url: "/api/notifications" })).json().data;
    expect(list.unread_count).toBe(1);
  });
});
