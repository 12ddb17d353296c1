import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  incidentStudents,
  incidentTypes,
  notifications,
  schools,
  studentGroups,
  students,
} from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";

/**
 * Issue 32 §3: what a phone's offline queue sends when the connection returns. Each queued incident carries the key
 * the device made when it was written (a retry after a lost answer, a double tap or a second tab sending it again
 * makes one incident and one set of notifications), each evidence file its own key, and the groups the registrant
 * saw: a student who changed group meanwhile, or a type deactivated meanwhile, is a conflict explained in the
 * reader's language — nothing is written until the registrant decides.
 */
let t: TestApp;
let s: IncidentSchool;
let other: IncidentSchool;
beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
});
afterAll(() => t.close());

type As = IncidentSchool["teacher"]["as"];
const send = (as: As, body: Record<string, unknown>, key: string, lang = "es") =>
  as({
    method: "POST",
    url: "/api/incidents",
    payload: body,
    headers: { "idempotency-key": key, "accept-language": lang },
  });

const incidentCount = async (schoolId: string) => {
  const res = (await t.db.execute(
    sql`select count(*)::int as n from incidents where school_id = ${schoolId}`,
  )) as unknown as { rows: { n: number }[] };
  return res.rows[0]!.n;
};
const notificationsOf = async (userId: number, schoolId: string) =>
  t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.schoolId, schoolId), eq(notifications.userId, userId)));

/** A body as the offline queue sends it: each student with the group the registrant saw them in. */
const queued = (students: { id: number; group: number | null }[], overrides: Record<string, unknown> = {}) =>
  registration(s, {
    students: students.map((x) => ({ student_id: x.id, role: "involved", seen_group_id: x.group })),
    ...overrides,
  });

