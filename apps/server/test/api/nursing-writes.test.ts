import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, notifications, users } from "../../src/db/schema/index.ts";
import { createDemoApp, type DemoApp, type DemoClient } from "../helpers/demo-app.ts";
import { png } from "../helpers/images.ts";

/**
 * Issue 29 §3, §4 writes on the demo: the configurator (the Director's), the nurse's record (the family's health
 * consent first: 409 and nothing stored without it), the family's proposals she approves or rejects, a visit that
 * tells the family at once (bell, e-mail through the outbox) and records when — never blocked by missing consent —
 * and the medication log under the family's authorisation.
 */

let t: DemoApp;
let nurse: DemoClient;
let director: DemoClient;
let docente: DemoClient;
let familia: DemoClient;
let norte: DemoClient;
let sofia: number;
let diego: number;
let unconsented: number;

type Json = Record<string, unknown>;
const get = (as: DemoClient, url: string, lang = "es") =>
  as({ method: "GET", url, headers: { "accept-language": lang } });
const send = (as: DemoClient, method: "POST" | "PUT" | "PATCH", url: string, payload: object) =>
  as({ method, url, payload });
const ok = async (res: Awaited<ReturnType<DemoClient>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
};
const config = async () => ok(await get(nurse, "/api/nursing/config"));
const reasonId = async (name: string) => (await config()).reasons.find((r: Json) => r.name === name).id as number;
const outcomeId = async (name: string) => (await config()).outcomes.find((r: Json) => r.name === name).id as number;

beforeAll(async () => {
  t = await createDemoApp();
  nurse = await t.as("enfermeria1@convive.test");
  director = await t.as("director@convive.test");
  docente = await t.as("docente@convive.test");
  familia = await t.as("familia@convive.test");
  norte = await t.as("norte@convive.test", "instituto-norte");
  sofia = await t.studentId("Sofía", "Ramírez");
  diego = await t.studentId("Diego", "Ramírez");
  // A classmate of Sofía's whose family never gave the health consent.
  const found = await ok(await get(nurse, "/api/nursing/students?q=a"));
  for (const s of found as { id: number }[]) {
    const file = await ok(await get(nurse, `/api/students/${s.id}/nursing`));
    if (!file.consent_granted) {
      unconsented = s.id;
      break;
    }
  }
}, 180_000);
afterAll(() => t?.close());

