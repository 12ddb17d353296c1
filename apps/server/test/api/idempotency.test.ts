import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accompanimentObservations,
  idempotencyKeys,
  incidentAttachments,
  incidents,
  pointAwards,
} from "../../src/db/schema/index.ts";
import { createAppOn, createTestApp, type TestApp } from "../helpers/app.ts";
import { client } from "../helpers/factories.ts";
import { schoolDay } from "../helpers/follow-up.ts";
import { jpeg, png } from "../helpers/images.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";

/**
 * Issue 24 §1: a create sent again with the same Idempotency-Key — a double click, a retry after a lost answer, an
 * offline queue — makes one row, and every repeat gets the first answer. Runs on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL), where the 20 requests really run at once on the pool's connections.
 */
let t: TestApp;
let s: IncidentSchool;
beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
});
afterAll(() => t.close());

type As = IncidentSchool["director"]["as"];
const send = (as: As, url: string, payload: object, key?: string, lang = "es") =>
  as({
    method: "POST",
    url,
    payload,
    headers: { "accept-language": lang, ...(key ? { "idempotency-key": key } : {}) },
  });

type Counted = typeof pointAwards | typeof incidents | typeof accompanimentObservations;
const count = async (table: Counted, schoolId: string) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.schoolId, schoolId)))[0]!.n;

const award = (points = 3) => ({
  student_ids: [s.a1.id],
  kind: "award",
  points,
  reason: "Ayudó a un compañero",
  awarded_on: schoolDay(0),
});
const observation = () => ({
  student_id: s.a2.id,
  observation_type_id: s.observationType.id,
  text: "Participó activamente en la clase.",
  observed_on: schoolDay(0),
});

describe("the route table", () => {
  it("rules every POST route: it takes a key, or says why a repeat needs none", () => {
    const unruled = t.app.idempotencyCatalogue.filter((r) => r.rule === undefined).map((r) => `${r.method} ${r.url}`);
    expect(unruled).toEqual([]);
    for (const { rule } of t.app.idempotencyCatalogue) {
      if (rule !== "keyed") expect(rule?.exempt.length).toBeGreaterThan(20);
    }
  });

  it("keys every create a form or a retry can repeat", () => {
    const keyed = new Set(t.app.idempotencyCatalogue.filter((r) => r.rule === "keyed").map((r) => r.url));
    const creates = [
      "/api/incidents",
      "/api/incidents/:id/attachments",
      "/api/accompaniment-observations",
      "/api/incidents/:id/formative-actions",
      "/api/incidents/:id/meetings",
      "/api/point-awards",
      "/api/school-users",
      "/api/students",
      "/api/students/:id/family-members",
      "/api/imports/:kind/commit",
      "/api/school-years",
      "/api/profiles",
      // Issue 27: a message and its files.
      "/api/students/:id/messages",
      "/api/message-attachments",
    ];
    expect(creates.filter((url) => !keyed.has(url))).toEqual([]);
  });
});

