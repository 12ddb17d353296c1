import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  forms,
  formTemplates,
  formVersions,
  profilePermissions,
  profiles,
  referrals,
  subjects,
  teachingAssignments,
  trainerTypes,
} from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, client, createUser, login, uniq } from "../helpers/factories.ts";
import { insertIncident, schoolDay } from "../helpers/follow-up.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";

/**
 * Issue 31 §2: user reassignment. The Director hands a leaving teacher's work — the group she heads, the subjects
 * she teaches, her open formative actions, upcoming parent meetings, protocol steps, referrals and forms — to
 * other members: chosen by item, previewed, applied all or nothing, on each incident's timeline and in the history;
 * then she can be deactivated with nothing left over. Permission master-configuration-school-user-reassignment
 * (read to see and preview, create to apply); another school's people are 404.
 */
type As = IncidentSchool["director"]["as"];
type Res = Awaited<ReturnType<As>>;
type Kind = { kind: string; items: { id: string; title: string; detail: string | null; folio: number | null }[] };

let t: TestApp;
let s: IncidentSchool;
let other: IncidentSchool;
let readOnly: As;

const call = (as: As, method: "GET" | "POST" | "PATCH", url: string, payload?: object, lang = "es", key?: string) =>
  as({
    method,
    url,
    payload,
    headers: { "accept-language": lang, ...(key ? { "idempotency-key": key } : {}) },
  });
const data = async (res: Res, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
};
const workOf = async (userId: number, lang = "es", as: As = s.director.as) =>
  (await data(await call(as, "GET", `/api/user-reassignment/members/${userId}/work`, undefined, lang))) as {
    user: { id: number; name: string; is_active: boolean; open_work: number };
    kinds: Kind[];
  };
const kindOf = (kinds: Kind[], kind: string) => kinds.find((k) => k.kind === kind)!;
const idsOf = (kinds: Kind[], kind: string) => kindOf(kinds, kind).items.map((i) => i.id);
const preview = (body: object, lang = "es", as: As = s.director.as) =>
  call(as, "POST", "/api/user-reassignment/preview", body, lang);
const apply = (body: object, lang = "es", as: As = s.director.as, key = randomUUID()) =>
  call(as, "POST", "/api/user-reassignment", body, lang, key);
const timeline = async (incidentId: number) =>
  (await data(await call(s.director.as, "GET", `/api/incidents/${incidentId}`))).incident.timeline as {
    event: string;
    details: Record<string, unknown>;
  }[];