describe("the nursing configurator", () => {
  it("starts every school with the reasons and the three outcomes, es/en", async () => {
    const en = await ok(await get(nurse, "/api/nursing/config", "en"));
    expect(en.outcomes.map((o: Json) => o.label)).toEqual(["Back to class", "Sent home", "Referred"]);
    expect(en.reasons.map((o: Json) => o.name)).toContain("Dolor de cabeza");
  });

  it("lets the director add fields and options; the nurse and a teacher may not", async () => {
    const field = await ok(
      await send(director, "POST", "/api/nursing/fields", {
        label: "Grupo de vacunas",
        label_en: "Vaccination group",
        kind: "choice",
        choices: [
          { es: "Completo", en: "Complete" },
          { es: "Incompleto", en: "Incomplete" },
        ],
      }),
      201,
    );
    expect(field).toMatchObject({ kind: "choice", active: true });
    const bad = await send(director, "POST", "/api/nursing/fields", { label: "X", label_en: "X", kind: "choice" });
    expect(bad.statusCode).toBe(422);
    const reason = await ok(
      await send(director, "POST", "/api/nursing/options", { kind: "reason", name: "Náusea", name_en: "Nausea" }),
      201,
    );
    const twice = await send(director, "POST", "/api/nursing/options", {
      kind: "reason",
      name: "náusea",
      name_en: "N",
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("NURSING_OPTION_DUPLICATE");
    await ok(
      await send(director, "PATCH", `/api/nursing/options/${reason.id}`, {
        name: "Náusea",
        name_en: "Nausea",
        active: false,
      }),
    );
    for (const as of [nurse, docente]) {
      expect(
        (await send(as, "POST", "/api/nursing/options", { kind: "reason", name: "Y", name_en: "Y" })).statusCode,
      ).toBe(403);
    }
    expect((await get(docente, "/api/nursing/config")).statusCode).toBe(403);
  });
});

describe("the medical record", () => {
  const body = (extra: Json = {}) => ({
    blood_type: "B+",
    allergies: [{ name: "Mariscos", severity: "severe", critical: true, notes: "Sin mariscos en la cafetería." }],
    conditions: [],
    medication: "",
    emergency_contacts: [{ name: "Tía Rosa", relationship: "Tía", phone: "55 1111 2222" }],
    extra,
  });

  it("refuses to store a record without the family's health consent, and stores nothing", async () => {
    expect(unconsented).toBeDefined();
    const res = await send(nurse, "PUT", `/api/students/${unconsented}/medical-record`, body());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("CONSENT_MISSING_HEALTH");
    expect((await ok(await get(nurse, `/api/students/${unconsented}/nursing`))).record).toBeNull();
  });

  it("lets the nurse rewrite Diego's record, checking the configured fields; a teacher or a family may not", async () => {
    const glasses = (await config()).fields.find((f: Json) => f.label === "¿Usa lentes?").id;
    const wrong = await send(nurse, "PUT", `/api/students/${diego}/medical-record`, body({ [glasses]: "quizá" }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toHaveProperty(`extra.${glasses}`);
    const unknown = await send(nurse, "PUT", `/api/students/${diego}/medical-record`, body({ "999999": "x" }));
    expect(unknown.statusCode).toBe(422);
    const file = await ok(
      await send(nurse, "PUT", `/api/students/${diego}/medical-record`, body({ [glasses]: "yes" })),
    );
    expect(file.record).toMatchObject({ blood_type: "B+", extra: { [glasses]: "yes" } });
    expect(file.record.updated_by).toContain("Rosario");
    expect((await send(familia, "PUT", `/api/students/${diego}/medical-record`, body())).statusCode).toBe(403);
    expect((await send(docente, "PUT", `/api/students/${diego}/medical-record`, body())).statusCode).toBe(404);
    expect((await send(norte, "PUT", `/api/students/${diego}/medical-record`, body())).statusCode).toBe(404);
  });

  it("takes the mother's proposal, which the nurse approves into the record; a second decision is 409", async () => {
    const proposal = {
      changes: { medication: "Loratadina 5 mg en primavera." },
      note: "Le recetaron antihistamínico.",
    };
    expect((await send(nurse, "POST", `/api/students/${sofia}/medical-record/proposals`, proposal)).statusCode).toBe(
      403,
    );
    const mine = await ok(
      await send(familia, "POST", `/api/students/${sofia}/medical-record/proposals`, proposal),
      201,
    );
    const pending = mine.proposals.find((p: Json) => p.status === "pending" && p.note === proposal.note);
    const empty = await send(familia, "POST", `/api/students/${sofia}/medical-record/proposals`, { changes: {} });
    expect(empty.statusCode).toBe(422);
    const approved = await ok(
      await send(nurse, "POST", `/api/nursing/proposals/${pending.id}/decision`, { decision: "approve" }),
    );
    expect(approved.record.medication).toBe("Loratadina 5 mg en primavera.");
    expect(approved.record.allergies[0].name).toBe("Polen");
    const again = await send(nurse, "POST", `/api/nursing/proposals/${pending.id}/decision`, { decision: "reject" });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("NURSING_PROPOSAL_DECIDED");
    const told = (await ok(await get(familia, "/api/notifications"))).notifications;
    expect(told.some((n: Json) => n.type === "nursing.proposal.approved")).toBe(true);
  });

  it("tells the school's nurses of a family's proposal, in their language, linked to the student on their desk", async () => {
    const proposal = { changes: { insurance_provider: "Seguros Norte" }, note: "Cambiamos de aseguradora." };
    await ok(await send(familia, "POST", `/api/students/${diego}/medical-record/proposals`, proposal), 201);
    const link = `/nursing?nurse=${diego}`;
    const bell = (await ok(await get(nurse, "/api/notifications", "en"))).notifications;
    const notice = bell.find((n: Json) => n.type === "nursing.proposal.new" && n.link === link);
    expect(notice).toMatchObject({ title: expect.stringContaining("Diego"), body: expect.stringContaining("family") });
    const es = (await ok(await get(nurse, "/api/notifications"))).notifications;
    expect(es.find((n: Json) => n.id === notice.id).title).toContain("propone un cambio");
    // A teacher (no nursing.update), the proposer and another school's staff hear nothing of it.
    for (const other of [docente, familia, norte]) {
      const theirs = (await ok(await get(other, "/api/notifications"))).notifications;
      expect(theirs.some((n: Json) => n.type === "nursing.proposal.new")).toBe(false);
    }
    const rows = await t.db
      .select({ schoolId: notifications.schoolId, email: users.email })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.type, "nursing.proposal.new"));
    expect(rows.map((r) => r.email)).toContain("enfermeria1@convive.test");
    expect(new Set(rows.map((r) => r.schoolId)).size).toBe(1);
  });

  it("lets the nurse reject the seeded proposal, the record unchanged", async () => {
    const desk = await ok(await get(nurse, "/api/nursing/desk"));
    const seeded = desk.proposals.find((p: Json) => (p.student as Json).id === sofia);
    const before = (await ok(await get(nurse, `/api/students/${sofia}/nursing`))).record.emergency_contacts;
    const after = await ok(
      await send(nurse, "POST", `/api/nursing/proposals/${seeded.id}/decision`, {
        decision: "reject",
        note: "Falta su teléfono.",
      }),
    );
    expect(after.record.emergency_contacts).toEqual(before);
    expect(after.proposals.find((p: Json) => p.id === seeded.id)).toMatchObject({ status: "rejected" });
    expect(
      (await send(docente, "POST", `/api/nursing/proposals/${seeded.id}/decision`, { decision: "approve" })).statusCode,
    ).toBe(404);
  });
});

describe("infirmary visits", () => {
  it("records Diego's visit and tells his mother at once: bell, e-mail, family_notified_at", async () => {
    const visit = await ok(
      await send(nurse, "POST", `/api/students/${diego}/nursing-visits`, {
        reason_id: await reasonId("Dolor de cabeza"),
        vitals: { temperature_c: 36.8 },
        treatment: "Reposo 15 minutos.",
        outcome_id: await outcomeId("Regresó a clase"),
      }),
      201,
    );
    expect(visit.family_notified_at).not.toBeNull();
    expect(Date.now() - Date.parse(visit.family_notified_at)).toBeLessThan(60_000);
    const bell = (await ok(await get(familia, "/api/notifications"))).notifications;
    const notice = bell.find((n: Json) => n.type === "nursing.visit");
    expect(notice).toMatchObject({ link: `/notifications?student=${diego}&fileTab=nursing` });
    expect(notice.title).toContain("Diego");
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, "familia@convive.test"));
    expect(mail.some((m) => m.subject.includes("enfermería") && m.bodyText.includes("Dolor de cabeza"))).toBe(true);
    const desk = await ok(await get(nurse, "/api/nursing/desk"));
    expect(desk.visits.map((v: Json) => v.id)).toContain(visit.id);
    const later = await ok(
      await send(nurse, "PATCH", `/api/nursing-visits/${visit.id}`, {
        left_at: new Date(Date.now() + 60_000).toISOString(),
      }),
    );
    expect(later.left_at).not.toBeNull();
  });

  it("never blocks a visit on missing consent; refuses a teacher, a family, another school, a switched-off reason", async () => {
    const reason = await reasonId("Golpe o herida");
    const res = await send(nurse, "POST", `/api/students/${unconsented}/nursing-visits`, { reason_id: reason });
    expect(res.statusCode).toBe(201);
    for (const [as, status] of [
      [docente, 404],
      [familia, 403],
      [norte, 404],
    ] as const) {
      expect((await send(as, "POST", `/api/students/${diego}/nursing-visits`, { reason_id: reason })).statusCode).toBe(
        status,
      );
    }
    const outcome = await outcomeId("Enviado a casa");
    const wrongList = await send(nurse, "POST", `/api/students/${diego}/nursing-visits`, { reason_id: outcome });
    expect(wrongList.statusCode).toBe(422);
  });

  it("repeats a visit sent twice with one idempotency key only once", async () => {
    const reason = await reasonId("Fiebre");
    const twice = () =>
      nurse({
        method: "POST",
        url: `/api/students/${sofia}/nursing-visits`,
        payload: { reason_id: reason },
        headers: { "idempotency-key": "8e0c1a0e-7f6b-4a59-9d0e-1c2b3a4d5e6f" },
      });
    const first = await ok(await twice(), 201);
    const second = await twice();
    expect(second.json().data.id).toBe(first.id);
  });
});

