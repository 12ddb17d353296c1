import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, notifications, profilePermissions } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, client, createSchool, createUser, login, memberOf } from "../helpers/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notify = (input: Parameters<TestApp["app"]["ctx"]["notifications"]["notify"]>[1]) =>
  t.app.ctx.notifications.notify(t.db, input);

/** A signed-in member of `school` whose saved language is `language`. */
async function reader(
  school: Awaited<ReturnType<typeof createSchool>>,
  template: "docente" | "familiar",
  language: "es" | "en",
) {
  const user = await createUser(t.db, { language });
  await addMember(t.db, school.id, user.id, school.profileIds[template]);
  const token = await login(t.app, user.email);
  return { user, token, as: client(t.app, token, school.id) };
}

const readAtOf = async (id: number) =>
  (await t.db.select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.id, id)))[0]?.readAt;

describe("notifications list", () => {
  it("renders each notification when read, in the language of the screen reading it (issue 12 §4)", async () => {
    const school = await createSchool(t.db);
    const en = await reader(school, "docente", "en");
    const es = await reader(school, "familiar", "es");
    const both = [en.user.id, es.user.id];
    await notify({ schoolId: school.id, userIds: both, type: "welcome", params: { school: "Colegio Sol" } });
    const params = { student: "Luis Pérez", author: "Ana Prueba", incident: "Retardo", date: "2026-03-02" };
    await notify({ schoolId: school.id, userIds: both, type: "incident.created", params, link: "/incidents/7" });
    await notify({ schoolId: school.id, userIds: both, type: "something.new" });

    // The account saved English; its screen is in Spanish now: Spanish.
    const enRes = await en.as({ method: "GET", url: "/api/notifications", headers: { "accept-language": "es" } });
    expect(enRes.statusCode, enRes.body).toBe(200);
    const enPage = enRes.json().data;
    expect(enPage.unread_count).toBe(3);
    expect(enPage.next_cursor).toBeNull();
    expect(enPage.notifications.map((n: { title: string }) => n.title)).toEqual([
      "Nuevo aviso",
      "Nueva incidencia: Luis Pérez",
      "¡Bienvenido a Colegio Sol!",
    ]);
    expect(enPage.notifications[1]).toMatchObject({
      type: "incident.created",
      body: "Ana Prueba registró «Retardo» el 2 mar 2026.",
      link: "/incidents/7",
      read_at: null,
    });
    expect(Date.parse(enPage.notifications[1].created_at)).not.toBeNaN();

    // The same rows read from an English screen, and by a request that names no language (the saved one).
    const esRes = await es.as({ method: "GET", url: "/api/notifications", headers: { "x-language": "en" } });
    const esPage = esRes.json().data;
    expect(esPage.notifications.map((n: { title: string }) => n.title)).toEqual([
      "New notice",
      "New incident: Luis Pérez",
      "Welcome to Colegio Sol!",
    ]);
    expect(esPage.notifications[1].body).toBe("Ana Prueba registered “Retardo” on Mar 2, 2026.");
    const saved = await t.app.inject({
      method: "GET",
      url: "/api/notifications",
      headers: { authorization: `Bearer ${en.token}`, "x-school-id": school.id },
    });
    expect(saved.json().data.notifications[0].title).toBe("New notice");
  });

  it("never doubles the period after a value that ends with one (a time such as 10:00 a.m.)", async () => {
    const school = await createSchool(t.db);
    const me = await reader(school, "docente", "es");
    const params = {
      student: "Luis Pérez",
      author: "Ana Prueba",
      incident: "Retardo",
      date_es: "25 nov 2026, 10:00 a.m.",
      date_en: "Nov 25, 2026, 10:00 AM",
    };
    await notify({ schoolId: school.id, userIds: [me.user.id], type: "incident.created", params });
    const read = async (language: string) =>
      (await me.as({ method: "GET", url: "/api/notifications", headers: { "accept-language": language } })).json().data
        .notifications[0].body;
    expect(await read("es")).toBe("Ana Prueba registró «Retardo» el 25 nov 2026, 10:00 a.m.");
    expect(await read("en")).toBe("Ana Prueba registered “Retardo” on Nov 25, 2026, 10:00 AM.");
  });

  it("pages with the last id as cursor until next_cursor is null", async () => {
    const school = await createSchool(t.db);
    const me = await reader(school, "docente", "es");
    for (let i = 1; i <= 5; i++) {
      await notify({
        schoolId: school.id,
        userIds: [me.user.id],
        type: "setup.reminder",
        params: { completed: i, total: 7 },
      });
    }
    const seen: string[] = [];
    let cursor: number | null = null;
    const cursors: (number | null)[] = [];
    do {
      const res = await me.as({ method: "GET", url: `/api/notifications?limit=2${cursor ? `&cursor=${cursor}` : ""}` });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data;
      seen.push(...page.notifications.map((n: { body: string }) => n.body));
      cursor = page.next_cursor;
      cursors.push(cursor);
    } while (cursor !== null);
    expect(cursors).toHaveLength(3);
    expect(seen).toEqual([5, 4, 3, 2, 1].map((i) => `Llevas ${i} de 7 etapas de configuración completadas.`));

    const tooMany = await me.as({ method: "GET", url: "/api/notifications?limit=500" });
    expect(tooMany.statusCode).toBe(422);
  });
});

