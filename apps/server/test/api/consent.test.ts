import { CONSENT_CATEGORIES } from "@convive/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentState, requireConsent } from "../../src/modules/consent/index.ts";
import { render } from "../../src/plugins/errors.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

/**
 * Issue 25 §4: a family's express consent per category of sensitive data — granted and withdrawn by the family
 * from their child's file as records that keep the text shown and the notice version, read by staff who may open
 * the file, refused to anyone else — and `requireConsent`, which later modules call before storing such data.
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

type As = IncidentSchool["director"]["as"];
interface ConsentRecord {
  category: string;
  granted: boolean;
  by: { id: number; name: string };
  at: string;
  notice_version: number;
  language: string;
  text: string;
}
interface Consents {
  student_id: number;
  notice_version: number;
  can_change: boolean;
  categories: {
    category: string;
    label: string;
    granted: boolean;
    last: ConsentRecord | null;
    next_text: string | null;
  }[];
  history: ConsentRecord[];
}

const url = (studentId: number) => `/api/students/${studentId}/consents`;
const read = (as: As, studentId: number, lang = "es") =>
  as({ method: "GET", url: url(studentId), headers: { "accept-language": lang } });
const change = (as: As, studentId: number, body: object, lang = "es") =>
  as({ method: "POST", url: url(studentId), payload: body, headers: { "accept-language": lang } });

async function consents(as: As, studentId: number, lang = "es"): Promise<Consents> {
  const res = await read(as, studentId, lang);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data.consents;
}
const category = (c: Consents, key: string) => c.categories.find((x) => x.category === key)!;

async function acceptNotice(member: IncidentSchool["motherOfA1"]) {
  const res = await member.as({
    method: "POST",
    url: `/api/users/${member.user.id}`,
    payload: { privacy_notice_viewed: 1 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("a family's consent", () => {
  it("is granted, read and withdrawn by the family; the history keeps every record with its text and notice version", async () => {
    const mother = s.motherOfA1;
    const before = await consents(mother.as, s.a1.id, "en");
    expect(before.can_change).toBe(true);
    expect(before.categories.map((c) => [c.category, c.granted])).toEqual(CONSENT_CATEGORIES.map((c) => [c, false]));
    expect(before.history).toEqual([]);
    const shown = category(before, "health");
    expect(shown.label).toBe("Health");
    expect(shown.next_text).toContain("Ana Pérez Ruiz");
    expect(shown.next_text).toContain(`version ${before.notice_version}`);
    expect(shown.next_text).toMatch(/give my express consent/);

    // Granting waits for the school's privacy notice to be accepted.
    const early = await change(mother.as, s.a1.id, {
      category: "health",
      granted: true,
      notice_version: before.notice_version,
      language: "en",
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: "CONSENT_NOTICE_NOT_ACCEPTED" });
    await acceptNotice(mother);

    const granted = await change(
      mother.as,
      s.a1.id,
      { category: "health", granted: true, notice_version: before.notice_version, language: "en" },
      "en",
    );
    expect(granted.statusCode, granted.body).toBe(200);
    const after = granted.json().data.consents as Consents;
    expect(category(after, "health")).toMatchObject({ granted: true });
    expect(category(after, "health").last).toMatchObject({
      granted: true,
      by: { id: mother.user.id },
      notice_version: before.notice_version,
      language: "en",
      text: shown.next_text,
    });
    // Now the family is offered the withdrawal.
    expect(category(after, "health").next_text).toMatch(/I withdraw my express consent/);
    expect(category(after, "disability").granted).toBe(false);

    // Granting again changes nothing.
    await change(mother.as, s.a1.id, {
      category: "health",
      granted: true,
      notice_version: before.notice_version,
      language: "en",
    });
    expect((await consents(mother.as, s.a1.id)).history).toHaveLength(1);

    // Withdrawn in Spanish: a new record, the grant kept below it.
    const withdrawal = category(await consents(mother.as, s.a1.id, "es"), "health").next_text!;
    expect(withdrawal).toMatch(/retiro mi consentimiento expreso/);
    const withdrawn = await change(
      mother.as,
      s.a1.id,
      { category: "health", granted: false, notice_version: before.notice_version, language: "es" },
      "es",
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const last = withdrawn.json().data.consents as Consents;
    expect(category(last, "health").granted).toBe(false);
    expect(last.history.map((r) => [r.category, r.granted, r.language])).toEqual([
      ["health", false, "es"],
      ["health", true, "en"],
    ]);
    expect(last.history[0]!.text).toBe(withdrawal);
    expect(last.history[1]!.text).toBe(shown.next_text);
  });

  it("refuses a text of a notice version that is no longer the school's", async () => {
    const father = s.fatherOfB1;
    await acceptNotice(father);
    const { notice_version } = await consents(father.as, s.b1.id);
    const stale = await change(father.as, s.b1.id, {
      category: "disability",
      granted: true,
      notice_version: notice_version + 1,
      language: "es",
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "CONSENT_NOTICE_CHANGED" });
    expect(stale.json().message).toMatch(/aviso de privacidad/);
    expect((await consents(father.as, s.b1.id)).history).toEqual([]);
  });

  it("is out of reach of another family and another school; staff read it but cannot change it", async () => {
    const mother = s.motherOfA1;
    await acceptNotice(mother);
    const { notice_version } = await consents(mother.as, s.a1.id);
    await change(mother.as, s.a1.id, { category: "external_support", granted: true, notice_version, language: "es" });
    const body = { category: "external_support", granted: false, notice_version, language: "es" };

    // Another family (Beto's father) and another school's director: as if the student did not exist.
    expect((await read(s.fatherOfB1.as, s.a1.id)).statusCode).toBe(404);
    expect((await change(s.fatherOfB1.as, s.a1.id, body)).statusCode).toBe(404);
    expect((await read(other.director.as, s.a1.id)).statusCode).toBe(404);
    expect((await change(other.director.as, s.a1.id, body)).statusCode).toBe(404);
    expect((await change(other.motherOfA1.as, s.a1.id, body)).statusCode).toBe(404);
    // A teacher whose groups do not include Ana does not reach her file.
    expect((await read(s.otherTeacher.as, s.a1.id)).statusCode).toBe(404);

    // The director and Ana's head teacher read the state, with no text to confirm; neither may change it.
    for (const staff of [s.director, s.teacher]) {
      const seen = await consents(staff.as, s.a1.id);
      expect(seen.can_change).toBe(false);
      expect(category(seen, "external_support")).toMatchObject({ granted: true, next_text: null });
      expect(category(seen, "external_support").last?.by.id).toBe(mother.user.id);
      const refused = await change(staff.as, s.a1.id, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: "CONSENT_FAMILY_ONLY" });
    }
    expect(category(await consents(mother.as, s.a1.id), "external_support").granted).toBe(true);

    // The student's file shows the Consent section, counting the categories granted.
    const file = await s.director.as({ method: "GET", url: `/api/students/${s.a1.id}/file` });
    expect(file.json().data.file.sections).toContainEqual({ key: "consent", count: 1 });
  });
});

describe("requireConsent, for modules that store sensitive data", () => {
  it("refuses without the family's consent, with the category's translated message, and passes with it", async () => {
    const schoolId = s.school.id;
    const tryHealth = () => t.db.transaction((tx) => requireConsent(tx, schoolId, s.a2.id, "health"));
    await expect(tryHealth()).rejects.toMatchObject({ code: "CONSENT_MISSING_HEALTH", status: 409 });

    // The message a caller reads, in each language, names the category.
    expect(render("CONSENT_MISSING_HEALTH", "es")).toMatch(/datos de salud/);
    expect(render("CONSENT_MISSING_HEALTH", "en")).toMatch(/health data/);

    const parent = s.motherOfA1; // mother of Ana only: she cannot grant for Alan
    const { notice_version } = await consents(s.director.as, s.a2.id);
    expect(
      (await change(parent.as, s.a2.id, { category: "health", granted: true, notice_version, language: "es" }))
        .statusCode,
    ).toBe(404);
    await expect(tryHealth()).rejects.toMatchObject({ code: "CONSENT_MISSING_HEALTH" });

    // Ana's mother grants health for Ana: Ana passes for health, not for disability.
    await acceptNotice(parent);
    await change(parent.as, s.a1.id, { category: "health", granted: true, notice_version, language: "es" });
    await t.db.transaction((tx) => requireConsent(tx, schoolId, s.a1.id, "health"));
    await expect(t.db.transaction((tx) => requireConsent(tx, schoolId, s.a1.id, "disability"))).rejects.toMatchObject({
      code: "CONSENT_MISSING_DISABILITY",
    });
    expect(await consentState(t.db, schoolId, s.a1.id)).toMatchObject({ health: true, disability: false });
    // Another school's id for the same student reads as no consent.
    await expect(
      t.db.transaction((tx) => requireConsent(tx, other.school.id, s.a1.id, "health")),
    ).rejects.toMatchObject({ code: "CONSENT_MISSING_HEALTH" });
  });
});
