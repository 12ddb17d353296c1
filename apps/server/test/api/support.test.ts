import { todayIn } from "@convive/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../src/db/schema/index.ts";
import { createReviewSweep } from "../../src/modules/external-support/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, client, createUser, login } from "../helpers/factories.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";

/**
 * Issue 28: external support and inclusion are confidential — the school's confidential readers (Orientador and
 * Director by default) and the student's own family read them; a teacher, a coordinator, another family and another
 * school get 404. Storing them needs the family's express consent; every read is logged; a teacher sees only the
 * adjustments, from a marker beside the student's name; the counsellor hears of a monitored student's incident.
 */

let t: TestApp;
let s: IncidentSchool;
let other: IncidentSchool;
type Member = IncidentSchool["director"];
let counsellor: Member;
// The school's calendar day (test schools keep the default zone): review dates are days of the school.
const today = () => todayIn("America/Mexico_City");

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
  const user = await createUser(t.db, { firstName: "Olga" });
  await addMember(t.db, s.school.id, user.id, s.school.profileIds.orientador);
  counsellor = { user, token: "", as: client(t.app, await login(t.app, user.email), s.school.id) } as unknown as Member;
  // The mother reads and accepts the privacy notice, then grants both consents for Ana (a1).
  const mother = s.motherOfA1;
  const accepted = await mother.as({
    method: "POST",
    url: `/api/users/${mother.user.id}`,
    payload: { privacy_notice_viewed: 1 },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
});
afterAll(() => t.close());

type As = Member["as"];
const get = (as: As, url: string, lang = "es") => as({ method: "GET", url, headers: { "accept-language": lang } });
const post = (as: As, url: string, payload: object) => as({ method: "POST", url, payload });
const patch = (as: As, url: string, payload: object) => as({ method: "PATCH", url, payload });

