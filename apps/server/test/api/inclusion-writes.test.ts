import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLEGIO_ID } from "../../src/db/seed/colegio-demo.ts";
import { conditionedOutcomes } from "../../src/modules/inclusion/index.ts";
import { createDemoApp, type DemoApp, type DemoClient } from "../helpers/demo-app.ts";
import { png } from "../helpers/images.ts";

/**
 * Issue 28 §2 writes on the demo: the school's condition types; a condition needs the family's disability consent
 * (409 and nothing stored without it), keeps its documents in the support-file store and its adjustments as a list
 * that edits switch off rather than delete; a conditioned enrollment, one open at a time, acknowledged by the family
 * (its author told), signed by the student before staff, its signed paper uploaded, closed by an outcome. Only the
 * confidential readers holding the write permissions write; a family never does (except acknowledging).
 */

let t: DemoApp;
let director: DemoClient;
let orientador: DemoClient;
let docente: DemoClient;
let coordinador: DemoClient;
let familia: DemoClient;
let sofia: number;
let diego: number;
let classmate: number;

type Json = Record<string, unknown>;
const get = (as: DemoClient, url: string, lang = "es") =>
  as({ method: "GET", url, headers: { "accept-language": lang } });
const post = (as: DemoClient, url: string, payload: object) => as({ method: "POST", url, payload });
const patch = (as: DemoClient, url: string, payload: object) => as({ method: "PATCH", url, payload });
const ok = async (res: Awaited<ReturnType<DemoClient>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
};
const upload = async (as: DemoClient, name: string) =>
  (
    await ok(
      await as({
        method: "POST",
        url: `/api/support-attachments?name=${name}`,
        payload: png(256),
        headers: { "content-type": "image/png" },
      }),
      201,
    )
  ).id as number;

async function typeId(name: string) {
  const types = (await ok(await get(orientador, "/api/condition-types"))) as { id: number; name: string }[];
  return types.find((x) => x.name === name)!.id;
}

const adjustment = (description: string, kind = "access") => ({
  kind,
  description,
  applied_by: "Todos los docentes",
  since: "2026-09-01",
});

beforeAll(async () => {
  t = await createDemoApp();
  director = await t.as("director@convive.test");
  orientador = await t.as("orientador1@convive.test");
  docente = await t.as("docente@convive.test");
  coordinador = await t.as("coordinador1@convive.test");
  familia = await t.as("familia@convive.test");
  sofia = await t.studentId("Sofía", "Ramírez");
  diego = await t.studentId("Diego", "Ramírez");
  const options = await ok(await get(docente, "/api/incidents/registration-options"));
  const group = options.groups.find((g: { mine: boolean }) => g.mine);
  const students = (await ok(await get(docente, `/api/incidents/student-options?group_id=${group.id}`))).students;
  classmate = students.find((s: { id: number }) => s.id !== sofia).id;
}, 180_000);
afterAll(() => t?.close());