describe("an offline queue sending its incidents", () => {
  it("makes one incident and one set of notifications however many times the same queued incident is sent", async () => {
    const key = randomUUID();
    const body = queued([{ id: s.a1.id, group: s.groupA.id }], { detail: "Escrito sin conexión en el patio." });
    const before = await incidentCount(s.school.id);
    const headTeacherBefore = (await notificationsOf(s.teacher.user.id, s.school.id)).length;
    const directorBefore = (await notificationsOf(s.director.user.id, s.school.id)).length;

    const first = await send(s.teacher.as, body, key);
    expect(first.statusCode, first.body).toBe(201);
    // The answer was lost on the way back (the signal dropped): the queue sends it again, then a second tab does.
    const again = await send(s.teacher.as, body, key);
    const third = await send(s.teacher.as, body, key);
    for (const res of [again, third]) {
      expect(res.statusCode).toBe(201);
      expect(res.headers["idempotent-replayed"]).toBe("true");
      expect(res.json().data.incident.folio).toBe(first.json().data.incident.folio);
    }
    expect(await incidentCount(s.school.id)).toBe(before + 1);
    // The registration's notifications were queued once: the director's bell has one more, not three.
    expect((await notificationsOf(s.director.user.id, s.school.id)).length).toBe(directorBefore + 1);
    expect((await notificationsOf(s.teacher.user.id, s.school.id)).length).toBe(headTeacherBefore);
  });

  it("makes one incident when a double tap sends the same queued incident twice at once", async () => {
    const key = randomUUID();
    const body = queued([{ id: s.a2.id, group: s.groupA.id }], { detail: "Doble toque al volver la señal." });
    const before = await incidentCount(s.school.id);
    const answers = await Promise.all([send(s.teacher.as, body, key), send(s.teacher.as, body, key)]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(new Set(answers.map((r) => r.json().data.incident.id)).size).toBe(1);
    expect(await incidentCount(s.school.id)).toBe(before + 1);
  });

  it("keeps one copy of an evidence photo sent twice with its own key", async () => {
    const created = await send(s.teacher.as, queued([{ id: s.a1.id, group: s.groupA.id }]), randomUUID());
    const id = created.json().data.incident.id as number;
    const photo = await sharp({ create: { width: 24, height: 24, channels: 3, background: "#ff9800" } })
      .jpeg()
      .toBuffer();
    const fileKey = randomUUID();
    const upload = () =>
      s.teacher.as({
        method: "POST",
        url: `/api/incidents/${id}/attachments?name=patio.jpg`,
        headers: { "content-type": "image/jpeg", "idempotency-key": fileKey },
        payload: photo,
      });
    const one = await upload();
    const two = await upload();
    expect(one.statusCode, one.body).toBe(201);
    expect(two.statusCode).toBe(201);
    expect(two.json().data.attachment.id).toBe(one.json().data.attachment.id);
    const details = await s.teacher.as({ method: "GET", url: `/api/incidents/${id}` });
    expect(details.json().data.incident.attachments).toHaveLength(1);
  });

  it("explains, in the reader's language, that a student changed group since it was written, and registers once confirmed", async () => {
    // A student of group A, moved to group B while the teacher's phone had no signal.
    const [row] = await t.db
      .insert(students)
      .values({
        schoolId: s.school.id,
        enrollment: `MOV${randomUUID().slice(0, 8)}`,
        firstName: "Mónica",
        paternalSurname: "Vega",
        maternalSurname: "Solís",
      })
      .returning();
    const moving = row!;
    await t.db
      .insert(studentGroups)
      .values({ schoolId: s.school.id, studentId: moving.id, schoolYearId: s.year.id, groupId: s.groupA.id });
    const body = queued([
      { id: s.a1.id, group: s.groupA.id },
      { id: moving.id, group: s.groupA.id },
    ]);
    await t.db
      .update(studentGroups)
      .set({ groupId: s.groupB.id })
      .where(and(eq(studentGroups.schoolId, s.school.id), eq(studentGroups.studentId, moving.id)));

    const before = await incidentCount(s.school.id);
    const key = randomUUID();
    const es = await send(s.teacher.as, body, key, "es");
    expect(es.statusCode).toBe(409);
    expect(es.json()).toMatchObject({
      code: "STUDENT_MOVED_GROUP",
      message: expect.stringContaining("Cambió de grupo desde que se escribió este registro: Mónica Vega Solís."),
      errors: { "students.1.student_id": expect.stringContaining("Mónica Vega Solís") },
    });
    const en = await send(s.teacher.as, body, key, "en");
    expect(en.json().message).toContain("Moved to another group since this record was written: Mónica Vega Solís.");
    expect(await incidentCount(s.school.id)).toBe(before);

    // The teacher confirms: sent again with the same key, it is registered once, with the student's current group.
    const confirmed = await send(s.teacher.as, { ...body, confirm_group_changes: true }, key);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const id = confirmed.json().data.incident.id as number;
    const [filed] = await t.db
      .select({ groupId: incidentStudents.groupId })
      .from(incidentStudents)
      .where(and(eq(incidentStudents.incidentId, id), eq(incidentStudents.studentId, moving.id)));
    expect(filed?.groupId).toBe(s.groupB.id);
    // Group B's head teacher hears of it: the student is theirs now.
    const otto = await notificationsOf(s.otherTeacher.user.id, s.school.id);
    expect(otto.length).toBeGreaterThan(0);
    expect(await incidentCount(s.school.id)).toBe(before + 1);
  });

  it("registers as usual a student still in the group the teacher saw, or one sent without it", async () => {
    const res = await send(
      s.teacher.as,
      registration(s, {
        students: [
          { student_id: s.a1.id, role: "involved", seen_group_id: s.groupA.id },
          { student_id: s.b1.id, role: "affected" },
        ],
      }),
      randomUUID(),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it("refuses a type deactivated while the incident waited, saying so, and writes nothing", async () => {
    const [type] = await t.db
      .insert(incidentTypes)
      .values({
        schoolId: s.school.id,
        categoryId: s.category.id,
        nameEs: "Uso del celular",
        nameEn: "Phone use",
        classification: "minor",
        defaultPoints: 1,
      })
      .returning();
    const body = queued([{ id: s.a1.id, group: s.groupA.id }], { type_id: type!.id });
    await t.db.update(incidentTypes).set({ isActive: false }).where(eq(incidentTypes.id, type!.id));
    const before = await incidentCount(s.school.id);
    const es = await send(s.teacher.as, body, randomUUID(), "es");
    expect(es.statusCode).toBe(422);
    expect(es.json()).toMatchObject({ code: "INACTIVE_OPTION", errors: { type_id: "Esa opción está desactivada." } });
    const en = await send(s.teacher.as, body, randomUUID(), "en");
    expect(en.json().errors).toEqual({ type_id: "That option is deactivated." });
    expect(await incidentCount(s.school.id)).toBe(before);
  });

  it("answers 404 to a queued incident sent to another school, and 404 for another school's students", async () => {
    const body = queued([{ id: s.a1.id, group: s.groupA.id }]);
    const intoOther = await s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: body,
      headers: { "idempotency-key": randomUUID(), "x-school-id": other.school.id },
    });
    expect(intoOther.statusCode).toBe(404);
    const othersStudent = await send(s.teacher.as, queued([{ id: other.a1.id, group: other.groupA.id }]), randomUUID());
    expect(othersStudent.statusCode).toBe(404);
    expect(await incidentCount(other.school.id)).toBe(0);
  });
});

describe("the installable app", () => {
  it("names the school and carries its colours in the manifest, in the reader's language", async () => {
    await t.db
      .update(schools)
      .set({
        name: "Colegio Manifiesto",
        institutionalColor1: "#123456",
        institutionalColor2: "#abcdef",
        institutionalColor3: "#00ff00",
        institutionalColor4: "#ff0000",
      })
      .where(eq(schools.id, s.school.id));
    const res = await t.app.inject({
      method: "GET",
      url: `/manifest.webmanifest?school=${s.school.id}`,
      headers: { "accept-language": "en" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/manifest+json");
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: "Convive · Colegio Manifiesto",
      short_name: "Convive",
      start_url: "/",
      display: "standalone",
      theme_color: "#123456",
      shortcuts: [{ name: "Register incident", url: "/register" }],
    });
    const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(manifest.icons.some((i: { purpose: string }) => i.purpose === "maskable")).toBe(true);

    // The icon is a PNG of its size whose tile is the school's first colour.
    const big = manifest.icons.find((i: { sizes: string }) => i.sizes === "512x512");
    const icon = await t.app.inject({ method: "GET", url: big.src });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/png");
    const meta = await sharp(icon.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
    const { data } = await sharp(icon.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0x12, 0x34, 0x56]);

    const es = await t.app.inject({ method: "GET", url: `/manifest.webmanifest?school=${s.school.id}` });
    expect(es.json().shortcuts[0].name).toBe("Registrar incidencia");
  });

  it("is Convive's own for no school, an unknown one or an inactive one", async () => {
    await t.db.update(schools).set({ isActive: false }).where(eq(schools.id, other.school.id));
    for (const url of [
      "/manifest.webmanifest",
      "/manifest.webmanifest?school=no-existe",
      `/manifest.webmanifest?school=${other.school.id}`,
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ name: "Convive", theme_color: "#090d18" });
    }
    const bad = await t.app.inject({ method: "GET", url: "/app-icons/64.png" });
    expect(bad.statusCode).toBe(422);
  });
});