async function grant(category: "external_support" | "disability") {
  const state = await get(s.motherOfA1.as, `/api/students/${s.a1.id}/consents`);
  const version = state.json().data.consents.notice_version;
  const res = await post(s.motherOfA1.as, `/api/students/${s.a1.id}/consents`, {
    category,
    granted: true,
    notice_version: version,
    language: "es",
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function trainerTypeId(name: string) {
  const res = await get(counsellor.as, "/api/trainer-types");
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number; name: string }[]).find((x) => x.name === name)!.id;
}

const referralBody = async () => ({
  trainer_type_id: await trainerTypeId("Psicólogo"),
  specialist: "Psic. Mariana Lozano",
  institution: "Centro Andes",
  contact: "55 1234 5678",
  reason: "Ansiedad ante evaluaciones.",
  start_date: today(),
  next_review_date: today(),
  internal_notes: "La familia prefiere citas por la tarde.",
});

describe("external support", () => {
  let referralId: number;

  it("needs the family's consent: without it nothing is stored (409 CONSENT_MISSING_EXTERNAL_SUPPORT)", async () => {
    const res = await post(counsellor.as, `/api/students/${s.a1.id}/referrals`, await referralBody());
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe("CONSENT_MISSING_EXTERNAL_SUPPORT");
    const list = await get(counsellor.as, `/api/students/${s.a1.id}/referrals`);
    expect(list.json().data.referrals).toEqual([]);
    expect(list.json().data.consent_granted).toBe(false);
  });

  it("is opened by the counsellor once the mother consents, and read by the confidential readers only", async () => {
    await grant("external_support");
    const res = await post(counsellor.as, `/api/students/${s.a1.id}/referrals`, await referralBody());
    expect(res.statusCode, res.body).toBe(201);
    const referral = res.json().data;
    referralId = referral.id;
    expect(referral).toMatchObject({
      status: "requested",
      specialist: "Psic. Mariana Lozano",
      trainer_type: { label: "Psicólogo" },
      review_due: true,
      responsible: { id: counsellor.user.id },
      consent: { granted: true },
      internal_notes: "La familia prefiere citas por la tarde.",
      can_edit: true,
    });
    expect((await get(s.director.as, `/api/referrals/${referralId}`)).statusCode).toBe(200);
    // A teacher of Ana, the coordinator (no longer a reader by default), another family, another school: 404.
    for (const as of [s.teacher.as, s.coordinador.as, s.fatherOfB1.as, other.director.as]) {
      expect((await get(as, `/api/referrals/${referralId}`)).statusCode).toBe(404);
      expect((await get(as, `/api/students/${s.a1.id}/referrals`)).statusCode).toBe(404);
    }
    expect((await post(s.teacher.as, `/api/students/${s.a1.id}/referrals`, await referralBody())).statusCode).toBe(404);
  });

  it("shows the mother her child's referral without internal notes or internal entries", async () => {
    expect(
      (await post(counsellor.as, `/api/referrals/${referralId}/follow-ups`, { body: "Primera cita realizada." }))
        .statusCode,
    ).toBe(201);
    const internal = await post(counsellor.as, `/api/referrals/${referralId}/follow-ups`, {
      body: "Nota interna del equipo.",
      internal: true,
    });
    expect(internal.statusCode, internal.body).toBe(201);
    const mine = await get(s.motherOfA1.as, `/api/students/${s.a1.id}/referrals`, "en");
    expect(mine.statusCode, mine.body).toBe(200);
    const [shown] = mine.json().data.referrals;
    expect(shown.internal_notes).toBeNull();
    expect(shown.trainer_type.label).toBe("Psychologist");
    expect(shown.follow_ups.map((f: { body: string }) => f.body)).toEqual(["Primera cita realizada."]);
    expect(mine.body).not.toContain("Nota interna");
    expect(mine.body).not.toContain("citas por la tarde");
    expect(shown.can_edit).toBe(false);
    expect((await patch(s.motherOfA1.as, `/api/referrals/${referralId}`, { status: "in_progress" })).statusCode).toBe(
      403,
    );
  });

  it("closes only with an outcome, and a closed referral takes no more changes", async () => {
    const bare = await patch(counsellor.as, `/api/referrals/${referralId}`, { status: "closed" });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().code).toBe("REFERRAL_OUTCOME_REQUIRED");
    const progress = await patch(counsellor.as, `/api/referrals/${referralId}`, { status: "in_progress" });
    expect(progress.json().data.status).toBe("in_progress");
    // The school's list: open ones, the due review on top.
    const list = await get(counsellor.as, "/api/referrals?due=true");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items.map((r: { id: number }) => r.id)).toContain(referralId);
    expect((await get(s.teacher.as, "/api/referrals")).statusCode).toBe(403);
  });

  it("reminds the responsible once on the review date", async () => {
    const sweep = createReviewSweep({ db: t.db, notifications: t.app.ctx.notifications });
    await sweep();
    await sweep();
    const sent = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, counsellor.user.id), eq(notifications.type, "referral.review")));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.link).toBe(`/support?referral=${referralId}`);
    const closed = await patch(counsellor.as, `/api/referrals/${referralId}`, { status: "closed", outcome: "Alta." });
    expect(closed.json().data.status).toBe("closed");
    const again = await patch(counsellor.as, `/api/referrals/${referralId}`, { contact: "otro" });
    expect(again.json().code).toBe("REFERRAL_CLOSED");
  });

  it("gives the file's External support and Inclusion tabs to the confidential readers and the family, not the teacher", async () => {
    const keys = async (as: As) =>
      ((await get(as, `/api/students/${s.a1.id}/file`)).json().data.file.sections as { key: string }[]).map(
        (x) => x.key,
      );
    for (const as of [counsellor.as, s.director.as, s.motherOfA1.as]) {
      expect(await keys(as)).toEqual(expect.arrayContaining(["external-support", "inclusion"]));
    }
    expect(await keys(s.teacher.as)).not.toContain("external-support");
    expect(await keys(s.teacher.as)).not.toContain("inclusion");
  });

  it("logs the staff's reads in the student's read log", async () => {
    const log = await get(s.director.as, `/api/students/${s.a1.id}/read-log`);
    expect(log.statusCode, log.body).toBe(200);
    const kinds = (log.json().data.entries as { kind: string; reader: { id: number } }[]).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(["support.referral", "support.referrals", "support.list"]));
  });
});

