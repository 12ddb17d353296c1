import { PROFILE_TEMPLATES, todayIn } from "@convive/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  familyLinks,
  familyMembers,
  forms,
  notifications,
  profilePermissions,
  profiles,
} from "../../src/db/schema/index.ts";
import { createReminderSweep } from "../../src/modules/forms/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, client, createUser, login } from "../helpers/factories.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

/**
 * Issue 29 §1, §2: the form configurator (versions) and forms to parents — permissions, data scope, cross-school
 * 404, one answer per student by either family member, drafts and changes until the due date, closed forms
 * read-only, and the job runner's reminders once per occurrence.
 */

let t: TestApp;
let s: IncidentSchool;
let other: IncidentSchool;
type Member = IncidentSchool["director"];
type As = Member["as"];
let fatherOfA1: Member;
/** A teacher of group A whom the school lets send forms (forms-parents read/create/update): a teacher's scope. */
let formTeacher: Member;
const today = () => todayIn("America/Mexico_City");
const shift = (days: number) =>
  new Date(Date.parse(`${today()}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const get = (as: As, url: string, lang = "es") => as({ method: "GET", url, headers: { "accept-language": lang } });
const post = (as: As, url: string, payload: object = {}) => as({ method: "POST", url, payload });
const patch = (as: As, url: string, payload: object) => as({ method: "PATCH", url, payload });
const put = (as: As, url: string, payload: object) => as({ method: "PUT", url, payload });

const slip = {
  name: "Permiso de excursión",
  name_en: "Field trip permission",
  description: "Visita al museo.",
  fields: [
    { key: "asiste", type: "yes_no", label: "¿Asistirá?", label_en: "Will they attend?", required: true },
    {
      key: "motivo",
      type: "long_text",
      label: "¿Por qué no?",
      label_en: "Why not?",
      required: true,
      condition: { field: "asiste", equals: "no" },
    },
    {
      key: "comida",
      type: "single_choice",
      label: "Comida",
      label_en: "Lunch",
      options: [
        { value: "casa", label: "De casa", label_en: "From home" },
        { value: "escuela", label: "De la escuela", label_en: "From school" },
      ],
    },
    {
      key: "firma",
      type: "acknowledgement",
      label: "He leído y acepto",
      label_en: "I have read and accept",
      required: true,
    },
  ],
};
const sign = { accepted: true, signer: "Laura Pérez" };
let templateId: number;

async function sendTo(as: As, audience: object, due = shift(7)) {
  return post(as, "/api/forms", { template_id: templateId, due_date: due, audience });
}

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
  // A second family member of Ana (a1): either answers; the other sees who did.
  const father = await createUser(t.db, { firstName: "Pablo" });
  await addMember(t.db, s.school.id, father.id, s.school.profileIds.familiar);
  await t.db.insert(familyMembers).values({ schoolId: s.school.id, userId: father.id });
  await t.db
    .insert(familyLinks)
    .values({ schoolId: s.school.id, studentId: s.a1.id, userId: father.id, relationship: "father" });
  const fatherToken = await login(t.app, father.email);
  fatherOfA1 = { user: father, token: fatherToken, as: client(t.app, fatherToken, s.school.id) } as unknown as Member;

  const docente = PROFILE_TEMPLATES.find((p) => p.key === "docente")!;
  const [custom] = await t.db
    .insert(profiles)
    .values({ schoolId: s.school.id, name: "Docente con formularios" })
    .returning();
  await t.db
    .insert(profilePermissions)
    .values(
      [
        ...docente.modules,
        ...docente.permissions,
        "module-form-student",
        "forms-parents.read",
        "forms-parents.create",
        "forms-parents.update",
      ].map((permission) => ({ schoolId: s.school.id, profileId: custom!.id, permission })),
    );
  const user = await createUser(t.db, { firstName: "Teresa" });
  await addMember(t.db, s.school.id, user.id, custom!.id);
  // She teaches group A: the head teacher of A in the helper is s.teacher; give her A through the head-teacher swap.
  const token = await login(t.app, user.email);
  formTeacher = { user, token, as: client(t.app, token, s.school.id) } as unknown as Member;
  const { teachingAssignments } = await import("../../src/db/schema/index.ts");
  await t.db
    .insert(teachingAssignments)
    .values({ schoolId: s.school.id, userId: user.id, groupId: s.groupA.id, subjectId: s.math.id });

  const created = await post(s.director.as, "/api/form-templates", slip);
  expect(created.statusCode, created.body).toBe(201);
  templateId = created.json().data.template.id;
});

afterAll(async () => {
  await t?.close();
});

describe("form configurator", () => {
  it("refuses a condition on a later question and duplicate keys, with field errors", async () => {
    const res = await post(s.director.as, "/api/form-templates", {
      ...slip,
      fields: [slip.fields[1], slip.fields[0], slip.fields[0]],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(["fields.0.condition", "fields.2.key"]);
  });

  it("is written by configurators only; read by senders too", async () => {
    expect((await post(s.coordinador.as, "/api/form-templates", slip)).statusCode).toBe(403);
    expect((await post(s.motherOfA1.as, "/api/form-templates", slip)).statusCode).toBe(403);
    expect((await get(s.coordinador.as, "/api/form-templates")).statusCode).toBe(200);
    expect((await get(s.teacher.as, "/api/form-templates")).statusCode).toBe(403);
    expect((await get(other.director.as, `/api/form-templates/${templateId}`)).statusCode).toBe(404);
  });
});

describe("sending and answering", () => {
  let formId: number;

  it("sends the current version to a group: pending rows, families notified", async () => {
    const res = await sendTo(s.director.as, { group_ids: [s.groupA.id] });
    expect(res.statusCode, res.body).toBe(201);
    const form = res.json().data.form;
    formId = form.id;
    expect(form).toMatchObject({ version: 1, students: 2, submitted: 0, status: "open" });
    const view = (await get(s.director.as, `/api/forms/${formId}`)).json().data.form;
    expect(view.missing_total).toBe(2);
    expect(view.missing.map((m: { student: { id: number } }) => m.student.id).sort()).toEqual(
      [s.a1.id, s.a2.id].sort(),
    );
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.motherOfA1.user.id), eq(notifications.type, "form.received")));
    expect(notes).toHaveLength(1);
    const none = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.fatherOfB1.user.id), eq(notifications.type, "form.received")));
    expect(none).toHaveLength(0);
  });

  it("keeps the version it was sent with after the template changes", async () => {
    const changed = await patch(s.director.as, `/api/form-templates/${templateId}`, {
      fields: [...slip.fields, { key: "extra", type: "short_text", label: "Extra", label_en: "Extra" }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.template.version).toBe(2);
    const form = (await get(s.director.as, `/api/forms/${formId}`)).json().data.form;
    expect(form.version).toBe(1);
    expect(form.definition.fields.map((f: { key: string }) => f.key)).toEqual(["asiste", "motivo", "comida", "firma"]);
  });

  it("a family saves a draft, cannot submit without the required answers, then submits", async () => {
    const url = `/api/forms/${formId}/students/${s.a1.id}/answer`;
    const draft = await put(s.motherOfA1.as, url, { answers: { asiste: "no" }, submit: false });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data.form.children[0]).toMatchObject({ status: "draft" });
    const missing = await put(s.motherOfA1.as, url, { answers: { asiste: "no" }, submit: true });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty(["answers.motivo"]);
    expect(missing.json().errors).toHaveProperty(["answers.firma"]);
    const done = await put(s.motherOfA1.as, url, {
      answers: { asiste: "yes", comida: "casa", motivo: "x", firma: sign },
      submit: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    const row = done.json().data.form.children[0];
    // The hidden question's answer is dropped.
    expect(row).toMatchObject({ status: "submitted", answers: { asiste: "yes", comida: "casa", firma: sign } });
    expect(row.answered_by.id).toBe(s.motherOfA1.user.id);
  });

  it("the other family member sees who answered and may change it until the due date", async () => {
    const mine = await get(fatherOfA1.as, `/api/forms/${formId}/mine`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.form.children[0].answered_by.id).toBe(s.motherOfA1.user.id);
    const change = await put(fatherOfA1.as, `/api/forms/${formId}/students/${s.a1.id}/answer`, {
      answers: { asiste: "yes", comida: "escuela", firma: { accepted: true, signer: "Pablo Pérez" } },
      submit: true,
    });
    expect(change.statusCode, change.body).toBe(200);
    const row = change.json().data.form.children[0];
    expect(row).toMatchObject({ status: "submitted", answers: { comida: "escuela" } });
    expect(row.answered_by.id).toBe(fatherOfA1.user.id);
  });

  it("other families, staff and other schools cannot answer or read it", async () => {
    const url = `/api/forms/${formId}/students/${s.a1.id}/answer`;
    const body = { answers: { asiste: "yes", firma: sign }, submit: true };
    expect((await put(s.fatherOfB1.as, url, body)).statusCode).toBe(404);
    expect((await get(s.fatherOfB1.as, `/api/forms/${formId}/mine`)).statusCode).toBe(404);
    expect((await put(s.director.as, url, body)).json().code).toBe("FORM_FAMILY_ONLY");
    expect((await get(other.director.as, `/api/forms/${formId}`)).statusCode).toBe(404);
    expect((await get(other.director.as, `/api/forms/${formId}/answers`)).statusCode).toBe(404);
    expect((await post(other.director.as, `/api/forms/${formId}/remind`)).statusCode).toBe(404);
    expect((await get(s.teacher.as, `/api/forms/${formId}`)).statusCode).toBe(403);
    expect((await get(s.motherOfA1.as, `/api/forms/${formId}/answers`)).statusCode).toBe(404);
  });

  it("staff see completion per group, each answer, a summary and the export", async () => {
    const form = (await get(s.director.as, `/api/forms/${formId}`)).json().data.form;
    expect(form.groups).toEqual([expect.objectContaining({ group_id: s.groupA.id, students: 2, submitted: 1 })]);
    expect(form.missing.map((m: { student: { id: number } }) => m.student.id)).toEqual([s.a2.id]);
    const answers = (await get(s.director.as, `/api/forms/${formId}/answers`)).json().data.answers.rows;
    expect(answers).toHaveLength(1);
    const summary = (await get(s.director.as, `/api/forms/${formId}/summary`, "en")).json().data.summary;
    const lunch = summary.questions.find((q: { key: string }) => q.key === "comida");
    expect(lunch.options).toEqual([
      { value: "casa", label: "From home", count: 0 },
      { value: "escuela", label: "From school", count: 1 },
    ]);
    const xlsx = await get(s.director.as, `/api/forms/${formId}/export.xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toContain("spreadsheetml");
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    // Issue 30 §4: the export names Ana with her family's answer — the Director's read log of Ana shows it.
    const log = (await get(s.director.as, `/api/students/${s.a1.id}/read-log?per_page=100`)).json().data.entries;
    expect(log).toContainEqual(
      expect.objectContaining({ kind_label: "Respuestas a formularios", record_id: String(formId) }),
    );
  });

  it("reminds the missing families only", async () => {
    const res = await post(s.director.as, `/api/forms/${formId}/remind`);
    expect(res.statusCode, res.body).toBe(200);
    // a2 has no family member in the helper school; a1 answered.
    expect(res.json().data.result.reminded).toBe(0);
  });

  it("a closed form is read-only", async () => {
    expect((await post(s.coordinador.as, `/api/forms/${formId}/close`)).statusCode).toBe(200);
    const res = await put(s.motherOfA1.as, `/api/forms/${formId}/students/${s.a1.id}/answer`, {
      answers: { asiste: "yes", firma: sign },
      submit: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("FORM_CLOSED");
    expect((await get(s.motherOfA1.as, `/api/forms/${formId}/mine`)).json().data.form).toMatchObject({
      status: "closed",
      editable: false,
    });
  });

  it("a form past its due date is read-only", async () => {
    const sent = (await sendTo(s.director.as, { student_ids: [s.a1.id] })).json().data.form;
    await t.db
      .update(forms)
      .set({ dueDate: shift(-1) })
      .where(eq(forms.id, sent.id));
    const res = await put(s.motherOfA1.as, `/api/forms/${sent.id}/students/${s.a1.id}/answer`, {
      answers: { asiste: "yes" },
      submit: false,
    });
    expect(res.json().code).toBe("FORM_CLOSED");
  });

  it("refuses a due date before today and an audience with no students", async () => {
    expect((await sendTo(s.director.as, { group_ids: [s.groupA.id] }, shift(-1))).json().code).toBe(
      "FORM_DUE_DATE_PAST",
    );
    expect((await sendTo(s.director.as, {})).json().code).toBe("FORM_NO_RECIPIENTS");
    expect((await sendTo(s.director.as, { student_ids: [other.a1.id] })).statusCode).toBe(404);
    expect((await sendTo(other.director.as, { group_ids: [s.groupA.id] })).statusCode).toBe(422);
  });
});