let spanish: { id: number } | undefined;
let incident: { id: number; folio: number };
let actionId: number;
let doneActionId: number;
let movingActionId: number;
let meetingId: number;
let sharedMeetingId: number;
let pastMeetingId: number;
let protocolIncident: number;
let stepId: number;
let referralId: number;
let formId: number;

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
  const schoolId = s.school.id;
  const tere = s.teacher.user.id;
  const otto = s.otherTeacher.user.id;

  // Tere teaches Español in her group A too; Otto already does (a subject both teach there merges).
  [spanish] = await t.db
    .insert(subjects)
    .values({ schoolId, name: "Español", code: uniq("ESP") })
    .returning();
  await t.db.insert(teachingAssignments).values([
    { schoolId, userId: tere, groupId: s.groupA.id, subjectId: spanish!.id },
    { schoolId, userId: otto, groupId: s.groupA.id, subjectId: spanish!.id },
  ]);

  // Formative actions she is responsible for: two open, one already completed (history, not work).
  incident = await insertIncident(t.db, s);
  const action = async (guideline: string) =>
    (
      await data(
        await call(s.director.as, "POST", `/api/incidents/${incident.id}/formative-actions`, {
          student_id: s.a1.id,
          guideline,
          responsible_id: tere,
          starts_on: schoolDay(0),
        }),
        201,
      )
    ).formative_action.id as number;
  actionId = await action("Diálogo reflexivo con el estudiante");
  movingActionId = await action("Carta compromiso firmada por la familia");
  doneActionId = await action("Reparar el daño causado");
  await data(
    await call(s.teacher.as, "POST", `/api/formative-actions/${doneActionId}/completions`, {
      occurrence_on: schoolDay(0),
    }),
  );

  // Parent meetings: one ahead with Tere, one ahead with both teachers, one already held.
  const meeting = async (attendees: number[], hours: number) =>
    (
      await data(
        await call(s.director.as, "POST", `/api/incidents/${incident.id}/meetings`, {
          scheduled_at: new Date(Date.now() + hours * 3_600_000).toISOString(),
          place: "Dirección",
          attendee_ids: [s.motherOfA1.user.id, ...attendees],
        }),
        201,
      )
    ).meeting.id as number;
  meetingId = await meeting([tere], 48);
  sharedMeetingId = await meeting([tere, otto], 72);
  pastMeetingId = await meeting([tere], 24);
  await data(await call(s.director.as, "PATCH", `/api/parent-meetings/${pastMeetingId}`, { status: "held" }));

  // A protocol step the Director gave her (the protocol starts with the Director responsible for every step).
  const protocol = await data(
    await call(s.director.as, "POST", "/api/protocols", {
      name_es: "Protocolo de prueba",
      name_en: "Test protocol",
      steps: [{ name_es: "Proteger al estudiante", name_en: "Protect the student", deadline_kind: "same_day" }],
    }),
    201,
  );
  await data(
    await call(s.director.as, "PATCH", `/api/incident-types/${s.type.id}`, { protocol_id: protocol.protocol.id }),
  );
  protocolIncident = (await data(await call(s.teacher.as, "POST", "/api/incidents", registration(s)), 201)).incident.id;
  const steps = (await data(await call(s.director.as, "GET", `/api/incidents/${protocolIncident}/protocol`))).protocol
    .steps as { id: number }[];
  stepId = steps[0]!.id;
  await data(
    await call(s.director.as, "POST", `/api/incidents/${protocolIncident}/protocol/steps/${stepId}/responsible`, {
      responsible_id: tere,
    }),
  );

  // A referral and a form she took on while her profile let her (written straight in: a Docente cannot today).
  const [psychologist] = await t.db.select().from(trainerTypes).where(eq(trainerTypes.schoolId, schoolId)).limit(1);
  [{ id: referralId }] = (await t.db
    .insert(referrals)
    .values({
      schoolId,
      studentId: s.b1.id,
      trainerTypeId: psychologist!.id,
      specialist: "Dra. Salas",
      reason: "Ansiedad en exámenes",
      startDate: schoolDay(-10),
      nextReviewDate: schoolDay(5),
      responsibleId: tere,
      createdBy: s.director.user.id,
    })
    .returning({ id: referrals.id })) as [{ id: number }];
  const definition = {
    name: "Autorización de salida",
    name_en: "Field trip permission",
    description: "",
    description_en: "",
    fields: [],
  };
  const [template] = await t.db
    .insert(formTemplates)
    .values({ schoolId, name: definition.name, nameEn: definition.name_en, createdBy: s.director.user.id })
    .returning();
  const [version] = await t.db
    .insert(formVersions)
    .values({ schoolId, templateId: template!.id, version: 1, definition })
    .returning();
  [{ id: formId }] = (await t.db
    .insert(forms)
    .values({
      schoolId,
      templateId: template!.id,
      versionId: version!.id,
      audience: { group_ids: [s.groupA.id], grade_ids: [], student_ids: [] },
      dueDate: schoolDay(7),
      sentBy: tere,
    })
    .returning({ id: forms.id })) as [{ id: number }];

  // Someone whose profile only reads user reassignment.
  const [profile] = await t.db
    .insert(profiles)
    .values({ schoolId, name: uniq("Consulta") })
    .returning();
  await t.db.insert(profilePermissions).values({
    schoolId,
    profileId: profile!.id,
    permission: "master-configuration-school-user-reassignment.read",
  });
  const reader = await createUser(t.db);
  await addMember(t.db, schoolId, reader.id, profile!.id);
  readOnly = client(t.app, await login(t.app, reader.email), schoolId);
});
afterAll(() => t.close());