describe("marking read", () => {
  it("marks one read (keeping the first time), then all", async () => {
    const school = await createSchool(t.db);
    const me = await reader(school, "familiar", "en");
    const { delivered } = await notify({ schoolId: school.id, userIds: [me.user.id], type: "password.changed" });
    await notify({ schoolId: school.id, userIds: [me.user.id], type: "welcome", params: { school: "X" } });
    await notify({ schoolId: school.id, userIds: [me.user.id], type: "welcome", params: { school: "Y" } });
    const id = delivered[0]!.id;

    const first = await me.as({ method: "POST", url: `/api/notifications/${id}/read` });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ notification: { id, title: "Password updated" }, unread_count: 2 });
    const readAt = first.json().data.notification.read_at;
    expect(readAt).not.toBeNull();
    const again = await me.as({ method: "POST", url: `/api/notifications/${id}/read` });
    expect(again.json().data.notification.read_at).toBe(readAt);

    const all = await me.as({ method: "POST", url: "/api/notifications/read-all" });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toEqual({ updated: 2, unread_count: 0, unviewed_notifications_count: 0 });
    const list = (await me.as({ method: "GET", url: "/api/notifications" })).json().data;
    expect(list.unread_count).toBe(0);
    expect(list.notifications.every((n: { read_at: string | null }) => n.read_at !== null)).toBe(true);
  });

  it("answers 404 for another user's or another school's notification and changes nothing", async () => {
    const school = await createSchool(t.db);
    const owner = await reader(school, "docente", "es");
    const other = await reader(school, "docente", "es");
    const { delivered } = await notify({ schoolId: school.id, userIds: [owner.user.id], type: "welcome" });
    const id = delivered[0]!.id;

    const byOther = await other.as({ method: "POST", url: `/api/notifications/${id}/read` });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().code).toBe("NOT_FOUND");
    await other.as({ method: "POST", url: "/api/notifications/read-all" });
    expect((await other.as({ method: "GET", url: "/api/notifications" })).json().data.notifications).toEqual([]);

    // The owner, acting in a second school of theirs, cannot reach the first school's notification.
    const second = await createSchool(t.db);
    await addMember(t.db, second.id, owner.user.id, second.profileIds.docente);
    const inSecond = client(t.app, owner.token, second.id);
    expect((await inSecond({ method: "POST", url: `/api/notifications/${id}/read` })).statusCode).toBe(404);
    await inSecond({ method: "POST", url: "/api/notifications/read-all" });
    expect((await inSecond({ method: "GET", url: "/api/notifications" })).json().data.notifications).toEqual([]);

    expect(await readAtOf(id)).toBeNull();
    expect((await owner.as({ method: "GET", url: "/api/notifications" })).json().data.unread_count).toBe(1);
  });
});