describe("a teacher's scope", () => {
  it("sends to her groups only, never to a grade, and sees only her groups' rows", async () => {
    expect((await sendTo(formTeacher.as, { group_ids: [s.groupB.id] })).statusCode).toBe(403);
    expect((await sendTo(formTeacher.as, { grade_ids: [s.grade.id] })).statusCode).toBe(403);
    expect((await sendTo(formTeacher.as, { student_ids: [s.b1.id] })).statusCode).toBe(404);
    const mine = await sendTo(formTeacher.as, { group_ids: [s.groupA.id] });
    expect(mine.statusCode, mine.body).toBe(201);
    const wide = (await sendTo(s.director.as, { grade_ids: [s.grade.id] })).json().data.form;
    expect(wide.students).toBe(3);
    const seen = (await get(formTeacher.as, `/api/forms/${wide.id}`)).json().data.form;
    expect(seen.students).toBe(2);
    expect(seen.groups.map((g: { group_id: number }) => g.group_id)).toEqual([s.groupA.id]);
    expect(seen.can_manage).toBe(false);
    expect((await post(formTeacher.as, `/api/forms/${wide.id}/close`)).statusCode).toBe(403);
  });
});

describe("reminders", () => {
  it("two days before and on the due date, once each", async () => {
    const sent = (await sendTo(s.director.as, { group_ids: [s.groupB.id] }, shift(10))).json().data.form;
    const sweep = createReminderSweep(t.app.ctx);
    const count = async () =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, s.fatherOfB1.user.id), eq(notifications.type, "form.reminder")))
      ).length;
    await sweep();
    expect(await count()).toBe(0);
    await t.db
      .update(forms)
      .set({ dueDate: shift(2) })
      .where(eq(forms.id, sent.id));
    await sweep();
    await sweep();
    expect(await count()).toBe(1);
    await t.db.update(forms).set({ dueDate: today() }).where(eq(forms.id, sent.id));
    await sweep();
    await sweep();
    expect(await count()).toBe(2);
  });
});
