import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schools } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { type Inbox, startInbox } from "../helpers/inbox.ts";
import { insertIncident } from "../helpers/incident-rows.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";
import { pdfText } from "../helpers/pdf-text.ts";

// Issue 12 §5: one way to show dates and times — the reader's language on the school's clock:
// "25 nov 2026, 10:00" / "Nov 25, 2026, 10:00 AM"; XLSX dates and times as real ones, with an autofilter.

let smtp: Inbox;
let t: TestApp;
let s: IncidentSchool;
/** 10:00 on 25 Nov 2025 at a school in Mexico City (UTC−6 all year). */
const TEN_AM = new Date("2025-11-25T16:00:00Z");

beforeAll(async () => {
  smtp = await startInbox();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "https://convive.example/" });
  s = await incidentSchool(t.app, t.db);
  await t.db.update(schools).set({ timeZone: "America/Mexico_City" }).where(eq(schools.id, s.school.id));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Member = IncidentSchool["director"];
const feed = async (m: Member, lang: string) =>
  (await m.as({ method: "GET", url: "/api/notifications", headers: { "accept-language": lang } })).json().data
    .notifications as { type: string; title: string; body: string }[];

describe("dates in notifications", () => {
  it("shows the same notification's date in the language of the screen reading it, on the school's clock", async () => {
    await t.app.ctx.notifications.notify(t.db, {
      schoolId: s.school.id,
      userIds: [s.director.user.id],
      type: "incident.created",
      params: { student: "Ana", author: "Tere", incident: "Retardo", date: "2026-11-25T16:00:00.000Z" },
    });
    expect((await feed(s.director, "es"))[0]!.body).toBe("Tere registró «Retardo» el 25 nov 2026, 10:00.");
    expect((await feed(s.director, "en"))[0]!.body).toBe("Tere registered “Retardo” on Nov 25, 2026, 10:00 AM.");

    // Rendered when read: the school's clock of today, not the one of the day it was sent.
    await t.db.update(schools).set({ timeZone: "Europe/Madrid" }).where(eq(schools.id, s.school.id));
    try {
      expect((await feed(s.director, "es"))[0]!.body).toBe("Tere registró «Retardo» el 25 nov 2026, 17:00.");
    } finally {
      await t.db.update(schools).set({ timeZone: "America/Mexico_City" }).where(eq(schools.id, s.school.id));
    }
  });

  it("shows a day without time as '25 nov 2026' / 'Nov 25, 2026'", async () => {
    await t.app.ctx.notifications.notify(t.db, {
      schoolId: s.school.id,
      userIds: [s.coordinador.user.id],
      type: "formative-action.assigned",
      params: { folio: 7, guideline: "Diálogo reflexivo", date: "2026-11-25" },
    });
    expect((await feed(s.coordinador, "es"))[0]!.body).toBe("«Diálogo reflexivo», a partir del 25 nov 2026.");
    expect((await feed(s.coordinador, "en"))[0]!.body).toBe("“Diálogo reflexivo”, starting Nov 25, 2026.");
  });

  it("writes a registered incident's date that way on the bell and in each reader's e-mail", async () => {
    // Yesterday at 10:00 on the school's clock (Mexico City is UTC−6 all year).
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const occurredAt = new Date(`${yesterday}T16:00:00Z`).toISOString();
    const res = await s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, { occurred_at: occurredAt }),
    });
    expect(res.statusCode, res.body).toBe(201);

    const es = /^Tere Prueba López registró «Agresión verbal» el \d{1,2} [a-z]{3} \d{4}, 10:00\.$/;
    const en = /^Tere Prueba López recorded “Verbal aggression” on [A-Z][a-z]{2} \d{1,2}, \d{4}, 10:00 AM\./;
    expect((await feed(s.coordinador, "es")).find((n) => n.type === "incident.created")?.body).toMatch(es);
    expect((await feed(s.motherOfA1, "en")).find((n) => n.type === "incident.created.family")?.body).toMatch(en);
    // The mother's account reads English; the e-mail says what her bell says.
    await smtp.waitFor(s.motherOfA1.user.email);
    expect(smtp.to(s.motherOfA1.user.email)[0]!.text).toMatch(
      /recorded “Verbal aggression” on [A-Z][a-z]{2} \d{1,2}, \d{4}, 10:00 AM\./,
    );
  });
});

describe("dates in the XLSX export and the PDF", () => {
  let folio: number;
  let id: number;
  beforeAll(async () => {
    const incident = await insertIncident(t.db, s, {
      students: [{ id: s.a1.id, groupId: s.groupA.id }],
      recordedBy: s.teacher.user.id,
      occurredAt: TEN_AM,
      status: "closed",
    });
    folio = incident.folio;
    id = incident.id;
  });

  it("writes date and time columns as real dates and times, with an autofilter on the header row", async () => {
    const res = await s.director.as({ method: "GET", url: "/api/incidents/export?sort=folio" });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const column = (name: string) => header.indexOf(name) + 1;
    const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).value === folio)!;

    const date = row.getCell(column("Fecha"));
    expect(date.value).toBeInstanceOf(Date);
    expect((date.value as Date).toISOString()).toBe("2025-11-25T00:00:00.000Z");
    expect(date.numFmt).toBe("yyyy-mm-dd");
    const time = row.getCell(column("Hora"));
    expect(time.value).toBeInstanceOf(Date);
    // A time of day is a fraction of a day: 10:00 on Excel's day zero.
    expect((time.value as Date).toISOString()).toBe("1899-12-30T10:00:00.000Z");
    expect(time.numFmt).toBe("hh:mm");
    // Closed an hour after it happened (the test rows' rule): 11:00 on the school's clock.
    const closed = row.getCell(header.findIndex((h) => /^Cerrad/.test(h)) + 1);
    expect(closed.value).toBeInstanceOf(Date);
    expect((closed.value as Date).toISOString()).toBe("2025-11-25T11:00:00.000Z");
    expect(closed.numFmt).toBe("yyyy-mm-dd hh:mm");

    const last = String.fromCharCode(64 + header.length);
    expect(sheet.autoFilter).toBe(`A1:${last}${sheet.rowCount}`);
  });

  it("prints the incident's date in the reader's language on the school's clock", async () => {
    const print = async (lang: string) =>
      pdfText(
        (await s.director.as({ method: "GET", url: `/api/incidents/${id}/pdf`, headers: { "accept-language": lang } }))
          .rawPayload,
      );
    // pdfkit splits words for kerning, so the extracted text has no spaces to compare.
    const squeezed = (text: string) => text.replace(/\s/g, "");
    expect(squeezed(await print("es"))).toContain("25nov2025,10:00");
    expect(squeezed(await print("en"))).toContain("Nov25,2025,10:00AM");
  });
});
