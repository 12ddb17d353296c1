import { PROFILE_TEMPLATES, todayIn } from "@convive/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profilePermissions, profiles, teachingAssignments } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, client, createUser, login } from "../helpers/factories.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";

/**
 * Issue 28 §1, §4: a referral to external support is read by the school's confidential readers (Orientador and
 * Director by default) in their scope and by the student's own family without internal notes; a teacher, the
 * coordinator, another family and another school get 404. It needs the family's consent, closes with an outcome,
 * and every read lands in the student's read log.
 */

let t: TestApp;
let s: IncidentSchool;
let other: IncidentSchool;
type Member = IncidentSchool["director"];
type As = Member["as"];
let counsellor: Member;
/** A teacher of group B whom the school made a confidential reader (external-support.read only): scope of a teacher. */
let readerOfB: Member;
const today = () => todayIn("America/Mexico_City");
const shift = (days: number) =>
  new Date(Date.parse(`${today()}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const get = (as: As, url: string, lang = "es") => as({ method: "GET", url, headers: { "accept-language": lang } });
const post = (as: As, url: string, payload: object) => as({ method: "POST", url, payload });
const patch = (as: As, url: string, payload: object) => as({ method: "PATCH", url, payload });

async function member(profileId: number, firstName: string): Promise<Member> {
  const user = await createUser(t.db, { firstName });
  await addMember(t.db, s.school.id, user.id, profileId);
  const token = await login(t.app, user.email);
  return { user, token, as: client(t.app, token, s.school.id) } as unknown as Member;
}

/** The family grants the `external_support` consent for the student, as the consent screen does. */
async function grant(parent: Member, studentId: number) {
  const state = await get(parent.as, `/api/students/${studentId}/consents`);
  expect(state.statusCode, state.body).toBe(200);
  const res = await post(parent.as, `/api/students/${studentId}/consents`, {
    category: "external_support",
    granted: true,
    notice_version: state.json().data.consents.notice_version,
    language: "es",
  });
  expect(res.statusCode, res.body).toBe(200);
}

let psychologist: number;
const body = (overrides: Record<string, unknown> = {}) => ({
  trainer_type_id: psychologist,
  specialist: "Psic. Mariana Lozano",
  institution: "Centro Andes",
  contact: "55 1234 5678",
  reason: "Ansiedad ante evaluaciones.",
  start_date: today(),
  next_review_date: shift(3),
  internal_notes: "La familia prefiere citas por la tarde.",
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
  counsellor = await member(s.school.profileIds.orientador, "Olga");
  const docente = PROFILE_TEMPLATES.find((p) => p.key === "docente")!;
  const [custom] = await t.db
    .insert(profiles)
    .values({ schoolId: s.school.id, name: "Docente lector de apoyo" })
    .returning();
  await t.db.insert(profilePermissions).values(
    [...docente.modules, ...docente.permissions, "external-support.read"].map((permission) => ({
      schoolId: s.school.id,
      profileId: custom!.id,
      permission,
    })),
  );
  readerOfB = await member(custom!.id, "Rita");
  await t.db
    .insert(teachingAssignments)
    .values({ schoolId: s.school.id, userId: readerOfB.user.id, groupId: s.groupB.id, subjectId: s.math.id });
  for (const parent of [s.motherOfA1, s.fatherOfB1]) {
    const accepted = await post(parent.as, `/api/users/${parent.user.id}`, { privacy_notice_viewed: 1 });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
  const types = await get(counsellor.as, "/api/trainer-types");
  psychologist = (types.json().data as { id: number; name: string }[]).find((x) => x.name === "Psicólogo")!.id;
});
afterAll(() => t.close());

describe("opening a referral", () => {
  it("needs the family's consent: without it nothing is stored (409 CONSENT_MISSING_EXTERNAL_SUPPORT)", async () => {
    const res = await post(counsellor.as, `/api/students/${s.a1.id}/referrals`, body());
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe("CONSENT_MISSING_EXTERNAL_SUPPORT");
    const list = await get(counsellor.as, `/api/students/${s.a1.id}/referrals`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ referrals: [], consent_granted: false, can_create: true });
  });

  it("checks the trainer type, the responsible and the incident it comes from", async () => {
    await grant(s.motherOfA1, s.a1.id);
    await grant(s.fatherOfB1, s.b1.id);
    const url = `/api/students/${s.a1.id}/referrals`;
    const teacherAsResponsible = await post(counsellor.as, url, body({ responsible_id: s.teacher.user.id }));
    expect(teacherAsResponsible.statusCode).toBe(422);
    expect(teacherAsResponsible.json().code).toBe("SUPPORT_RESPONSIBLE_INVALID");
    const created = await post(counsellor.as, "/api/trainer-types", { name: "Pediatra", name_en: "Paediatrician" });
    expect(created.statusCode, created.body).toBe(201);
    const off = await patch(counsellor.as, `/api/trainer-types/${created.json().data.id}`, {
      name: "Pediatra",
      name_en: "Paediatrician",
      active: false,
    });
    expect(off.json().data.active).toBe(false);
    const inactive = await post(counsellor.as, url, body({ trainer_type_id: created.json().data.id }));
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().code).toBe("SUPPORT_TYPE_INACTIVE");
    // An incident of another student is no incident of this one.
    const incident = await post(
      s.teacher.as,
      "/api/incidents",
      registration(s, { students: [{ student_id: s.b1.id, role: "involved" }], group_id: s.groupB.id }),
    );
    expect(incident.statusCode, incident.body).toBe(201);
    const elsewhere = await post(counsellor.as, url, body({ incident_id: incident.json().data.incident.id }));
    expect(elsewhere.statusCode).toBe(404);
    expect((await get(counsellor.as, url)).json().data.referrals).toEqual([]);
  });

  it("from an incident, leaves an entry on its timeline that only the confidential readers see", async () => {
    const res = await post(s.teacher.as, "/api/incidents", registration(s));
    expect(res.statusCode, res.body).toBe(201);
    const incidentId = res.json().data.incident.id as number;
    const referral = await post(counsellor.as, `/api/students/${s.a1.id}/referrals`, body({ incident_id: incidentId }));
    expect(referral.statusCode, referral.body).toBe(201);
    expect(referral.json().data).toMatchObject({
      status: "requested",
      incident_id: incidentId,
      trainer_type: { label: "Psicólogo" },
      responsible: { id: counsellor.user.id },
      consent: { granted: true, document: null },
      internal_notes: "La familia prefiere citas por la tarde.",
      review_due: false,
      can_edit: true,
    });
    const timeline = async (as: As) =>
      (
        (await get(as, `/api/incidents/${incidentId}`)).json().data.incident.timeline as {
          event: string;
          details: object;
        }[]
      ).filter((e) => e.event === "referral.created");
    const details = await get(s.director.as, `/api/incidents/${incidentId}`);
    expect(details.statusCode, details.body).toBe(200);
    const [entry] = await timeline(s.director.as);
    expect(entry?.details).toEqual({ referral_id: referral.json().data.id, student_id: s.a1.id });
    expect(JSON.stringify(entry)).not.toContain("Ansiedad");
    // The teacher who registered the incident, and the coordinator, never learn of it.
    expect(await timeline(s.teacher.as)).toEqual([]);
    expect(await timeline(s.coordinador.as)).toEqual([]);
  });
});

describe("who reads", () => {
  let a1Referral: number;
  let b1Referral: number;

  beforeAll(async () => {
    const list = await get(counsellor.as, `/api/students/${s.a1.id}/referrals`);
    a1Referral = list.json().data.referrals[0].id;
    const b = await post(s.director.as, `/api/students/${s.b1.id}/referrals`, body({ next_review_date: null }));
    expect(b.statusCode, b.body).toBe(201);
    b1Referral = b.json().data.id;
  });

  it("lets the counsellor and the director in; a teacher, the coordinator, another family and school get 404", async () => {
    for (const as of [counsellor.as, s.director.as]) {
      expect((await get(as, `/api/referrals/${a1Referral}`)).statusCode).toBe(200);
      expect((await get(as, `/api/students/${s.a1.id}/referrals`)).statusCode).toBe(200);
    }
    for (const as of [s.teacher.as, s.coordinador.as, s.fatherOfB1.as, other.director.as]) {
      expect((await get(as, `/api/referrals/${a1Referral}`)).statusCode).toBe(404);
      expect((await get(as, `/api/students/${s.a1.id}/referrals`)).statusCode).toBe(404);
      expect((await patch(as, `/api/referrals/${a1Referral}`, { contact: "x" })).statusCode).toBe(404);
      expect((await post(as, `/api/referrals/${a1Referral}/follow-ups`, { body: "x" })).statusCode).toBe(404);
    }
    // Another school's director names this school's ids: nothing there either.
    expect((await post(other.director.as, `/api/students/${s.a1.id}/referrals`, body())).statusCode).toBe(404);
    expect((await post(s.teacher.as, `/api/students/${s.a1.id}/referrals`, body())).statusCode).toBe(404);
    // The school's list is for the confidential readers only.
    for (const as of [s.teacher.as, s.coordinador.as, s.motherOfA1.as]) {
      expect((await get(as, "/api/referrals")).statusCode).toBe(403);
      expect((await get(as, "/api/trainer-types")).statusCode).toBe(403);
    }
  });

  it("keeps a reader the school made to its scope, and a reader without write permissions out of writing", async () => {
    expect((await get(readerOfB.as, `/api/referrals/${b1Referral}`)).statusCode).toBe(200);
    expect((await get(readerOfB.as, `/api/referrals/${a1Referral}`)).statusCode).toBe(404);
    const list = await get(readerOfB.as, "/api/referrals?status=all");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items.map((r: { id: number }) => r.id)).toEqual([b1Referral]);
    const mine = await get(readerOfB.as, `/api/students/${s.b1.id}/referrals`);
    expect(mine.json().data).toMatchObject({ can_create: false });
    expect(mine.json().data.referrals[0].can_edit).toBe(false);
    expect((await patch(readerOfB.as, `/api/referrals/${b1Referral}`, { contact: "x" })).statusCode).toBe(403);
    expect((await post(readerOfB.as, `/api/referrals/${b1Referral}/follow-ups`, { body: "x" })).statusCode).toBe(403);
    expect((await post(readerOfB.as, `/api/students/${s.b1.id}/referrals`, body())).statusCode).toBe(403);
  });

  it("shows the family their child's referral without internal notes or internal entries", async () => {
    expect(
      (await post(counsellor.as, `/api/referrals/${a1Referral}/follow-ups`, { body: "Primera cita." })).statusCode,
    ).toBe(201);
    const internal = await post(counsellor.as, `/api/referrals/${a1Referral}/follow-ups`, {
      body: "Nota interna del equipo.",
      internal: true,
    });
    expect(internal.statusCode, internal.body).toBe(201);
    expect(internal.json().data).toMatchObject({ internal: true, author: { id: counsellor.user.id }, attachments: [] });
    const staff = await get(counsellor.as, `/api/referrals/${a1Referral}`);
    expect(staff.json().data.follow_ups.map((f: { body: string }) => f.body)).toEqual([
      "Primera cita.",
      "Nota interna del equipo.",
    ]);

    const mine = await get(s.motherOfA1.as, `/api/students/${s.a1.id}/referrals`, "en");
    expect(mine.statusCode, mine.body).toBe(200);
    const [shown] = mine.json().data.referrals;
    expect(shown).toMatchObject({ internal_notes: null, can_edit: false, trainer_type: { label: "Psychologist" } });
    expect(shown.follow_ups.map((f: { body: string }) => f.body)).toEqual(["Primera cita."]);
    expect(mine.body).not.toContain("Nota interna");
    expect(mine.body).not.toContain("citas por la tarde");
    expect(mine.json().data.can_create).toBe(false);
    const one = await get(s.motherOfA1.as, `/api/referrals/${a1Referral}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain("Nota interna");
    expect((await patch(s.motherOfA1.as, `/api/referrals/${a1Referral}`, { contact: "x" })).statusCode).toBe(403);
    expect((await post(s.motherOfA1.as, `/api/referrals/${a1Referral}/follow-ups`, { body: "x" })).statusCode).toBe(
      403,
    );
    expect((await post(s.motherOfA1.as, `/api/students/${s.a1.id}/referrals`, body())).statusCode).toBe(403);
  });

  it("counts the referrals in the student's file for readers and the family, and shows no section to others", async () => {
    const section = async (as: As) => {
      const res = await get(as, `/api/students/${s.a1.id}/file`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.file.sections as { key: string; count: number }[]).find(
        (x) => x.key === "external-support",
      );
    };
    expect((await section(counsellor.as))?.count).toBe(1);
    expect((await section(s.director.as))?.count).toBe(1);
    expect((await section(s.motherOfA1.as))?.count).toBe(1);
    expect(await section(s.teacher.as)).toBeUndefined();
  });

  it("logs every read in the student's read log", async () => {
    await get(s.director.as, "/api/referrals");
    const log = await get(s.director.as, `/api/students/${s.a1.id}/read-log?per_page=100`);
    expect(log.statusCode, log.body).toBe(200);
    const entries = log.json().data.entries as { kind: string; user: { id: number }; record_id: string }[];
    const kinds = (userId: number) => entries.filter((e) => e.user.id === userId).map((e) => e.kind);
    expect(kinds(counsellor.user.id)).toEqual(expect.arrayContaining(["support.referrals", "support.referral"]));
    expect(kinds(s.director.user.id)).toEqual(expect.arrayContaining(["support.referral", "support.list"]));
    expect(entries.find((e) => e.kind === "support.referral")?.record_id).toBe(String(a1Referral));
  });
});