describe("a repeated create with one key", () => {
  it("20 concurrent identical point awards: one row, 20 equal answers", async () => {
    const before = await count(pointAwards, s.school.id);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(s.teacher.as, "/api/point-awards", award(), key)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(19);
    expect(await count(pointAwards, s.school.id)).toBe(before + 1);
    // Later, the same again: the same answer, still one row.
    const later = await send(s.teacher.as, "/api/point-awards", award(), key);
    expect([later.statusCode, later.body]).toEqual([201, answers[0]!.body]);
    expect(await count(pointAwards, s.school.id)).toBe(before + 1);
  });

  it("different keys make separate rows; no key works as before", async () => {
    const before = await count(pointAwards, s.school.id);
    await send(s.teacher.as, "/api/point-awards", award(), randomUUID());
    await send(s.teacher.as, "/api/point-awards", award(), randomUUID());
    await send(s.teacher.as, "/api/point-awards", award());
    await send(s.teacher.as, "/api/point-awards", award());
    expect(await count(pointAwards, s.school.id)).toBe(before + 4);
  });

  it("refuses the same key with another body, in the caller's language, and writes nothing", async () => {
    const key = randomUUID();
    expect((await send(s.teacher.as, "/api/point-awards", award(3), key)).statusCode).toBe(201);
    const before = await count(pointAwards, s.school.id);
    const es = await send(s.teacher.as, "/api/point-awards", award(4), key);
    expect(es.statusCode).toBe(422);
    expect(es.json()).toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      message: "Esta solicitud ya se envió con otros datos. Vuelve a abrir el formulario para enviarla de nuevo.",
    });
    const en = await send(s.teacher.as, "/api/accompaniment-observations", observation(), key, "en");
    expect(en.json().message).toBe(
      "This request was already sent with different data. Open the form again to send it anew.",
    );
    expect(await count(pointAwards, s.school.id)).toBe(before);
    const bad = await send(s.teacher.as, "/api/point-awards", award(), "not-a-uuid");
    expect([bad.statusCode, bad.json().code]).toEqual([422, "IDEMPOTENCY_KEY_INVALID"]);
  });

  it("20 concurrent identical incident registrations: one incident, one folio, 20 equal answers", async () => {
    const before = await count(incidents, s.school.id);
    const key = randomUUID();
    const body = registration(s);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(s.teacher.as, "/api/incidents", body, key)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((r) => r.json().data.incident.folio)).size).toBe(1);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(await count(incidents, s.school.id)).toBe(before + 1);
  });

  it("observations: one row per key; a key is the person's own, another teacher's same key is another request", async () => {
    const before = await count(accompanimentObservations, s.school.id);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(s.teacher.as, "/api/accompaniment-observations", observation(), key)),
    );
    expect(new Set(answers.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    const director = await send(s.director.as, "/api/accompaniment-observations", observation(), key);
    expect(director.statusCode).toBe(201);
    expect(director.body).not.toBe(answers[0]!.body);
    expect(await count(accompanimentObservations, s.school.id)).toBe(before + 2);
  });

  it("evidence uploads: the same file with one key is stored once; another file with that key is refused", async () => {
    const incident = await send(s.teacher.as, "/api/incidents", registration(s), randomUUID());
    const id = incident.json().data.incident.id as number;
    const upload = (body: Buffer, key: string) =>
      s.teacher.as({
        method: "POST",
        url: `/api/incidents/${id}/attachments?name=foto.png`,
        headers: { "content-type": body === jpeg() ? "image/jpeg" : "image/png", "idempotency-key": key },
        payload: body,
      });
    const key = randomUUID();
    const answers = await Promise.all([upload(png(), key), upload(png(), key), upload(png(), key)]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((r) => r.json().data.attachment.id)).size).toBe(1);
    expect((await upload(jpeg(), key)).json().code).toBe("IDEMPOTENCY_KEY_REUSED");
    const stored = await t.db
      .select({ id: incidentAttachments.id })
      .from(incidentAttachments)
      .where(and(eq(incidentAttachments.schoolId, s.school.id), eq(incidentAttachments.incidentId, id)));
    expect(stored).toHaveLength(1);
  });

  it("a refused create frees its key: the retry after fixing the cause runs", async () => {
    const key = randomUUID();
    const redeem = { ...award(50), kind: "redemption", student_ids: [s.b1.id] };
    expect((await send(s.director.as, "/api/point-awards", redeem, key)).statusCode).toBe(409);
    await send(s.director.as, "/api/point-awards", { ...award(60), student_ids: [s.b1.id] });
    const retry = await send(s.director.as, "/api/point-awards", redeem, key);
    expect([retry.statusCode, retry.headers["idempotent-replayed"]]).toEqual([201, undefined]);
  });

  it("forgets a key when it expires: the same key then runs again", async () => {
    const before = await count(pointAwards, s.school.id);
    const key = randomUUID();
    await send(s.teacher.as, "/api/point-awards", award(), key);
    await t.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(idempotencyKeys.schoolId, s.school.id), eq(idempotencyKeys.key, key)));
    const again = await send(s.teacher.as, "/api/point-awards", award(), key);
    expect([again.statusCode, again.headers["idempotent-replayed"]]).toEqual([201, undefined]);
    expect(await count(pointAwards, s.school.id)).toBe(before + 2);
  });

  it("a key another instance still runs: waits, then 409 in the caller's language; a claim left 3 minutes is taken over", async () => {
    const key = randomUUID();
    expect((await send(s.teacher.as, "/api/point-awards", award(), key)).statusCode).toBe(201);
    // Back to a claim with no answer yet, as another instance leaves it while its request runs.
    const mine = and(eq(idempotencyKeys.schoolId, s.school.id), eq(idempotencyKeys.key, key));
    await t.db.update(idempotencyKeys).set({ status: null, contentType: null, body: null }).where(mine);
    const before = await count(pointAwards, s.school.id);
    const busy = await send(s.teacher.as, "/api/point-awards", award(), key, "en");
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({
      code: "IDEMPOTENCY_KEY_IN_FLIGHT",
      message: "This request is still being processed. Wait a moment and try again.",
    });
    expect(await count(pointAwards, s.school.id)).toBe(before);
    // Its instance died: nobody answered for 3 minutes, so the repeat runs.
    await t.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '3 minutes'` }).where(mine);
    expect((await send(s.teacher.as, "/api/point-awards", award(), key)).statusCode).toBe(201);
    expect(await count(pointAwards, s.school.id)).toBe(before + 1);
  });

  it("two instances on one database: 10 repeats to each, one row", async () => {
    const second: FastifyInstance = await createAppOn(t.db);
    try {
      const before = await count(pointAwards, s.school.id);
      const key = randomUUID();
      const there = client(second, s.teacher.token, s.school.id);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => send(i % 2 ? there : s.teacher.as, "/api/point-awards", award(), key)),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      expect(new Set(answers.map((r) => r.body)).size).toBe(1);
      expect(await count(pointAwards, s.school.id)).toBe(before + 1);
    } finally {
      await second.close();
    }
  });
});