describe("who may see and hand over work", () => {
  it("needs the area's read to see and preview, and its create to apply", async () => {
    const body = { from_user_id: s.teacher.user.id, to_user_id: s.otherTeacher.user.id, items: {} };
    for (const as of [s.teacher.as, s.coordinador.as]) {
      expect((await call(as, "GET", "/api/user-reassignment/members")).statusCode).toBe(403);
      expect((await preview(body, "es", as)).statusCode).toBe(403);
      expect((await apply(body, "es", as)).statusCode).toBe(403);
    }
    expect((await call(readOnly, "GET", "/api/user-reassignment/members")).statusCode).toBe(200);
    expect((await preview(body, "es", readOnly)).statusCode).toBe(200);
    const refused = await apply(body, "en", readOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("You do not have permission for this action.");
  });

  it("answers 404 for another school's people, both ways", async () => {
    const theirs = await call(other.director.as, "GET", `/api/user-reassignment/members/${s.teacher.user.id}/work`);
    expect(theirs.statusCode).toBe(404);
    const fromThere = await preview(
      { from_user_id: s.teacher.user.id, to_user_id: other.otherTeacher.user.id, items: {} },
      "es",
      other.director.as,
    );
    expect(fromThere.statusCode).toBe(404);
    const toThere = await preview({ from_user_id: s.teacher.user.id, to_user_id: other.teacher.user.id, items: {} });
    expect(toThere.statusCode).toBe(404);
    expect(toThere.json().message).toBe("No encontrado.");
    const members = (await data(await call(s.director.as, "GET", "/api/user-reassignment/members"))) as {
      id: number;
    }[];
    const ids = members.map((m) => m.id);
    expect(ids).toContain(s.teacher.user.id);
    expect(ids).not.toContain(other.teacher.user.id);
    // Families are not staff: they neither give nor receive work.
    expect(ids).not.toContain(s.motherOfA1.user.id);
  });
});

describe("a leaving teacher's work", () => {
  it("lists what she still holds, kind by kind, and leaves out what is done or past", async () => {
    const { user, kinds } = await workOf(s.teacher.user.id);
    expect(user).toMatchObject({ id: s.teacher.user.id, is_active: true, open_work: 10 });
    expect(kindOf(kinds, "head-teacher-groups").items.map((i) => i.title)).toEqual(["1° A Primaria"]);
    expect(
      kindOf(kinds, "teaching-assignments")
        .items.map((i) => i.title)
        .sort(),
    ).toEqual(["Español", "Matemáticas"]);
    const actions = kindOf(kinds, "formative-actions").items;
    expect(actions.map((a) => [a.title, a.detail, a.folio])).toEqual([
      ["Diálogo reflexivo con el estudiante", "Ana Pérez Ruiz", incident.folio],
      ["Carta compromiso firmada por la familia", "Ana Pérez Ruiz", incident.folio],
    ]);
    expect(idsOf(kinds, "formative-actions")).not.toContain(String(doneActionId));
    expect(idsOf(kinds, "parent-meetings")).toEqual([String(meetingId), String(sharedMeetingId)]);
    expect(kindOf(kinds, "protocol-steps").items.map((i) => i.title)).toEqual(["Proteger al estudiante"]);
    // The Director reads external support: the referral names its student.
    expect(kindOf(kinds, "referrals").items.map((i) => i.detail)).toEqual(["Beto Pérez Ruiz · Dra. Salas"]);
    expect(kindOf(kinds, "forms").items.map((i) => i.title)).toEqual(["Autorización de salida"]);

    const english = await workOf(s.teacher.user.id, "en");
    expect(kindOf(english.kinds, "protocol-steps").items.map((i) => i.title)).toEqual(["Protect the student"]);
    expect(kindOf(english.kinds, "forms").items.map((i) => i.title)).toEqual(["Field trip permission"]);
    // Someone who does not read external support sees the specialist, never the student.
    const confidential = await workOf(s.teacher.user.id, "es", readOnly);
    expect(kindOf(confidential.kinds, "referrals").items.map((i) => i.detail)).toEqual(["Dra. Salas"]);
  });

  it("warns before deactivating her: school-users counts her open work", async () => {
    const detail = (await data(await call(s.director.as, "GET", `/api/school-users/${s.teacher.user.id}`))).user;
    expect(detail.open_work).toEqual([
      { kind: "head-teacher-groups", count: 1 },
      { kind: "teaching-assignments", count: 2 },
      { kind: "formative-actions", count: 2 },
      { kind: "parent-meetings", count: 2 },
      { kind: "protocol-steps", count: 1 },
      { kind: "referrals", count: 1 },
      { kind: "forms", count: 1 },
    ]);
  });
});

describe("preview", () => {
  it("refuses the same person, a family member, and says why a kind cannot go as chosen", async () => {
    const tere = s.teacher.user.id;
    const same = await preview({ from_user_id: tere, to_user_id: tere, items: {} }, "en");
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({ to_user_id: "Choose another person to receive the work." });
    const family = await preview({ from_user_id: tere, to_user_id: s.motherOfA1.user.id, items: {} });
    expect(family.statusCode).toBe(422);
    expect(family.json().code).toBe("NOT_STAFF");

    const { kinds } = await workOf(tere);
    const res = await preview(
      {
        from_user_id: tere,
        to_user_id: s.otherTeacher.user.id,
        items: {
          "teaching-assignments": idsOf(kinds, "teaching-assignments"),
          referrals: idsOf(kinds, "referrals"),
          forms: idsOf(kinds, "forms"),
        },
      },
      "en",
    );
    const p = await data(res);
    expect(p.ready).toBe(false);
    const problems = Object.fromEntries(
      (p.kinds as { kind: string; problem: { message: string } | null }[]).map((k) => [k.kind, k.problem?.message]),
    );
    // Spec §5: she would still head 1° A without a subject in it.
    expect(problems["teaching-assignments"]).toBe(
      "They would still head 1° A without teaching any subject there: reassign the group too or leave at least one of its subjects.",
    );
    expect(problems.referrals).toBe(
      "The person responsible must be a school staff member with access to external support.",
    );
    expect(problems.forms).toBe("The person who receives the forms must have permission to manage forms to parents.");
    // Otto already teaches Español to 1° A: that one merges.
    const subjectsOut = p.kinds.find((k: { kind: string }) => k.kind === "teaching-assignments").items;
    expect(subjectsOut.map((i: { title: string; outcome: string }) => [i.title, i.outcome]).sort()).toEqual([
      ["Español", "merged"],
      ["Matemáticas", "moved"],
    ]);
  });
});

describe("apply", () => {
  const everything = async () => {
    const { kinds } = await workOf(s.teacher.user.id);
    return Object.fromEntries(kinds.map((k) => [k.kind, k.items.map((i) => i.id)]));
  };
  const history = async () => (await data(await call(s.director.as, "GET", "/api/user-reassignment/history"))).total;

  it("is all or nothing: one kind refused leaves every kind as it was", async () => {
    const before = await workOf(s.teacher.user.id);
    const timelineBefore = (await timeline(incident.id)).length;
    const res = await apply(
      { from_user_id: s.teacher.user.id, to_user_id: s.otherTeacher.user.id, items: await everything() },
      "es",
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe("SUPPORT_RESPONSIBLE_INVALID");
    expect(res.json().errors).toEqual({
      "items.referrals": "La persona responsable debe ser personal de la escuela con acceso a apoyo externo.",
    });
    expect(await workOf(s.teacher.user.id)).toEqual(before);
    // Otto keeps what he had: group B, Matemáticas in B, Español in A and the meeting both attend.
    expect((await workOf(s.otherTeacher.user.id)).user.open_work).toBe(4);
    expect((await timeline(incident.id)).length).toBe(timelineBefore);
    expect(await history()).toBe(0);
  });

  it("refuses work that changed since the preview, and changes nothing", async () => {
    const items = { "formative-actions": [String(actionId), String(movingActionId)] };
    const body = { from_user_id: s.teacher.user.id, to_user_id: s.otherTeacher.user.id, items };
    expect((await data(await preview(body))).ready).toBe(true);
    // Meanwhile the Director gives one of them to the coordinator.
    await data(
      await call(s.director.as, "PATCH", `/api/formative-actions/${movingActionId}`, {
        responsible_id: s.coordinador.user.id,
      }),
    );
    const res = await apply(body, "en");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "This person's work changed since the preview. Review the preview again; nothing was changed.",
    );
    expect(idsOf((await workOf(s.teacher.user.id)).kinds, "formative-actions")).toEqual([String(actionId)]);
    expect(await history()).toBe(0);
  });

  it("hands the group, subjects, follow-ups and steps to another teacher, on the timelines and in the history", async () => {
    const tere = s.teacher.user.id;
    const otto = s.otherTeacher.user.id;
    const { referrals: _r, forms: _f, ...teaching } = await everything();
    const body = { from_user_id: tere, to_user_id: otto, items: teaching };
    const key = randomUUID();
    const res = await apply(body, "es", s.director.as, key);
    const entry = await data(res, 201);
    expect(entry).toMatchObject({
      from: { id: tere, name: "Tere Prueba López" },
      to: { id: otto, name: "Otto Prueba López" },
      by: { id: s.director.user.id },
      counts: [
        { kind: "head-teacher-groups", count: 1 },
        { kind: "teaching-assignments", count: 2 },
        { kind: "formative-actions", count: 1 },
        { kind: "parent-meetings", count: 2 },
        { kind: "protocol-steps", count: 1 },
      ],
    });
    // A retry of the same submission answers the same and hands nothing twice.
    const again = await apply(body, "es", s.director.as, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().data).toEqual(entry);

    // What the school's screens now read.
    const groups = (await data(await call(s.director.as, "GET", "/api/groups"))).groups as {
      id: number;
      head_teacher: { id: number } | null;
    }[];
    expect(groups.find((g) => g.id === s.groupA.id)?.head_teacher?.id).toBe(otto);
    const assignments = (
      await data(await call(s.director.as, "GET", `/api/teaching-assignments?group_id=${s.groupA.id}`))
    ).teaching_assignments as { user_id: number; subject_id: number }[];
    expect(assignments.map((a) => [a.user_id, a.subject_id]).sort()).toEqual(
      [
        [otto, s.math.id],
        [otto, spanish!.id],
      ].sort(),
    );
    const details = (await data(await call(s.director.as, "GET", `/api/incidents/${incident.id}`))).incident as {
      formative_actions: { id: number; responsible: { id: number } }[];
      meetings: { id: number; attendees: { id: number }[] }[];
    };
    expect(details.formative_actions.find((a) => a.id === actionId)?.responsible.id).toBe(otto);
    const meetings = details.meetings;
    for (const id of [meetingId, sharedMeetingId]) {
      const staff = meetings.find((m) => m.id === id)!.attendees.map((a) => a.id);
      expect(staff).toContain(otto);
      expect(staff).not.toContain(tere);
      expect(staff.filter((a) => a === otto)).toHaveLength(1);
    }
    // The meeting already held keeps who attended.
    expect(meetings.find((m) => m.id === pastMeetingId)!.attendees.map((a) => a.id)).toContain(tere);
    const protocol = (await data(await call(s.director.as, "GET", `/api/incidents/${protocolIncident}/protocol`)))
      .protocol;
    expect(protocol.steps[0].responsible.id).toBe(otto);

    // Each incident's timeline says what changed and who has it now.
    const entries = await timeline(incident.id);
    const actionEntry = entries.find((e) => e.event === "action-updated" && e.details.action_id === actionId)!;
    expect(actionEntry.details).toMatchObject({ fields: ["responsible_id"], responsible: "Otto Prueba López" });
    expect(entries.filter((e) => e.event === "meeting-updated" && e.details.reassignment_id === entry.id)).toHaveLength(
      2,
    );
    const stepEntry = (await timeline(protocolIncident)).find(
      (e) => e.event === "protocol.step-reassigned" && e.details.reassignment_id === entry.id,
    );
    expect(stepEntry?.details).toMatchObject({ step_id: stepId, responsible: "Otto Prueba López" });

    const left = await workOf(tere);
    expect(left.user.open_work).toBe(2);
    expect(left.kinds.filter((k) => k.items.length > 0).map((k) => k.kind)).toEqual(["referrals", "forms"]);
  });

  it("hands the referral and the form to the Director, and then she can be deactivated with nothing orphaned", async () => {
    const tere = s.teacher.user.id;
    const items = { referrals: [String(referralId)], forms: [String(formId)] };
    await data(await apply({ from_user_id: tere, to_user_id: s.director.user.id, items }), 201);
    const [referral] = await t.db
      .select({ responsibleId: referrals.responsibleId })
      .from(referrals)
      .where(and(eq(referrals.schoolId, s.school.id), eq(referrals.id, referralId)));
    expect(referral?.responsibleId).toBe(s.director.user.id);
    const form = (await data(await call(s.director.as, "GET", `/api/forms/${formId}`))).form;
    expect(form.sent_by.id).toBe(s.director.user.id);

    const detail = (await data(await call(s.director.as, "GET", `/api/school-users/${tere}`))).user;
    expect(detail.open_work.every((w: { count: number }) => w.count === 0)).toBe(true);
    expect((await call(s.director.as, "POST", `/api/school-users/${tere}/deactivate`)).statusCode).toBe(200);
    const members = (await data(await call(s.director.as, "GET", "/api/user-reassignment/members"))) as {
      id: number;
      is_active: boolean;
      open_work: number;
    }[];
    expect(members.find((m) => m.id === tere)).toMatchObject({ is_active: false, open_work: 0 });

    const page = await data(await call(s.director.as, "GET", "/api/user-reassignment/history", undefined, "en"));
    expect(page.total).toBe(2);
    expect(page.entries.map((e: { to: { id: number } }) => e.to.id)).toEqual([
      s.director.user.id,
      s.otherTeacher.user.id,
    ]);
  });
});
