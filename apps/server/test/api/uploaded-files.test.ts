import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { png } from "../helpers/images.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";

let t: TestApp;
let s: IncidentSchool;
const uploads = mkdtempSync(join(tmpdir(), "convive-polyglots-"));
beforeAll(async () => {
  t = await createTestApp({ UPLOADS_DIR: uploads });
  s = await incidentSchool(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

// The files an attacker uploads as evidence, hoping the app's origin renders them (issue 9, reproduction 8).
const POLYGLOTS = {
  /** A real PDF whose catalogue runs JavaScript when a viewer opens it. */
  pdfOpenAction: Buffer.from(
    "%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(document.cookie)) >> >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    "latin1",
  ),
  /** Valid GIF header and a body that is also a script (`GIF89a=…;alert()`), for <script src> of the evidence URL. */
  gifJs: Buffer.concat([
    Buffer.from("GIF89a=1;alert(document.domain);/*", "latin1"),
    Buffer.alloc(32, 0),
    Buffer.from("*/", "latin1"),
  ]),
  /** A page behind a GIF signature, named to be opened as HTML. */
  gifHtml: Buffer.from("GIF89a<html><body><script>fetch('/api/users/1')</script></body></html>", "latin1"),
};

async function openIncident() {
  const res = await s.teacher.as({
    method: "POST",
    url: "/api/incidents",
    payload: registration(s, { students: [{ student_id: s.a1.id, role: "involved" }] }),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.incident.id as number;
}

const upload = (id: number, type: string, body: Buffer, name: string) =>
  s.teacher.as({
    method: "POST",
    url: `/api/incidents/${id}/attachments?name=${encodeURIComponent(name)}`,
    headers: { "content-type": type },
    payload: body,
  });

/** What keeps a file from running as a page of the app: a download, its own type, no sniffing, a sandbox. */
function expectDownloadOnly(res: LightMyRequestResponse, type: string, fileName: string) {
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe(type);
  expect(res.headers["content-disposition"]).toMatch(/^attachment; /);
  expect(res.headers["content-disposition"]).toContain(`filename="${fileName}"`);
  expect(res.headers["content-disposition"]).toContain(`filename*=UTF-8''${encodeURIComponent(fileName)}`);
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["content-security-policy"]).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
}

describe("evidence files are served as downloads only", () => {
  it.each([
    ["a PDF with an OpenAction script", "application/pdf", POLYGLOTS.pdfOpenAction, "acta.pdf", "acta.pdf"],
    ["a GIF that is also JavaScript", "image/gif", POLYGLOTS.gifJs, "pixel.gif", "pixel.gif"],
    ["an HTML page behind a GIF header, named evil.html", "image/gif", POLYGLOTS.gifHtml, "evil.html", "evil.html.gif"],
  ])("%s", async (_, type, bytes, name, offered) => {
    const id = await openIncident();
    const res = await upload(id, "application/octet-stream", bytes, name);
    expect(res.statusCode, res.body).toBe(201);
    const { attachment } = res.json().data;
    // Listed under the name the teacher gave; offered for download with the extension of what it really is.
    expect(attachment.file_name).toBe(name);
    for (const viewer of [s.teacher.as, s.director.as, s.motherOfA1.as]) {
      const served = await viewer({ method: "GET", url: attachment.url });
      expectDownloadOnly(served, type, offered);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it("refuses plain HTML, whatever it is called or claims to be", async () => {
    const id = await openIncident();
    for (const type of ["text/html", "application/octet-stream", "image/gif"]) {
      const res = await upload(id, type, Buffer.from("<!doctype html><script>alert(1)</script>"), "evil.html");
      expect(res.statusCode, type).toBe(415);
    }
  });

  it("cleans names that would break the header or hide another extension", async () => {
    const id = await openIncident();
    // A line break cannot even reach the header: control characters are refused at the door.
    const broken = await upload(id, "application/pdf", POLYGLOTS.pdfOpenAction, "nota\r\nX-Evil: 1.pdf");
    expect(broken.statusCode, broken.body).toBe(422);
    expect(broken.json().errors?.name).toBeTruthy();
    const res = await upload(id, "application/pdf", POLYGLOTS.pdfOpenAction, 'nota"; filename=evil.html.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const served = await s.director.as({ method: "GET", url: res.json().data.attachment.url });
    const disposition = String(served.headers["content-disposition"]);
    // One filename parameter and one filename* (RFC 6266 / 5987); the quote cannot close the value early.
    expect(disposition).toBe(
      `attachment; filename="nota_; filename=evil.html.pdf"; filename*=UTF-8''nota%22%3B%20filename%3Devil.html.pdf`,
    );
  });
});

describe("pictures people upload", () => {
  it("are re-encoded images served in place, but never sniffed or run when opened on their own", async () => {
    const avatar = await s.teacher.as({
      method: "POST",
      url: `/api/users/${s.teacher.user.id}/avatar`,
      headers: { "content-type": "image/png" },
      payload: png(),
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    const served = await t.app.inject({ method: "GET", url: avatar.json().data.user.image_profile });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toMatch(/^image\/(png|jpeg|webp)/);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
  });
});
