import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { incidentProtocolSteps, schools } from "../../src/db/schema/index.ts";
import { createOverdueHandler } from "../../src/modules/incidents/protocol.job.ts";
import { openProtocolHold } from "../../src/modules/incidents/protocol.retention-hold.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { png } from "../helpers/images.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";
import { pdfText } from "../helpers/pdf-text.ts";

// Issue 30 §2: the bullying protocol. A school defines protocols in the incidents configurator; registering an
// incident of a type that follows one starts its steps, each with a deadline on the school's clock.

let t: TestApp;
let s: IncidentSchool;
let other: IncidentSchool;
type As = IncidentSchool["teacher"]["as"];
const ZONE = "America/Mexico_City"; // UTC−6 all year (no daylight saving since 2022)

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
  await t.db.update(schools).set({ timeZone: ZONE }).where(eq(schools.id, s.school.id));
});
afterAll(() => t.close());

// What a person reads on a Mexico City calendar, worked out here from the weekday and the fixed −6 h offset.
const mxDay = (d: Date) => new Date(d.getTime() - 6 * 3_600_000).toISOString().slice(0, 10);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const endOfMxDay = (day: string) => new Date(Date.parse(`${nextDay(day)}T06:00:00Z`) - 1).toISOString();
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
function schoolDaysAfter(day: string, n: number) {
  let d = day;
  for (let left = n; left > 0; ) {
    d = nextDay(d);
    if (weekday(d) !== 0 && weekday(d) !== 6) left -= 1;
  }
  return d;
}

const json = async (res: Awaited<ReturnType<As>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
};

/** A protocol of three steps (same day, 24 h, 5 school days), followed by the school's "Agresión verbal". */
async function defineProtocol(school: IncidentSchool) {
  const created = await json(
    await school.director.as({
      method: "POST",
      url: "/api/protocols",
      payload: {
        name_es: "Protocolo de prueba",
        name_en: "Test protocol",
        steps: [
          { name_es: "Proteger al estudiante", name_en: "Protect the student", deadline_kind: "same_day" },
          {
            name_es: "Informar a dirección",
            name_en: "Inform the director",
            deadline_kind: "hours",
            deadline_amount: 24,
          },
          {
            name_es: "Respuesta a la familia",
            name_en: "Answer the family",
            deadline_kind: "school_days",
            deadline_amount: 5,
          },
        ],
      },
    }),
    201,
  );
  await json(
    await school.director.as({
      method: "PATCH",
      url: `/api/incident-types/${school.type.id}`,
      payload: { protocol_id: created.protocol.id },
    }),
  );
  return created.protocol as { id: number; steps: { name_es: string }[] };
}

async function register(school: IncidentSchool, typeId = school.type.id) {
  const before = new Date();
  const res = await school.teacher.as({
    method: "POST",
    url: "/api/incidents",
    payload: registration(school, {
      type_id: typeId,
      students: [
        { student_id: school.a1.id, role: "involved" },
        { student_id: school.a2.id, role: "affected" },
      ],
    }),
  });
  const data = await json(res, 201);
  return { id: data.incident.id as number, before, after: new Date() };
}

const protocolOf = async (as: As, id: number, lang = "es") =>
  as({ method: "GET", url: `/api/incidents/${id}/protocol`, headers: { "accept-language": lang } });
const stepAction = (as: As, id: number, stepId: number, action: string, payload: object, lang = "es") =>
  as({
    method: "POST",
    url: `/api/incidents/${id}/protocol/steps/${stepId}/${action}`,
    payload,
    headers: { "accept-language": lang },
  });
const close = (as: As, id: number, lang = "es") =>
  as({
    method: "POST",
    url: `/api/incidents/${id}/close`,
    payload: { closing_note: "Se atendió el caso." },
    headers: { "accept-language": lang },
  });