describe("status and the school's list", () => {
  it("closes only with an outcome, and a closed referral is never changed nor reopened", async () => {
    const created = await post(counsellor.as, `/api/students/${s.a2.id}/referrals`, body());
    // Alan's family has not consented.
    expect(created.json().code).toBe("CONSENT_MISSING_EXTERNAL_SUPPORT");
    const [referral] = (await get(counsellor.as, `/api/students/${s.a1.id}/referrals`)).json().data.referrals;
    const bare = await patch(counsellor.as, `/api/referrals/${referral.id}`, { status: "closed" });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().code).toBe("REFERRAL_OUTCOME_REQUIRED");
    const blank = await patch(counsellor.as, `/api/referrals/${referral.id}`, { status: "closed", outcome: "   " });
    expect(blank.json().code).toBe("REFERRAL_OUTCOME_REQUIRED");
    const progress = await patch(counsellor.as, `/api/referrals/${referral.id}`, { status: "in_progress" });
    expect(progress.json().data.status).toBe("in_progress");
    const closed = await patch(counsellor.as, `/api/referrals/${referral.id}`, {
      status: "closed",
      outcome: "Alta por la especialista.",
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      status: "closed",
      outcome: "Alta por la especialista.",
      can_edit: false,
    });
    for (const change of [{ status: "in_progress" }, { contact: "otro" }, { status: "requested" }]) {
      const again = await patch(counsellor.as, `/api/referrals/${referral.id}`, change);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe("REFERRAL_CLOSED");
    }
    const late = await post(counsellor.as, `/api/referrals/${referral.id}/follow-ups`, { body: "Tarde." });
    expect(late.json().code).toBe("REFERRAL_CLOSED");
  });

  it("lists open referrals by next review, due ones on request, in the reader's language", async () => {
    const due = await post(counsellor.as, `/api/students/${s.b1.id}/referrals`, body({ next_review_date: shift(-1) }));
    expect(due.statusCode, due.body).toBe(201);
    expect(due.json().data.review_due).toBe(true);
    const page = async (query: string, lang = "es") => {
      const res = await get(counsellor.as, `/api/referrals?${query}`, lang);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        items: { id: number; review_due: boolean; student: { id: number } }[];
        total: number;
      };
    };
    const open = await page("");
    // Beto's due one first, then his without a review date; Ana's closed one is not open.
    expect(open.items.map((r) => r.id)).toEqual([due.json().data.id, expect.any(Number)]);
    expect(open.items.every((r) => r.student.id === s.b1.id)).toBe(true);
    expect((await page("due=true")).items.map((r) => r.id)).toEqual([due.json().data.id]);
    expect((await page("status=closed")).items.map((r) => r.student.id)).toEqual([s.a1.id]);
    expect((await page("status=all")).total).toBe(3);
    expect((await page(`status=all&group_id=${s.groupA.id}`)).items.map((r) => r.student.id)).toEqual([s.a1.id]);
    expect((await page("status=all&q=beto")).total).toBe(2);
    const en = await get(counsellor.as, "/api/referrals?due=true", "en");
    expect(en.json().data.items[0]).toMatchObject({
      trainer_type: { label: "Psychologist" },
      student: { name: "Beto Pérez Ruiz", group: "Primaria 1° B" },
    });
  });
});