describe("medication", () => {
  it("logs a dose under the mother's authorisation and tells her; refuses a withdrawn one", async () => {
    const file = await ok(await get(nurse, `/api/students/${diego}/nursing`));
    const inhaler = file.authorizations[0];
    const given = await ok(
      await send(nurse, "POST", `/api/students/${diego}/medication-administrations`, {
        authorization_id: inhaler.id,
        dose: "2 disparos",
      }),
      201,
    );
    expect(given.administrations[0]).toMatchObject({
      medicine: "Salbutamol inhalador",
      given_by: expect.stringContaining("Rosario"),
    });
    const bell = (await ok(await get(familia, "/api/notifications"))).notifications;
    expect(bell.some((n: Json) => n.type === "nursing.medication")).toBe(true);
    // The mother withdraws it; the nurse can no longer give it, and a family may not switch it back on.
    await ok(await send(familia, "PATCH", `/api/medication-authorizations/${inhaler.id}`, { active: false }));
    expect(
      (await send(familia, "PATCH", `/api/medication-authorizations/${inhaler.id}`, { active: true })).statusCode,
    ).toBe(403);
    const refused = await send(nurse, "POST", `/api/students/${diego}/medication-administrations`, {
      authorization_id: inhaler.id,
      dose: "2 disparos",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("NURSING_AUTHORIZATION_INACTIVE");
  });

  it("takes a family's authorisation in the app, and the nurse's on paper; both need the health consent", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const auth = { medicine: "Paracetamol", dose: "250 mg", valid_from: today };
    const mine = await ok(await send(familia, "POST", `/api/students/${sofia}/medication-authorizations`, auth), 201);
    expect(mine.authorizations[0]).toMatchObject({ medicine: "Paracetamol", source: "family" });
    const paper = await ok(await send(nurse, "POST", `/api/students/${diego}/medication-authorizations`, auth), 201);
    expect(paper.authorizations[0]).toMatchObject({ source: "nurse" });
    const refused = await send(nurse, "POST", `/api/students/${unconsented}/medication-authorizations`, auth);
    expect(refused.statusCode).toBe(409);
    expect((await send(docente, "POST", `/api/students/${diego}/medication-authorizations`, auth)).statusCode).toBe(
      404,
    );
  });

  it("keeps the family's signed paper the nurse uploads with it, readable by the nurse and the family only", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const uploaded = await ok(
      await nurse({
        method: "POST",
        url: "/api/support-attachments?name=autorizacion.png",
        payload: png(256),
        headers: { "content-type": "image/png" },
      }),
      201,
    );
    const auth = { medicine: "Ibuprofeno", dose: "200 mg", valid_from: today, document_id: uploaded.id };
    const saved = await ok(await send(nurse, "POST", `/api/students/${diego}/medication-authorizations`, auth), 201);
    const paper = saved.authorizations.find((a: Json) => a.medicine === "Ibuprofeno");
    expect(paper).toMatchObject({
      source: "nurse",
      document: { id: uploaded.id, file_name: "autorizacion.png", url: `/api/support-attachments/${uploaded.id}` },
    });
    const again = (await ok(await get(nurse, `/api/students/${diego}/nursing`))).authorizations;
    expect(again.find((a: Json) => a.id === paper.id).document).toMatchObject({ id: uploaded.id });
    expect((await get(familia, `/api/support-attachments/${uploaded.id}`)).statusCode).toBe(200);
    expect((await get(docente, `/api/support-attachments/${uploaded.id}`)).statusCode).toBe(404);
    expect((await get(norte, `/api/support-attachments/${uploaded.id}`)).statusCode).toBe(404);
  });
});
