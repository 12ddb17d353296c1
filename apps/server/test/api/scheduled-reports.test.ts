import { randomUUID } from "node:crypto";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf } from "../helpers/factories.ts";
import { type Inbox, startInbox } from "../helpers/inbox.ts";
import { daysAgo, insertIncident } from "../helpers/incident-rows.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";
import { customMember } from "../helpers/master-configuration.ts";
import { pdfText } from "../helpers/pdf-text.ts";

// Issue 31 §3: scheduled reports as the Director of a school and its recipients see them — the report's e-mail
// arrives at a real SMTP server with the file attached, in each recipient's language; a refused address lands on
// the screen's 'Unsent email list' and its retry delivers it; the permissions of the screen's area, another
// school's 404, and refused input (422, translated) that stores nothing.

const WAIT = { timeout: 30_000, interval: 50 };
let t: TestApp;
let inbox: Inbox;
let s: IncidentSchool;
const refused = new Set<string>();

beforeAll(async () => {
  inbox = await startInbox({ refuse: (address) => refused.has(address) });
  t = await createTestApp({
    SMTP_URL: inbox.url,
    PUBLIC_URL: "https://convive.example",
    APP_DOMAIN: "convive.example",
    OUTBOX_RETRY_SECONDS: 1,
  });
  s = await incidentSchool(t.app, t.db);
  // Two incidents this week: Ana (group A) and Beto (group B).
  await insertIncident(t.db, s, {
    students: [{ id: s.a1.id, groupId: s.groupA.id }],
    recordedBy: s.teacher.user.id,
    occurredAt: daysAgo(2),
  });
  await insertIncident(t.db, s, {
    students: [{ id: s.b1.id, groupId: s.groupB.id }],
    recordedBy: s.otherTeacher.user.id,
    occurredAt: daysAgo(1),
  });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

type As = IncidentSchool["director"]["as"];
const weekly = (overrides: Record<string, unknown> = {}) => ({
  name: "Resumen semanal de incidencias",
  type: "incident-summary",
  frequency: "weekly",
  weekday: 1,
  time: "07:00",
  format: "pdf",
  recipient_profile_ids: [s.school.profileIds.coordinador],
  ...overrides,
});
const create = (as: As, body: Record<string, unknown>, lang = "es") =>
  as({
    method: "POST",
    url: "/api/scheduled-reports",
    payload: body,
    headers: { "accept-language": lang, "idempotency-key": randomUUID() },
  });
const sendNow = (as: As, id: number, onlyMe = false) =>
  as({
    method: "POST",
    url: `/api/scheduled-reports/${id}/send-now`,
    payload: { only_me: onlyMe },
    headers: { "idempotency-key": randomUUID() },
  });
const runsOf = async (as: As, id: number) => {
  const res = await as({ method: "GET", url: `/api/scheduled-reports/${id}/runs` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.runs as {
    status: string;
    trigger: string;
    rows: number;
    deliveries: { recipient: string; status: string; language: string }[];
  }[];
};

describe("a weekly incident summary to the coordinators", () => {
  it("is listed with its next run, and 'send now' e-mails each coordinator the PDF naming this week's students", async () => {
    const created = await create(s.director.as, weekly());
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json().data.report;
    expect(report).toMatchObject({ name: "Resumen semanal de incidencias", type_name: "Resumen de incidencias" });
    // The next Monday at 07:00 on the school's clock (Mexico City, UTC−6 all year): 13:00 UTC.
    expect(new Date(report.next_run_at).getUTCDay()).toBe(1);
    expect(report.next_run_at).toMatch(/T13:00:00.000Z$/);

    const list = await s.director.as({
      method: "GET",
      url: "/api/scheduled-reports",
      headers: { "accept-language": "en" },
    });
    expect(list.json().data.reports).toEqual([
      expect.objectContaining({ id: report.id, type_name: "Incident summary" }),
    ]);

    const sent = await sendNow(s.director.as, report.id);
    expect(sent.statusCode, sent.body).toBe(201);
    const coordinator = s.coordinador.user.email;
    const mail = await inbox.waitFor(coordinator, 1, 30_000);
    expect(mail.subject).toBe(`Resumen semanal de incidencias · Escuela ${s.school.id}`);
    expect(mail.text).toContain("Incidencias: 2");
    expect(mail.html).toContain(`Escuela ${s.school.id}`);
    const [file] = mail.attachments.filter((a) => !a.inline);
    expect(file!.filename).toMatch(/^Resumen-semanal-de-incidencias-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(file!.contentType).toBe("application/pdf");
    const text = pdfText(file!.content);
    expect(text).toContain("Resumen semanal de incidencias");
    expect(text).toContain("Ana Pérez Ruiz");
    expect(text).toContain("Beto Pérez Ruiz");
    expect(text).toContain("Agresión verbal");

    // The history: one manual run, its delivery sent.
    await vi.waitFor(async () => {
      const [run] = await runsOf(s.director.as, report.id);
      expect(run).toMatchObject({ trigger: "manual", status: "done", rows: 2 });
      expect(run!.deliveries).toEqual([
        expect.objectContaining({ recipient: coordinator, status: "sent", language: "es" }),
      ]);
    }, WAIT);
    // Nobody else got it.
    expect(inbox.to(s.director.user.email)).toHaveLength(0);
    expect(inbox.to(s.teacher.user.email)).toHaveLength(0);
  });

  it("writes the read log: the coordinator received a file naming Ana", async () => {
    const res = await s.director.as({
      method: "GET",
      url: `/api/students/${s.a1.id}/read-log`,
      headers: { "accept-language": "es" },
    });
    expect(res.statusCode).toBe(200);
    const entry = res.json().data.entries.find((e: { kind: string }) => e.kind === "report.delivery");
    expect(entry).toMatchObject({
      kind_label: "Reporte programado enviado por correo",
      user: { id: s.coordinador.user.id },
      profile: "Coordinador",
    });
  });

  it("filters by group, and writes each recipient's file in their language (an outside address in English)", async () => {
    const outside = `board-${randomUUID().slice(0, 8)}@example.org`;
    const created = await create(
      s.director.as,
      weekly({
        name: "Group B",
        filters: { group_ids: [s.groupB.id] },
        format: "xlsx",
        recipient_profile_ids: [],
        recipient_emails: [{ email: outside, language: "en" }],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect((await sendNow(s.director.as, created.json().data.report.id)).statusCode).toBe(201);
    const mail = await inbox.waitFor(outside, 1, 30_000);
    expect(mail.subject).toBe(`Group B · Escuela ${s.school.id}`);
    expect(mail.text).toContain("Here is the report");
    const [file] = mail.attachments.filter((a) => !a.inline);
    expect(file!.filename).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file!.content as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Report")!;
    expect(sheet.getRow(1).values).toContain("Students");
    const cells = JSON.stringify(sheet.getSheetValues());
    expect(cells).toContain("Beto Pérez Ruiz");
    expect(cells).toContain("Verbal aggression");
    expect(cells).not.toContain("Ana Pérez Ruiz");
  });

  it("'send now' only to me reaches the Director alone", async () => {
    const created = await create(s.director.as, weekly({ name: "Prueba", type: "open-incidents" }));
    const id = created.json().data.report.id;
    const before = inbox.to(s.coordinador.user.email).length;
    expect((await sendNow(s.director.as, id, true)).statusCode).toBe(201);
    const mail = await inbox.waitFor(s.director.user.email, 1, 30_000);
    expect(mail.subject).toBe(`Prueba · Escuela ${s.school.id}`);
    expect(mail.text).toContain("Es un envío de prueba");
    expect(pdfText(mail.attachments.find((a) => !a.inline)!.content)).toContain("Incidencias abiertas");
    expect(inbox.to(s.coordinador.user.email)).toHaveLength(before);
  });
});

describe("the 'Unsent email list'", () => {
  it("shows a refused address with its report, and its retry delivers the e-mail once", async () => {
    const bad = `typo-${randomUUID().slice(0, 8)}@example.org`;
    refused.add(bad);
    const created = await create(
      s.director.as,
      weekly({ name: "Con error", recipient_profile_ids: [], recipient_emails: [{ email: bad, language: "es" }] }),
    );
    const id = created.json().data.report.id;
    expect((await sendNow(s.director.as, id)).statusCode).toBe(201);
    const unsent = await vi.waitFor(async () => {
      const res = await s.director.as({ method: "GET", url: "/api/scheduled-reports/unsent" });
      expect(res.statusCode, res.body).toBe(200);
      const found = res.json().data.deliveries.find((d: { recipient: string }) => d.recipient === bad);
      expect(found).toBeDefined();
      return found as { id: number; report_name: string; last_error: string };
    }, WAIT);
    expect(unsent).toMatchObject({ report_id: id, report_name: "Con error" });
    expect(unsent.last_error).toContain("550");
    const [run] = await runsOf(s.director.as, id);
    expect(run!.deliveries).toEqual([expect.objectContaining({ recipient: bad, status: "failed" })]);

    // Another school's Director can neither see nor retry it.
    const other = await memberOf(t.app, t.db, "director");
    const theirs = await other.as({ method: "GET", url: "/api/scheduled-reports/unsent" });
    expect(theirs.json().data.deliveries).toEqual([]);
    const notTheirs = await other.as({
      method: "POST",
      url: `/api/scheduled-reports/deliveries/${unsent.id}/retry`,
      headers: { "idempotency-key": randomUUID() },
    });
    expect(notTheirs.statusCode).toBe(404);

    refused.delete(bad);
    const retry = await s.director.as({
      method: "POST",
      url: `/api/scheduled-reports/deliveries/${unsent.id}/retry`,
      headers: { "idempotency-key": randomUUID() },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    const mail = await inbox.waitFor(bad, 1, 30_000);
    expect(mail.subject).toBe(`Con error · Escuela ${s.school.id}`);
    expect(mail.attachments.some((a) => a.contentType === "application/pdf")).toBe(true);
    await vi.waitFor(async () => {
      const res = await s.director.as({ method: "GET", url: "/api/scheduled-reports/unsent" });
      expect(res.json().data.deliveries.map((d: { recipient: string }) => d.recipient)).not.toContain(bad);
    }, WAIT);
    expect(inbox.to(bad)).toHaveLength(1);
  });
});

describe("who may do what", () => {
  it("refuses the screen to a Docente (403) and lets a reader read but not write", async () => {
    const teacher = await s.teacher.as({ method: "GET", url: "/api/scheduled-reports" });
    expect(teacher.statusCode).toBe(403);
    const reader = await customMember(t.app, t.db, s.school, ["master-configuration-scheduled-reports.read"]);
    expect((await reader.as({ method: "GET", url: "/api/scheduled-reports" })).statusCode).toBe(200);
    expect((await reader.as({ method: "GET", url: "/api/scheduled-reports/options" })).statusCode).toBe(200);
    expect((await create(reader.as, weekly())).statusCode).toBe(403);
    const [first] = (await s.director.as({ method: "GET", url: "/api/scheduled-reports" })).json().data.reports;
    expect((await sendNow(reader.as, first.id)).statusCode).toBe(403);
    const del = await reader.as({ method: "DELETE", url: `/api/scheduled-reports/${first.id}` });
    expect(del.statusCode).toBe(403);
  });

  it("answers 404 for another school's report, whatever the call", async () => {
    const created = await create(s.director.as, weekly({ name: "Mío" }));
    const id = created.json().data.report.id;
    const other = await memberOf(t.app, t.db, "director");
    const calls = [
      { method: "GET" as const, url: `/api/scheduled-reports/${id}/runs` },
      {
        method: "PUT" as const,
        url: `/api/scheduled-reports/${id}`,
        payload: weekly({ recipient_profile_ids: [other.school.profileIds.coordinador] }),
      },
      { method: "DELETE" as const, url: `/api/scheduled-reports/${id}` },
      {
        method: "POST" as const,
        url: `/api/scheduled-reports/${id}/send-now`,
        payload: { only_me: true },
        headers: { "idempotency-key": randomUUID() },
      },
    ];
    for (const call of calls) {
      const res = await other.as(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    expect((await other.as({ method: "GET", url: "/api/scheduled-reports" })).json().data.reports).toEqual([]);
    // Still there, unchanged, for its own school.
    const mine = (await s.director.as({ method: "GET", url: "/api/scheduled-reports" })).json().data.reports;
    expect(mine.find((r: { id: number }) => r.id === id)).toMatchObject({ name: "Mío" });
  });

  it("updates, pauses and deletes a report", async () => {
    const id = (await create(s.director.as, weekly({ name: "Editable" }))).json().data.report.id;
    const put = await s.director.as({
      method: "PUT",
      url: `/api/scheduled-reports/${id}`,
      payload: weekly({ name: "Mensual", frequency: "monthly", day_of_month: 1, weekday: null, active: false }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.report).toMatchObject({
      name: "Mensual",
      frequency: "monthly",
      day_of_month: 1,
      active: false,
      next_run_at: null,
    });
    const del = await s.director.as({ method: "DELETE", url: `/api/scheduled-reports/${id}` });
    expect(del.statusCode).toBe(200);
    expect((await s.director.as({ method: "GET", url: `/api/scheduled-reports/${id}/runs` })).statusCode).toBe(404);
  });
});

describe("refused input", () => {
  const count = async () =>
    (await s.director.as({ method: "GET", url: "/api/scheduled-reports" })).json().data.reports.length;

  it.each([
    [{ weekday: null }, "weekday", "Elige el día de la semana.", "Choose the day of the week."],
    [
      { time: "7am" },
      "time",
      "Indica la hora como HH:MM (00:00 a 23:59).",
      "Enter the time as HH:MM (00:00 to 23:59).",
    ],
    [
      { recipient_profile_ids: [] },
      "recipient_user_ids",
      "Agrega al menos un destinatario.",
      "Add at least one recipient.",
    ],
    [
      { type: "grades-of-everyone" },
      "type",
      "Elige un tipo de reporte de la lista.",
      "Choose a report type from the list.",
    ],
    [
      { frequency: "monthly", day_of_month: 30 },
      "day_of_month",
      "Elige un día del mes entre 1 y 28.",
      "Choose a day of the month from 1 to 28.",
    ],
  ])("%j → 422 on %s, in both languages, nothing stored", async (change, field, es, en) => {
    const before = await count();
    const refusedEs = await create(s.director.as, weekly(change));
    expect(refusedEs.statusCode, refusedEs.body).toBe(422);
    expect(refusedEs.json().errors[field]).toBe(es);
    const refusedEn = await create(s.director.as, weekly(change), "en");
    expect(refusedEn.json().errors[field]).toBe(en);
    expect(await count()).toBe(before);
  });

  it("refuses a user or profile of another school, and health data to an outside address", async () => {
    const other = await memberOf(t.app, t.db, "coordinador");
    const before = await count();
    const stranger = await create(s.director.as, weekly({ recipient_user_ids: [other.user.id] }));
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors.recipient_user_ids).toBe(
      "Un destinatario ya no pertenece a la escuela. Revisa la lista.",
    );
    const foreignProfile = await create(
      s.director.as,
      weekly({ recipient_profile_ids: [other.school.profileIds.coordinador] }),
    );
    expect(foreignProfile.statusCode).toBe(422);
    const nursing = await create(
      s.director.as,
      weekly({ type: "nursing-visits", recipient_emails: [{ email: "doctor@example.org", language: "es" }] }),
      "en",
    );
    expect(nursing.statusCode).toBe(422);
    expect(nursing.json().message).toBe(
      "This report holds health data: it can only go to users with the nursing permission, not to outside addresses.",
    );
    expect(await count()).toBe(before);
  });
});