describe("condition types", () => {
  it("starts with physical, visual and intellectual in both languages; the counsellor adds and switches off", async () => {
    const es = (await ok(await get(orientador, "/api/condition-types"))) as Json[];
    expect(es.map((x) => x.label)).toEqual(["Física", "Visual", "Intelectual"]);
    const en = (await ok(await get(orientador, "/api/condition-types", "en"))) as Json[];
    expect(en.map((x) => x.label)).toEqual(["Physical", "Visual", "Intellectual"]);
    expect((await get(docente, "/api/condition-types")).statusCode).toBe(403);
    expect((await post(coordinador, "/api/condition-types", { name: "Auditiva", name_en: "Hearing" })).statusCode).toBe(
      403,
    );
    const created = await ok(
      await post(orientador, "/api/condition-types", { name: "Auditiva", name_en: "Hearing" }),
      201,
    );
    expect(created).toMatchObject({ name: "Auditiva", name_en: "Hearing", label: "Auditiva", active: true });
    const twice = await post(orientador, "/api/condition-types", { name: "auditiva", name_en: "Hearing" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("SUPPORT_TYPE_DUPLICATE");
    const off = await ok(
      await patch(orientador, `/api/condition-types/${created.id}`, {
        name: "Auditiva",
        name_en: "Hearing",
        active: false,
      }),
    );
    expect(off.active).toBe(false);
    const refused = await post(orientador, `/api/students/${sofia}/conditions`, { condition_type_id: created.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe("SUPPORT_TYPE_INACTIVE");
  });
});

describe("conditions", () => {
  it("are refused without the family's disability consent, and nothing is stored", async () => {
    const document = await upload(orientador, "diagnostico.png");
    const body = {
      condition_type_id: await typeId("Intelectual"),
      description: "Discapacidad intelectual leve.",
      adjustments: [adjustment("Instrucciones paso a paso.")],
      document_ids: [document],
    };
    const refused = await post(orientador, `/api/students/${classmate}/conditions`, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("CONSENT_MISSING_DISABILITY");
    const record = await ok(await get(orientador, `/api/students/${classmate}/inclusion`));
    expect(record).toMatchObject({ conditions: [], consent_granted: false });
    expect((await ok(await get(orientador, `/api/students/${classmate}/adjustments`))).adjustments).toEqual([]);
    // Families read but never write; a teacher does not even learn the record exists.
    expect((await post(familia, `/api/students/${sofia}/conditions`, body)).statusCode).toBe(403);
    expect((await post(docente, `/api/students/${sofia}/conditions`, body)).statusCode).toBe(404);
    expect((await post(coordinador, `/api/students/${sofia}/conditions`, body)).statusCode).toBe(404);
  });

  let conditionId: number;

  it("are recorded once the mother consents, with documents only their readers download", async () => {
    // The mother accepts the school's privacy notice, then grants the consent for Diego.
    await ok(await post(familia, `/api/users/${familia.userId}`, { privacy_notice_viewed: 1 }));
    const state = await ok(await get(familia, `/api/students/${diego}/consents`));
    await ok(
      await post(familia, `/api/students/${diego}/consents`, {
        category: "disability",
        granted: true,
        notice_version: state.consents.notice_version,
        language: "es",
      }),
    );
    const body = {
      condition_type_id: await typeId("Física"),
      description: "Fractura de tobillo; usa muletas seis semanas.",
      barriers: [{ context: "school", description: "Escaleras al laboratorio." }],
      adjustments: [adjustment("Clases en planta baja."), adjustment("Salir 5 minutos antes al recreo.")],
      review_date: "2026-12-15",
      internal_notes: "Confirmar el alta médica.",
    };
    // Someone else's upload cannot be claimed: the whole save is refused.
    const foreign = await upload(director, "otro.png");
    const refused = await post(orientador, `/api/students/${diego}/conditions`, { ...body, document_ids: [foreign] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe("SUPPORT_ATTACHMENT_UNAVAILABLE");
    expect((await ok(await get(orientador, `/api/students/${diego}/inclusion`))).conditions).toEqual([]);
    const document = await upload(orientador, "reporte.png");
    const record = await ok(
      await post(orientador, `/api/students/${diego}/conditions`, { ...body, document_ids: [document] }),
      201,
    );
    const [condition] = record.conditions;
    conditionId = condition.id;
    expect(condition).toMatchObject({
      type: { label: "Física" },
      barriers: [{ context: "school" }],
      documents: [{ id: document, file_name: "reporte.png", url: `/api/support-attachments/${document}` }],
    });
    expect(condition.adjustments).toHaveLength(2);
    expect((await get(familia, `/api/support-attachments/${document}`)).statusCode).toBe(200);
    expect((await get(director, `/api/support-attachments/${document}`)).statusCode).toBe(200);
    expect((await get(docente, `/api/support-attachments/${document}`)).statusCode).toBe(404);
    const marks = (await ok(await get(director, "/api/incidents/student-options?q=Diego%20Ram%C3%ADrez"))).students;
    expect(marks.find((s: { id: number }) => s.id === diego).has_adjustments).toBe(true);
  });

  it("keep an edited list's unchanged adjustments, switch off the rest, and end with active false", async () => {
    const before = (await ok(await get(orientador, `/api/students/${diego}/inclusion`))).conditions[0];
    const kept = before.adjustments[0];
    const edited = await ok(
      await patch(orientador, `/api/conditions/${conditionId}`, {
        adjustments: [
          { kind: kept.kind, description: kept.description, applied_by: kept.applied_by, since: kept.since },
          adjustment("Elevador autorizado.", "access"),
        ],
      }),
    );
    const after = edited.conditions[0];
    expect(after.adjustments[0].id).toBe(kept.id);
    expect(after.adjustments.map((a: { description: string }) => a.description)).toEqual([
      "Clases en planta baja.",
      "Elevador autorizado.",
    ]);
    const view = await ok(await get(director, `/api/students/${diego}/adjustments`));
    expect(view.adjustments.map((a: { description: string }) => a.description)).toEqual([
      "Clases en planta baja.",
      "Elevador autorizado.",
    ]);
    expect((await patch(familia, `/api/conditions/${conditionId}`, { active: false })).statusCode).toBe(403);
    expect((await patch(coordinador, `/api/conditions/${conditionId}`, { active: false })).statusCode).toBe(404);
    await ok(await patch(orientador, `/api/conditions/${conditionId}`, { active: false }));
    expect((await ok(await get(director, `/api/students/${diego}/adjustments`))).adjustments).toEqual([]);
    const marks = (await ok(await get(director, "/api/incidents/student-options?q=Diego%20Ram%C3%ADrez"))).students;
    expect(marks.find((s: { id: number }) => s.id === diego).has_adjustments).toBe(false);
  });
});

describe("conditioned enrollment", () => {
  let enrollmentId: number;

  it("opens one at a time", async () => {
    const body = { reasons: ["academic"], details: "Reprobó tres materias.", commitments: ["Asesorías los martes."] };
    expect((await post(docente, `/api/students/${sofia}/conditioned-enrollments`, body)).statusCode).toBe(404);
    expect((await post(familia, `/api/students/${sofia}/conditioned-enrollments`, body)).statusCode).toBe(403);
    const record = await ok(await post(orientador, `/api/students/${sofia}/conditioned-enrollments`, body), 201);
    enrollmentId = record.conditioned_enrollments[0].id;
    expect(record.conditioned_enrollments[0]).toMatchObject({
      reasons: ["academic"],
      outcome: null,
      acknowledgements: [],
    });
    const second = await post(orientador, `/api/students/${sofia}/conditioned-enrollments`, body);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("CONDITIONED_ENROLLMENT_OPEN");
  });

  it("is acknowledged by the mother from the app, and its author is told", async () => {
    const mine = await ok(await get(familia, `/api/students/${sofia}/inclusion`));
    expect(mine.conditioned_enrollments[0]).toMatchObject({ id: enrollmentId, can_acknowledge: true, details: null });
    const acked = await ok(
      await post(familia, `/api/conditioned-enrollments/${enrollmentId}/acknowledge`, { comment: "Enterados." }),
    );
    expect(acked.conditioned_enrollments[0]).toMatchObject({
      can_acknowledge: false,
      acknowledgements: [{ role: "family", by: { id: familia.userId }, comment: "Enterados." }],
    });
    const told = (await ok(await get(orientador, "/api/notifications"))).notifications.filter(
      (n: { type: string }) => n.type === "inclusion.letter.acknowledged",
    );
    expect(told).toHaveLength(1);
    expect(told[0].link).toBe(`/support?student=${sofia}&fileTab=inclusion`);
    expect(told[0].body).toContain("Gabriela");
    expect(told[0].body).not.toContain("Reprobó");
  });

  it("records the student's signature and the signed paper, then closes with an outcome", async () => {
    const paper = await upload(orientador, "carta-firmada.png");
    const signed = await ok(
      await patch(orientador, `/api/conditioned-enrollments/${enrollmentId}`, {
        signed_letter_id: paper,
        student_acknowledged: true,
        review_date: "2027-01-20",
      }),
    );
    const enrollment = signed.conditioned_enrollments[0];
    expect(enrollment.signed_letter).toMatchObject({ id: paper, url: `/api/support-attachments/${paper}` });
    expect(enrollment.acknowledgements.map((a: { role: string }) => a.role)).toEqual(["family", "student"]);
    expect(enrollment.review_date).toBe("2027-01-20");
    expect((await get(familia, `/api/support-attachments/${paper}`)).statusCode).toBe(200);
    expect((await get(docente, `/api/support-attachments/${paper}`)).statusCode).toBe(404);
    const closed = await ok(
      await patch(director, `/api/conditioned-enrollments/${enrollmentId}`, { outcome: "lifted" }),
    );
    expect(closed.conditioned_enrollments[0]).toMatchObject({ outcome: "lifted", closed_at: expect.any(String) });
    const again = await patch(orientador, `/api/conditioned-enrollments/${enrollmentId}`, { outcome: "continued" });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("CONDITIONED_ENROLLMENT_CLOSED");
    // Closed, the student may be conditioned again later.
    const next = await post(orientador, `/api/students/${sofia}/conditioned-enrollments`, {
      reasons: ["economic"],
      commitments: ["Convenio de pagos."],
    });
    expect(next.statusCode, next.body).toBe(201);
    const reopened = next.json().data.conditioned_enrollments[0];
    await ok(await patch(orientador, `/api/conditioned-enrollments/${reopened.id}`, { outcome: "not_reenrolled" }));
  });

  it("gives the re-enrollment screen each student's latest standing, without reasons", async () => {
    const standing = await conditionedOutcomes(t.db, COLEGIO_ID, [sofia, diego, classmate]);
    expect(standing.get(sofia)).toMatchObject({ outcome: "not_reenrolled", closedAt: expect.any(Date) });
    expect(standing.get(diego)).toMatchObject({ outcome: null, closedAt: null });
    expect(standing.has(classmate)).toBe(false);
    expect(Object.keys(standing.get(diego)!).sort()).toEqual(["closedAt", "enrollmentId", "outcome", "reviewDate"]);
  });
});