describe("access", () => {
  it("refuses a Familiar or Docente whose profile lost the notifications module", async () => {
    const school = await createSchool(t.db);
    const stripped = [school.profileIds.familiar, school.profileIds.docente];
    await t.db
      .delete(profilePermissions)
      .where(
        and(
          eq(profilePermissions.schoolId, school.id),
          inArray(profilePermissions.profileId, stripped),
          inArray(profilePermissions.permission, ["module-notifications", "notifications.read"]),
        ),
      );
    for (const template of ["familiar", "docente"] as const) {
      const { as, user } = await memberOf(t.app, t.db, template, school);
      const { delivered } = await notify({ schoolId: school.id, userIds: [user.id], type: "welcome" });
      const calls = [
        { method: "GET" as const, url: "/api/notifications" },
        { method: "POST" as const, url: "/api/notifications/read-all" },
        { method: "POST" as const, url: `/api/notifications/${delivered[0]!.id}/read` },
      ];
      for (const call of calls) {
        const res = await as(call);
        expect(res.statusCode, `${template} ${call.method} ${call.url}`).toBe(403);
      }
      expect(await readAtOf(delivered[0]!.id)).toBeNull();
    }
  });
});

describe("notify", () => {
  it("raises the bell count read by GET api/users/:id; POST api/users/:id resets it", async () => {
    const { school, user, as } = await memberOf(t.app, t.db, "familiar");
    const first = await notify({ schoolId: school.id, userIds: [user.id, user.id], type: "welcome" });
    const second = await notify({ schoolId: school.id, userIds: [user.id], type: "password.changed" });
    expect(first.delivered.map((d) => d.count)).toEqual([1]);
    expect(second.delivered.map((d) => d.count)).toEqual([2]);

    const bell = async () => (await as({ method: "GET", url: `/api/users/${user.id}` })).json().data.user;
    expect((await bell()).unviewed_notifications_count).toBe(2);
    const reset = await as({
      method: "POST",
      url: `/api/users/${user.id}`,
      payload: { unviewed_notifications_count: 0 },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data.user.unviewed_notifications_count).toBe(0);
    expect((await bell()).unviewed_notifications_count).toBe(0);
  });

  it("skips anyone who is not an active member of the school", async () => {
    const school = await createSchool(t.db);
    const member = await createUser(t.db);
    const inactive = await createUser(t.db);
    const outsider = await memberOf(t.app, t.db, "docente");
    await addMember(t.db, school.id, member.id, school.profileIds.docente);
    await addMember(t.db, school.id, inactive.id, school.profileIds.docente, false);

    const ids = [member.id, inactive.id, outsider.user.id];
    const { delivered } = await notify({ schoolId: school.id, userIds: ids, type: "welcome" });
    expect(delivered.map((d) => d.userId)).toEqual([member.id]);
    const rows = await t.db.select().from(notifications).where(inArray(notifications.userId, ids));
    expect(rows.map((r) => [r.schoolId, r.userId])).toEqual([[school.id, member.id]]);
    const counts = await t.db
      .select({ userId: memberships.userId, count: memberships.unviewedNotificationsCount })
      .from(memberships)
      .where(inArray(memberships.userId, ids));
    expect(counts.filter((c) => c.count > 0)).toEqual([{ userId: member.id, count: 1 }]);
  });

  it("inside a transaction publishes only when told, and a rollback leaves nothing", async () => {
    const { school, user } = await memberOf(t.app, t.db, "docente");
    const pushed: { schoolId: string; userId: number; count: number }[] = [];
    t.app.ctx.events.on("notifications.created", (e) => {
      if (e.schoolId === school.id)
        pushed.push(...e.delivered.map((d) => ({ schoolId: e.schoolId, userId: d.userId, count: d.count })));
    });
    const { notify: send } = t.app.ctx.notifications;

    await expect(
      t.db.transaction(async (tx) => {
        await send(tx, { schoolId: school.id, userIds: [user.id], type: "welcome" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).toEqual([]);
    expect(pushed).toEqual([]);

    const sent = await t.db.transaction((tx) => send(tx, { schoolId: school.id, userIds: [user.id], type: "welcome" }));
    expect(pushed).toEqual([]);
    sent.publish();
    sent.publish();
    expect(pushed).toEqual([{ schoolId: school.id, userId: user.id, count: 1 }]);
  });
});