describe("the configurator and the starter catalogue", () => {
  it("a new school has the acoso escolar protocol, followed by its bullying type", async () => {
    const { protocols } = await json(await s.director.as({ method: "GET", url: "/api/protocols" }));
    const acoso = protocols.find(
      (p: { name_es: string }) => p.name_es === "Protocolo de actuación ante el acoso escolar",
    );
    expect(
      acoso.steps.map((x: { name_es: string; deadline_kind: string; deadline_amount: number }) => [
        x.name_es,
        x.deadline_kind,
        x.deadline_amount,
      ]),
    ).toEqual([
      ["Proteger al estudiante afectado", "same_day", 0],
      ["Informar por escrito a la dirección", "hours", 24],
      ["Investigar los hechos", "school_days", 3],
      ["Reunión con la familia del estudiante afectado", "school_days", 3],
      ["Reunión por separado con la familia del otro estudiante", "school_days", 4],
      ["Diagnóstico del grupo", "school_days", 5],
      ["Respuesta por escrito a la familia", "school_days", 5],
    ]);
    const { categories } = await json(await s.director.as({ method: "GET", url: "/api/incident-categories" }));
    const types = categories.flatMap((c: { types: unknown[] }) => c.types);
    const bullying = types.find((x: { name_es: string }) => x.name_es === "Acoso escolar (hostigamiento reiterado)");
    expect(bullying.protocol_id).toBe(acoso.id);
  });

  it("refuses a deadline without its amount, and another school's protocol on a type (404)", async () => {
    const bad = await s.director.as({
      method: "POST",
      url: "/api/protocols",
      payload: { name_es: "X", steps: [{ name_es: "Paso", deadline_kind: "school_days", deadline_amount: 0 }] },
    });
    expect(bad.statusCode).toBe(422);
    const theirs = await defineProtocol(other);
    const res = await s.director.as({
      method: "PATCH",
      url: `/api/incident-types/${s.type.id}`,
      payload: { protocol_id: theirs.id },
    });
    expect(res.statusCode).toBe(404);
  });

  it("only the configurator's update permission changes protocols", async () => {
    const res = await s.teacher.as({
      method: "POST",
      url: "/api/protocols",
      payload: { name_es: "X", steps: [{ name_es: "Paso", deadline_kind: "same_day" }] },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("an incident's protocol", () => {
  beforeAll(() => defineProtocol(s));

  it("starts on registration with each step's deadline on the school's clock, the Director responsible", async () => {
    const { id, before, after } = await register(s);
    const { protocol } = await json(await protocolOf(s.director.as, id));
    expect(protocol).toMatchObject({ name_es: "Protocolo de prueba", status: "open", can_manage: true });
    const started = new Date(protocol.started_at);
    expect(started >= new Date(before.getTime() - 1000) && started <= after).toBe(true);
    const day = mxDay(started);
    expect(
      protocol.steps.map((x: { name_es: string; due_at: string; status: string; overdue: boolean }) => [
        x.name_es,
        x.due_at,
        x.status,
        x.overdue,
      ]),
    ).toEqual([
      ["Proteger al estudiante", endOfMxDay(day), "pending", false],
      ["Informar a dirección", new Date(started.getTime() + 24 * 3_600_000).toISOString(), "pending", false],
      ["Respuesta a la familia", endOfMxDay(schoolDaysAfter(day, 5)), "pending", false],
    ]);
    // Five school days never end on a weekend, and are at least a calendar week minus two days away.
    expect([0, 6]).not.toContain(weekday(mxDay(new Date(protocol.steps[2].due_at))));
    for (const step of protocol.steps)
      expect(step.responsible).toEqual({ id: s.director.user.id, name: expect.any(String) });

    const detail = await json(await s.director.as({ method: "GET", url: `/api/incidents/${id}` }));
    expect(detail.incident.timeline.map((e: { event: string }) => e.event)).toContain("protocol.started");
  });

  it("completes a step with a note and evidence, waives one with a reason, and refuses the close until none is pending", async () => {
    const { id } = await register(s);
    const { protocol } = await json(await protocolOf(s.director.as, id));
    const [first, second, third] = protocol.steps;

    const upload = await s.director.as({
      method: "POST",
      url: `/api/incidents/${id}/attachments?name=acta.png`,
      headers: { "content-type": "image/png" },
      payload: png(),
    });
    const { attachment } = await json(upload, 201);
    const done = await json(
      await stepAction(s.director.as, id, first.id, "complete", {
        note: "Se separó a los estudiantes en el recreo.",
        attachment_ids: [attachment.id],
      }),
    );
    const firstNow = done.protocol.steps[0];
    expect(firstNow).toMatchObject({
      status: "done",
      overdue: false,
      note: "Se separó a los estudiantes en el recreo.",
      done_by: { id: s.director.user.id },
      evidence: [{ id: attachment.id, file_name: "acta.png" }],
    });
    const again = await stepAction(s.director.as, id, first.id, "complete", { note: "otra vez" });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("PROTOCOL_STEP_NOT_PENDING");

    const refused = await close(s.director.as, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "PROTOCOL_STEPS_PENDING",
      message:
        "El protocolo tiene pasos pendientes: Informar a dirección; Respuesta a la familia. Complétalos o dispénsalos con un motivo para cerrar.",
    });
    const refusedEn = await close(s.director.as, id, "en");
    expect(refusedEn.json().message).toBe(
      "The protocol has pending steps: Inform the director; Answer the family. Complete them or waive them with a reason to close.",
    );

    const noReason = await stepAction(s.director.as, id, second.id, "waive", { reason: "" });
    expect(noReason.statusCode).toBe(422);
    await json(await stepAction(s.director.as, id, second.id, "waive", { reason: "La directora estuvo presente." }));
    expect((await close(s.director.as, id)).statusCode).toBe(409);
    const last = await json(await stepAction(s.director.as, id, third.id, "complete", { note: "Carta entregada." }));
    expect(last.protocol.status).toBe("completed");

    const closed = await close(s.director.as, id);
    expect(closed.statusCode, closed.body).toBe(200);
    const detail = await json(await s.director.as({ method: "GET", url: `/api/incidents/${id}` }));
    const events = detail.incident.timeline.map((e: { event: string }) => e.event);
    expect(events).toEqual(
      expect.arrayContaining([
        "protocol.started",
        "protocol.step-completed",
        "protocol.step-waived",
        "protocol.completed",
        "closed",
      ]),
    );
    // The school's PDF prints the steps, who did them and their notes.
    const pdf = await s.director.as({ method: "GET", url: `/api/incidents/${id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const printed = pdfText(pdf.rawPayload);
    expect(printed).toContain("Protocolo: Protocolo de prueba");
    expect(printed).toContain("1. Proteger al estudiante · Completado");
    expect(printed).toContain("Se separó a los estudiantes en el recreo.");
    expect(printed).toContain("2. Informar a dirección · Dispensado");
    expect(printed).toContain("Completó un paso del protocolo");
    // A closed incident's steps can no longer change.
    const afterClose = await protocolOf(s.director.as, id);
    expect((await json(afterClose)).protocol.can_manage).toBe(false);
  });

  it("a cancelled incident waives its pending steps with the cancel reason", async () => {
    const { id } = await register(s);
    const res = await s.director.as({
      method: "POST",
      url: `/api/incidents/${id}/cancel`,
      payload: { reason: "Registro duplicado." },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { protocol } = await json(await protocolOf(s.director.as, id));
    expect(protocol.status).toBe("completed");
    expect(protocol.steps.map((x: { status: string; note: string }) => [x.status, x.note])).toEqual([
      ["waived", "Registro duplicado."],
      ["waived", "Registro duplicado."],
      ["waived", "Registro duplicado."],
    ]);
  });

  it("holds the records of its students from retention while open; a student in no open protocol is not held", async () => {
    const { id } = await register(s);
    const heldNow = () =>
      t.db.transaction((tx) => openProtocolHold.heldStudents(tx, s.school.id, [s.a1.id, s.a2.id, s.b1.id]));
    expect([...(await heldNow())].sort()).toEqual([s.a1.id, s.a2.id].sort());
    await s.director.as({ method: "POST", url: `/api/incidents/${id}/cancel`, payload: { reason: "Duplicado." } });
    // Other open protocols of this file's incidents may still hold a1 and a2; b1 was never in one.
    expect((await heldNow()).has(s.b1.id)).toBe(false);
  });

  it("the responsible can be changed by whoever manages the incident", async () => {
    const { id } = await register(s);
    const { protocol } = await json(await protocolOf(s.director.as, id));
    const step = protocol.steps[1];
    const moved = await json(
      await stepAction(s.director.as, id, step.id, "responsible", { responsible_id: s.coordinador.user.id }),
    );
    expect(moved.protocol.steps[1].responsible.id).toBe(s.coordinador.user.id);
    const family = await stepAction(s.director.as, id, step.id, "responsible", {
      responsible_id: s.motherOfA1.user.id,
    });
    expect(family.statusCode).toBe(404);
  });
});

describe("who sees and changes it", () => {
  it("a step's evidence stays the school's: a family neither sees its file or its name nor downloads it", async () => {
    const { id } = await register(s);
    const { protocol } = await json(await protocolOf(s.director.as, id));
    const upload = async (name: string) =>
      (
        await json(
          await s.director.as({
            method: "POST",
            url: `/api/incidents/${id}/attachments?name=${name}`,
            headers: { "content-type": "image/png" },
            payload: png(),
          }),
          201,
        )
      ).attachment as { id: number };
    const report = await upload("informe-a-direccion.png");
    const photo = await upload("foto-del-patio.png");
    await json(
      await stepAction(s.director.as, id, protocol.steps[0].id, "complete", {
        note: "Informe entregado.",
        attachment_ids: [report.id],
      }),
    );
    const file = (as: As, attachmentId: number) =>
      as({ method: "GET", url: `/api/incidents/${id}/attachments/${attachmentId}` });

    const family = await json(await s.motherOfA1.as({ method: "GET", url: `/api/incidents/${id}` }));
    expect(family.incident.attachments.map((a: { file_name: string }) => a.file_name)).toEqual(["foto-del-patio.png"]);
    expect(JSON.stringify(family.incident.timeline)).not.toContain("informe-a-direccion");
    expect((await file(s.motherOfA1.as, report.id)).statusCode).toBe(404);
    expect((await file(s.motherOfA1.as, photo.id)).statusCode).toBe(200);
    expect((await file(s.director.as, report.id)).statusCode).toBe(200);
    const staff = await json(await s.director.as({ method: "GET", url: `/api/incidents/${id}` }));
    expect(staff.incident.attachments).toHaveLength(2);
  });

  it("a teacher reads it but cannot complete; a family and another school get 404", async () => {
    const { id } = await register(s);
    const read = await json(await protocolOf(s.teacher.as, id));
    expect(read.protocol.can_manage).toBe(false);
    const stepId = read.protocol.steps[0].id;
    expect((await stepAction(s.teacher.as, id, stepId, "complete", { note: "x" })).statusCode).toBe(403);
    expect((await stepAction(s.teacher.as, id, stepId, "waive", { reason: "x" })).statusCode).toBe(403);

    // The family reads the incident but never the protocol, its notes or its timeline entries.
    await json(await stepAction(s.director.as, id, stepId, "complete", { note: "Nota interna del protocolo" }));
    expect((await protocolOf(s.motherOfA1.as, id)).statusCode).toBe(404);
    const familyView = await s.motherOfA1.as({ method: "GET", url: `/api/incidents/${id}` });
    expect(familyView.statusCode, familyView.body).toBe(200);
    expect(familyView.body).not.toContain("Nota interna");
    expect(
      familyView.json().data.incident.timeline.some((e: { event: string }) => e.event.startsWith("protocol.")),
    ).toBe(false);
    const familyPdf = await s.motherOfA1.as({ method: "GET", url: `/api/incidents/${id}/pdf` });
    expect(familyPdf.statusCode).toBe(200);
    const familyPrinted = pdfText(familyPdf.rawPayload);
    expect(familyPrinted).not.toContain("Nota interna");
    expect(familyPrinted).not.toContain("Protocolo");

    // Another school's director: 404 for the incident, its protocol and its steps, and nothing changes.
    expect((await protocolOf(other.director.as, id)).statusCode).toBe(404);
    const otherStep = read.protocol.steps[1].id;
    expect((await stepAction(other.director.as, id, otherStep, "complete", { note: "x" })).statusCode).toBe(404);
    expect((await stepAction(other.director.as, id, otherStep, "waive", { reason: "x" })).statusCode).toBe(404);
    const still = await json(await protocolOf(s.director.as, id));
    expect(still.protocol.steps[1].status).toBe("pending");
  });

  it("an incident corrected to a type that follows a protocol starts it then", async () => {
    const { categories } = await json(await s.director.as({ method: "GET", url: "/api/incident-categories" }));
    const plain = categories
      .flatMap((c: { types: { id: number; protocol_id: number | null; name_es: string }[] }) => c.types)
      .find((x: { name_es: string }) => x.name_es === "Interrupción de la clase");
    const { id } = await register(s, plain.id);
    expect((await json(await protocolOf(s.director.as, id))).protocol).toBeNull();
    const corrected = await s.director.as({
      method: "PATCH",
      url: `/api/incidents/${id}`,
      payload: { type_id: s.type.id },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const { protocol } = await json(await protocolOf(s.director.as, id));
    expect(protocol.steps.map((x: { name_es: string }) => x.name_es)).toEqual([
      "Proteger al estudiante",
      "Informar a dirección",
      "Respuesta a la familia",
    ]);
  });

  it("an incident whose type follows no protocol has none", async () => {
    const { categories } = await json(await s.director.as({ method: "GET", url: "/api/incident-categories" }));
    const plain = categories
      .flatMap((c: { types: { id: number; protocol_id: number | null; name_es: string }[] }) => c.types)
      .find(
        (x: { protocol_id: number | null; name_es: string }) =>
          x.protocol_id === null && x.name_es === "Interrupción de la clase",
      );
    const { id } = await register(s, plain.id);
    expect((await json(await protocolOf(s.director.as, id))).protocol).toBeNull();
  });
});

describe("overdue", () => {
  it("each step's job is queued on the runner at its deadline", async () => {
    const { id } = await register(s);
    const { protocol } = await json(await protocolOf(s.director.as, id));
    const rows = (await t.db.execute(
      sql`select data->>'stepId' as step, start_after from pgboss.job where name like '%protocol-step-overdue'
           and data->>'schoolId' = ${s.school.id} and (data->>'stepId')::int in (${sql.join(
             protocol.steps.map((x: { id: number }) => sql`${x.id}`),
             sql`, `,
           )})`,
    )) as unknown as { rows: { step: string; start_after: Date | string }[] };
    const byStep = new Map(rows.rows.map((r) => [Number(r.step), new Date(r.start_after).toISOString()]));
    for (const step of protocol.steps) expect(byStep.get(step.id)).toBe(step.due_at);
  });

  it("past its deadline a pending step is overdue, and its responsible and the Director are told once", async () => {
    const { id } = await register(s);
    const { protocol } = await json(await protocolOf(s.director.as, id));
    const step = protocol.steps[1];
    await json(await stepAction(s.director.as, id, step.id, "responsible", { responsible_id: s.coordinador.user.id }));
    // The clock reaches the deadline: the step's deadline moves a minute into the past.
    await t.db
      .update(incidentProtocolSteps)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(incidentProtocolSteps.id, step.id));
    const shown = await json(await protocolOf(s.director.as, id));
    expect(shown.protocol.steps[1].overdue).toBe(true);
    expect(shown.protocol.steps[0].overdue).toBe(false);

    const overdueCount = async (as: As) => {
      const { notifications } = await json(await as({ method: "GET", url: "/api/notifications" }));
      return notifications.filter(
        (n: { title: string }) => n.title === "Paso del protocolo vencido: Informar a dirección",
      ).length;
    };
    const beforeDirector = await overdueCount(s.director.as);
    const beforeCoord = await overdueCount(s.coordinador.as);
    const run = createOverdueHandler({ db: t.db, notifications: t.app.ctx.notifications });
    expect(await run({ schoolId: s.school.id, stepId: step.id })).toBe(true);
    // A rerun (a crash after the effect, a second instance) tells nobody again.
    expect(await run({ schoolId: s.school.id, stepId: step.id })).toBe(false);
    expect(await overdueCount(s.director.as)).toBe(beforeDirector + 1);
    expect(await overdueCount(s.coordinador.as)).toBe(beforeCoord + 1);
    expect(await overdueCount(s.teacher.as)).toBe(0);

    const detail = await json(await s.director.as({ method: "GET", url: `/api/incidents/${id}` }));
    expect(detail.incident.timeline.map((e: { event: string }) => e.event)).toContain("protocol.step-overdue");
  });

  it("a step done before its deadline is never notified", async () => {
    const { id } = await register(s);
    const { protocol } = await json(await protocolOf(s.director.as, id));
    const step = protocol.steps[0];
    await json(await stepAction(s.director.as, id, step.id, "complete", { note: "Hecho a tiempo." }));
    const run = createOverdueHandler({ db: t.db, notifications: t.app.ctx.notifications });
    expect(await run({ schoolId: s.school.id, stepId: step.id })).toBe(false);
  });
});

describe("overdue, on the job runner", () => {
  it("the runner runs a step's job once its deadline comes and the responsible is told", async () => {
    const namespace = `t${randomUUID().slice(0, 8)}.`;
    const runner = await createTestApp({ JOBS_ENABLED: true, JOBS_NAMESPACE: namespace });
    try {
      const school = await incidentSchool(runner.app, runner.db);
      await defineProtocol(school);
      const { id } = await register(school);
      const { protocol } = await json(await protocolOf(school.director.as, id));
      const step = protocol.steps[0];
      // The clock reaches the step's deadline: its deadline and its job's start move to now.
      await runner.db
        .update(incidentProtocolSteps)
        .set({ dueAt: new Date(Date.now() - 1000) })
        .where(eq(incidentProtocolSteps.id, step.id));
      await runner.db.execute(
        sql`update pgboss.job set start_after = now() where name = ${`${namespace}protocol-step-overdue`}
             and data->>'stepId' = ${String(step.id)}`,
      );
      const told = async () => {
        const { notifications } = await json(await school.director.as({ method: "GET", url: "/api/notifications" }));
        return notifications.filter(
          (n: { title: string }) => n.title === "Paso del protocolo vencido: Proteger al estudiante",
        );
      };
      await vi.waitFor(async () => expect(await told()).toHaveLength(1), { timeout: 20_000, interval: 200 });
      const shown = await json(await protocolOf(school.director.as, id));
      expect(shown.protocol.steps[0].overdue).toBe(true);
    } finally {
      await runner.close();
    }
  });
});
