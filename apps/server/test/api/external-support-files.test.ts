import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { todayIn } from "@convive/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReviewSweep } from "../../src/modules/external-support/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, client, createUser, login } from "../helpers/factories.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

/**
 * Issue 28 §1: the files of a referral (the signed consent, a follow-up's report) are read by whoever reads the
 * referral — never a teacher, another school, or a family for an internal entry — and every download is logged; the
 * school's trainer types are its own, es/en; the review reminder reaches the responsible once per review date.
 */

let t: TestApp;
let uploads: string;
let s: IncidentSchool;
let other: IncidentSchool;
type Member = IncidentSchool["director"];
type As = Member["as"];
let counsellor: Member;
const today = () => todayIn("America/Mexico_City");
const shift = (days: number) =>
  new Date(Date.parse(`${today()}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const get = (as: As, url: string, lang = "es") => as({ method: "GET", url, headers: { "accept-language": lang } });
const post = (as: As, url: string, payload: object) => as({ method: "POST", url, payload });
const patch = (as: As, url: string, payload: object) => as({ method: "PATCH", url, payload });

const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\n"), Buffer.alloc(200, 0x20)]);
const upload = (as: As, name = "consentimiento-firmado.pdf") =>
  as({
    method: "POST",
    url: `/api/support-attachments?name=${name}`,
    headers: { "content-type": "application/pdf" },
    payload: pdf,
  });
type File = { id: number; url: string; file_name: string; mime_type: string; size: number };
async function uploaded(as: As, name?: string): Promise<File> {
  const res = await upload(as, name);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as File;
}

let psychologist: number;
const body = (overrides: Record<string, unknown> = {}) => ({
  trainer_type_id: psychologist,
  specialist: "Lic. Roberto Salas",
  reason: "Dificultad de articulación.",
  start_date: today(),
  next_review_date: today(),
  ...overrides,
});

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), "convive-support-"));
  t = await createTestApp({ UPLOADS_DIR: uploads });
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
  const user = await createUser(t.db, { firstName: "Olga" });
  await addMember(t.db, s.school.id, user.id, s.school.profileIds.orientador);
  counsellor = { user, as: client(t.app, await login(t.app, user.email), s.school.id) } as unknown as Member;
  const mother = s.motherOfA1;
  expect((await post(mother.as, `/api/users/${mother.user.id}`, { privacy_notice_viewed: 1 })).statusCode).toBe(200);
  const state = await get(mother.as, `/api/students/${s.a1.id}/consents`);
  const granted = await post(mother.as, `/api/students/${s.a1.id}/consents`, {
    category: "external_support",
    granted: true,
    notice_version: state.json().data.consents.notice_version,
    language: "es",
  });
  expect(granted.statusCode, granted.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

describe("trainer types", () => {
  it("starts every school with the six starter types in both languages, and keeps names unique", async () => {
    const es = await get(counsellor.as, "/api/trainer-types");
    expect(es.statusCode, es.body).toBe(200);
    const types = es.json().data as { id: number; name: string; label: string; active: boolean }[];
    expect(types.map((x) => x.label)).toEqual([
      "Psicólogo",
      "Terapeuta",
      "Neurólogo",
      "Tutor",
      "Terapeuta de lenguaje",
      "Psiquiatra",
    ]);
    psychologist = types[0]!.id;
    const en = await get(s.director.as, "/api/trainer-types", "en");
    expect(en.json().data.map((x: { label: string }) => x.label)).toContain("Speech therapist");
    const dup = await post(s.director.as, "/api/trainer-types", { name: "psicólogo", name_en: "Another" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe("SUPPORT_TYPE_DUPLICATE");
    const added = await post(s.director.as, "/api/trainer-types", { name: "Nutriólogo", name_en: "Nutritionist" });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ label: "Nutriólogo", active: true });
    const renamed = await patch(s.director.as, `/api/trainer-types/${added.json().data.id}`, {
      name: "Tutor",
      name_en: "Tutor 2",
    });
    expect(renamed.json().code).toBe("SUPPORT_TYPE_DUPLICATE");
    // Another school's type is none of this school's.
    expect(
      (await patch(other.director.as, `/api/trainer-types/${added.json().data.id}`, { name: "X", name_en: "X" }))
        .statusCode,
    ).toBe(404);
    expect((await post(s.teacher.as, "/api/trainer-types", { name: "X", name_en: "X" })).statusCode).toBe(403);
  });
});

describe("support files", () => {
  let referralId: number;
  let consent: File;

  it("are uploaded by those who write support records, and read by their uploader alone until a save claims them", async () => {
    consent = await uploaded(counsellor.as);
    expect(consent).toMatchObject({
      file_name: "consentimiento-firmado.pdf",
      mime_type: "application/pdf",
      url: `/api/support-attachments/${consent.id}`,
    });
    expect((await upload(s.teacher.as)).statusCode).toBe(403);
    expect((await upload(s.coordinador.as)).statusCode).toBe(403);
    expect((await upload(s.motherOfA1.as)).statusCode).toBe(403);
    const fake = await counsellor.as({
      method: "POST",
      url: "/api/support-attachments?name=x.pdf",
      headers: { "content-type": "application/pdf" },
      payload: Buffer.from("not a pdf at all"),
    });
    expect(fake.statusCode).toBe(415);
    expect((await get(counsellor.as, consent.url)).statusCode).toBe(200);
    expect((await get(s.director.as, consent.url)).statusCode).toBe(404);
    // Someone else's upload is not theirs to attach: nothing is stored.
    const stolen = await post(
      s.director.as,
      `/api/students/${s.a1.id}/referrals`,
      body({ consent_document_id: consent.id }),
    );
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().code).toBe("SUPPORT_ATTACHMENT_UNAVAILABLE");
    expect((await get(s.director.as, `/api/students/${s.a1.id}/referrals`)).json().data.referrals).toEqual([]);
  });

  it("go with the referral: its readers and the family download them, logged; a teacher or another school get 404", async () => {
    const res = await post(
      counsellor.as,
      `/api/students/${s.a1.id}/referrals`,
      body({ consent_document_id: consent.id }),
    );
    expect(res.statusCode, res.body).toBe(201);
    referralId = res.json().data.id;
    expect(res.json().data.consent).toEqual({ granted: true, document: consent });
    const again = await post(
      counsellor.as,
      `/api/students/${s.a1.id}/referrals`,
      body({ consent_document_id: consent.id }),
    );
    expect(again.json().code).toBe("SUPPORT_ATTACHMENT_UNAVAILABLE");

    const director = await get(s.director.as, consent.url);
    expect(director.statusCode).toBe(200);
    expect(director.headers["content-disposition"]).toContain("attachment");
    expect(director.headers["cache-control"]).toContain("no-store");
    expect(director.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await get(s.motherOfA1.as, consent.url)).statusCode).toBe(200);
    for (const outsider of [s.teacher, s.coordinador, s.fatherOfB1, other.director]) {
      expect((await get(outsider.as, consent.url)).statusCode).toBe(404);
    }
    const log = await get(s.director.as, `/api/students/${s.a1.id}/read-log?per_page=100`);
    const reads = (log.json().data.entries as { kind: string; record_id: string; user: { id: number } }[]).filter(
      (e) => e.kind === "support.attachment",
    );
    expect(reads.map((e) => e.user.id)).toEqual(expect.arrayContaining([s.director.user.id]));
    expect(reads.every((e) => e.record_id === String(consent.id))).toBe(true);
  });

  it("of an internal follow-up stay with staff; a replaced consent document is no longer shown", async () => {
    const report = await uploaded(counsellor.as, "informe.pdf");
    const note = await uploaded(counsellor.as, "nota-interna.pdf");
    const shared = await post(counsellor.as, `/api/referrals/${referralId}/follow-ups`, {
      body: "Informe de la especialista.",
      attachment_ids: [report.id],
    });
    expect(shared.statusCode, shared.body).toBe(201);
    expect(shared.json().data.attachments).toEqual([report]);
    const internal = await post(counsellor.as, `/api/referrals/${referralId}/follow-ups`, {
      body: "Nota del equipo.",
      internal: true,
      attachment_ids: [note.id],
    });
    expect(internal.statusCode, internal.body).toBe(201);
    expect((await get(s.motherOfA1.as, report.url)).statusCode).toBe(200);
    expect((await get(s.motherOfA1.as, note.url)).statusCode).toBe(404);
    expect((await get(s.director.as, note.url)).statusCode).toBe(200);
    const mine = await get(s.motherOfA1.as, `/api/referrals/${referralId}`);
    expect(mine.body).not.toContain("nota-interna");

    const signed = await uploaded(counsellor.as, "consentimiento-2.pdf");
    const replaced = await patch(counsellor.as, `/api/referrals/${referralId}`, { consent_document_id: signed.id });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.consent.document).toEqual(signed);
    expect((await get(s.director.as, consent.url)).statusCode).toBe(404);
    const removed = await patch(counsellor.as, `/api/referrals/${referralId}`, { consent_document_id: null });
    expect(removed.json().data.consent.document).toBeNull();
  });
});

describe("review reminders", () => {
  const reminders = async (as: As) => {
    const res = await get(as, "/api/notifications");
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.notifications as { type: string; title: string; link: string }[]).filter(
      (n) => n.type === "referral.review",
    );
  };

  it("reaches the responsible once per review date, on the school's calendar", async () => {
    const b1Consent = async () => {
      const father = s.fatherOfB1;
      expect((await post(father.as, `/api/users/${father.user.id}`, { privacy_notice_viewed: 1 })).statusCode).toBe(
        200,
      );
      const state = await get(father.as, `/api/students/${s.b1.id}/consents`);
      await post(father.as, `/api/students/${s.b1.id}/consents`, {
        category: "external_support",
        granted: true,
        notice_version: state.json().data.consents.notice_version,
        language: "es",
      });
    };
    await b1Consent();
    const later = await post(counsellor.as, `/api/students/${s.b1.id}/referrals`, body({ next_review_date: shift(5) }));
    expect(later.statusCode, later.body).toBe(201);
    const [referral] = (await get(counsellor.as, `/api/students/${s.a1.id}/referrals`)).json().data.referrals;
    expect(referral.review_due).toBe(true);

    const sweep = createReviewSweep({ db: t.db, notifications: t.app.ctx.notifications });
    await sweep();
    await sweep();
    const sent = await reminders(counsellor.as);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      title: "Revisión de apoyo externo: Ana Pérez Ruiz",
      link: `/support?referral=${referral.id}`,
    });
    // Nobody else hears of it, and a review days away reminds nobody yet.
    expect(await reminders(s.director.as)).toEqual([]);

    // A new review date (here: already reached) reminds again, once.
    expect(
      (await patch(counsellor.as, `/api/referrals/${referral.id}`, { next_review_date: shift(-1) })).statusCode,
    ).toBe(200);
    await sweep();
    await sweep();
    expect(await reminders(counsellor.as)).toHaveLength(2);
    // A closed referral is reviewed no more.
    await patch(counsellor.as, `/api/referrals/${referral.id}`, { next_review_date: shift(-2) });
    await patch(counsellor.as, `/api/referrals/${referral.id}`, { status: "closed", outcome: "Alta." });
    await sweep();
    expect(await reminders(counsellor.as)).toHaveLength(2);
  });
});