describe("inclusion", () => {
  const condition = {
    description: "Baja visión (miopía alta).",
    barriers: [{ context: "classroom", description: "Lectura del pizarrón desde atrás." }],
    adjustments: [
      {
        kind: "access",
        description: "Sentarla en la primera fila.",
        applied_by: "Todos los docentes",
        since: "2026-09-01",
      },
      {
        kind: "assessment",
        description: "Tiempo adicional en exámenes.",
        applied_by: "Docente titular",
        since: "2026-09-01",
      },
    ],
    usaer_support: true,
    internal_notes: "Revisar el reporte oftalmológico.",
  };
  const visualId = async () =>
    ((await get(counsellor.as, "/api/condition-types")).json().data as { id: number; name: string }[]).find(
      (x) => x.name === "Visual",
    )!.id;

  it("records a condition only with the family's disability consent", async () => {
    const body = { ...condition, condition_type_id: await visualId() };
    const refused = await post(counsellor.as, `/api/students/${s.a1.id}/conditions`, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("CONSENT_MISSING_DISABILITY");
    await grant("disability");
    const res = await post(counsellor.as, `/api/students/${s.a1.id}/conditions`, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.conditions[0]).toMatchObject({
      type: { label: "Visual" },
      description: "Baja visión (miopía alta).",
    });
  });

  it("shows the teacher the adjustments only — never the condition — and marks the student in her lists", async () => {
    const adj = await get(s.teacher.as, `/api/students/${s.a1.id}/adjustments`);
    expect(adj.statusCode, adj.body).toBe(200);
    expect(adj.json().data.adjustments.map((a: { description: string }) => a.description)).toEqual([
      "Sentarla en la primera fila.",
      "Tiempo adicional en exámenes.",
    ]);
    expect(adj.body).not.toMatch(/Baja visión|Visual|pizarrón|oftalmológico/);
    expect((await get(s.teacher.as, `/api/students/${s.a1.id}/inclusion`)).statusCode).toBe(404);
    expect((await get(s.motherOfA1.as, `/api/students/${s.a1.id}/adjustments`)).statusCode).toBe(404);
    expect((await get(other.director.as, `/api/students/${s.a1.id}/adjustments`)).statusCode).toBe(404);
    const options = await get(s.teacher.as, `/api/incidents/student-options?group_id=${s.groupA.id}`);
    expect(options.statusCode, options.body).toBe(200);
    const marks = Object.fromEntries(
      (options.json().data.students as { id: number; has_adjustments: boolean }[]).map((o) => [
        o.id,
        o.has_adjustments,
      ]),
    );
    expect(marks).toEqual({ [s.a1.id]: true, [s.a2.id]: false });
  });

  it("tells the counsellor when a monitored student gets an incident, without naming the condition", async () => {
    const res = await post(s.teacher.as, "/api/incidents", registration(s));
    expect(res.statusCode, res.body).toBe(201);
    await t.app.ctx.background.drain();
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, counsellor.user.id), eq(notifications.type, "inclusion.incident")));
    expect(told).toHaveLength(1);
    const list = await get(counsellor.as, "/api/notifications");
    expect(list.body).toContain("en seguimiento de inclusión");
    expect(list.body).not.toContain("Visual");
  });

  it("lets the mother acknowledge the carta compromiso once; staff cannot acknowledge for her", async () => {
    const created = await post(counsellor.as, `/api/students/${s.a1.id}/conditioned-enrollments`, {
      reasons: ["disciplinary"],
      details: "Tres incidencias graves.",
      commitments: ["Asistir puntualmente.", "Respetar a sus compañeros."],
    });
    expect(created.statusCode, created.body).toBe(201);
    const enrollment = created.json().data.conditioned_enrollments[0];
    const second = await post(counsellor.as, `/api/students/${s.a1.id}/conditioned-enrollments`, {
      reasons: ["academic"],
      commitments: ["Otra."],
    });
    expect(second.json().code).toBe("CONDITIONED_ENROLLMENT_OPEN");
    const mine = await get(s.motherOfA1.as, `/api/students/${s.a1.id}/inclusion`);
    const shown = mine.json().data.conditioned_enrollments[0];
    expect(shown).toMatchObject({
      details: null,
      can_acknowledge: true,
      commitments: ["Asistir puntualmente.", "Respetar a sus compañeros."],
    });
    expect(mine.json().data.conditions[0].internal_notes).toBeNull();
    const url = `/api/conditioned-enrollments/${enrollment.id}/acknowledge`;
    expect((await post(counsellor.as, url, {})).json().code).toBe("LETTER_FAMILY_ONLY");
    const ack = await post(s.motherOfA1.as, url, { comment: "De acuerdo." });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json().data.conditioned_enrollments[0].acknowledgements).toMatchObject([
      { role: "family", comment: "De acuerdo." },
    ]);
    expect((await post(s.motherOfA1.as, url, {})).json().code).toBe("LETTER_ALREADY_ACKNOWLEDGED");
    const pdf = await get(s.motherOfA1.as, `/api/conditioned-enrollments/${enrollment.id}/letter.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect((await get(s.teacher.as, `/api/conditioned-enrollments/${enrollment.id}/letter.pdf`)).statusCode).toBe(404);
    // The counsellor prints it for the student to sign: a staff read, logged.
    expect((await get(counsellor.as, `/api/conditioned-enrollments/${enrollment.id}/letter.pdf`)).statusCode).toBe(200);
  });

  it("lists the monitored students for the counsellor, and logs it", async () => {
    const res = await get(counsellor.as, "/api/inclusion/monitored");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items).toMatchObject([
      { student: { id: s.a1.id }, conditions: ["Visual"], adjustments: 2, conditioned: true },
    ]);
    expect((await get(counsellor.as, `/api/students/${s.a1.id}/inclusion`)).statusCode).toBe(200);
    const log = await get(s.director.as, `/api/students/${s.a1.id}/read-log`);
    const kinds = (log.json().data.entries as { kind: string }[]).map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(["inclusion.record", "inclusion.adjustments", "inclusion.letter", "inclusion.list"]),
    );
  });
});
