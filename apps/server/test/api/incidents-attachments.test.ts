import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { incidentAttachments, incidentTimeline, schools } from "../../src/db/schema/index.ts";
import { evidencePath } from "../../src/modules/incidents/attachments.storage.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { png } from "../helpers/images.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";

let t: TestApp;
let s: IncidentSchool;
let other: IncidentSchool;
const uploads = mkdtempSync(join(tmpdir(), "convive-evidence-"));
beforeAll(async () => {
  t = await createTestApp({ UPLOADS_DIR: uploads });
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

type As = IncidentSchool["teacher"]["as"];
const pdfHead = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\n");
const pdf = (bytes = 400) => Buffer.concat([pdfHead, Buffer.alloc(Math.max(0, bytes - pdfHead.length), 0x20)]);
/** The parts a Word document's ZIP names (the check looks for the OOXML main part, not just "PK"). */
const docx = Buffer.concat([
  Buffer.from("PK\x03\x04", "latin1"),
  Buffer.alloc(26),
  Buffer.from("[Content_Types].xml<Types/>PK\x03\x04word/document.xml<w:document/>", "latin1"),
]);

async function openIncident(as: As = s.teacher.as, students = [s.a1.id]) {
  const res = await as({
    method: "POST",
    url: "/api/incidents",
    payload: registration(s, { students: students.map((student_id) => ({ student_id, role: "involved" })) }),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.incident.id as number;
}

const upload = (as: As, id: number, type: string, body: Buffer, name = "evidencia.bin", lang = "es") =>
  as({
    method: "POST",
    url: `/api/incidents/${id}/attachments?name=${encodeURIComponent(name)}`,
    headers: { "content-type": type, "accept-language": lang },
    payload: body,
  });

describe("evidence uploads", () => {
  it("stores a picture re-encoded without metadata in the private evidence folder", async () => {
    const id = await openIncident();
    // A JPEG carrying EXIF (camera, GPS would be here): the stored copy has none.
    const withExif = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#090d18" } })
      .jpeg()
      .withExif({ IFD0: { Make: "Convive Camera", Copyright: "Secreto" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await upload(s.teacher.as, id, "image/jpeg", withExif, "../../etc/foto del patio.jpg");
    expect(res.statusCode, res.body).toBe(201);
    const { attachment } = res.json().data;
    expect(attachment).toMatchObject({
      file_name: "foto del patio.jpg",
      mime_type: "image/jpeg",
      url: `/api/incidents/${id}/attachments/${attachment.id}`,
      uploaded_by: { id: s.teacher.user.id, name: "Tere Prueba López" },
    });
    const [row] = await t.db.select().from(incidentAttachments).where(eq(incidentAttachments.id, attachment.id));
    expect(row!.storedName).toMatch(/^[a-f0-9]{32}\.jpg$/);
    const path = evidencePath(uploads, s.school.id, row!.storedName)!;
    expect(path).toBe(join(uploads, "private", "incidents", s.school.id, row!.storedName));
    const stored = readFileSync(path);
    expect(stored.length).toBe(row!.size);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    // The archive serves it back from there (scoped): the stored bytes, under their type.
    const served = await s.teacher.as({ method: "GET", url: attachment.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toContain("image/jpeg");
    expect(served.rawPayload.equals(stored)).toBe(true);
    const [entry] = await t.db
      .select()
      .from(incidentTimeline)
      .where(
        and(
          eq(incidentTimeline.schoolId, s.school.id),
          eq(incidentTimeline.incidentId, id),
          eq(incidentTimeline.event, "attachment-added"),
        ),
      );
    expect(entry).toMatchObject({
      incidentId: id,
      userId: s.teacher.user.id,
      details: { attachment_id: attachment.id, file_name: "foto del patio.jpg" },
    });
  });

  it("takes PDFs and Word documents by their content, and refuses what is not what it claims", async () => {
    const id = await openIncident();
    const ok = await upload(s.director.as, id, "application/pdf", pdf(), "acta.pdf");
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.attachment).toMatchObject({ mime_type: "application/pdf", size: 400, file_name: "acta.pdf" });
    const bytes = readFileSync(
      evidencePath(
        uploads,
        s.school.id,
        // This incident's file: on CI's shared PostgreSQL other files (and runs) upload an "acta.pdf" too.
        (
          await t.db
            .select()
            .from(incidentAttachments)
            .where(and(eq(incidentAttachments.incidentId, id), eq(incidentAttachments.fileName, "acta.pdf")))
        )[0]!.storedName,
      )!,
    );
    expect(bytes.equals(pdf())).toBe(true);

    const refused: [string, Buffer][] = [
      ["image/png", pdf()], // says picture, is a PDF
      ["application/pdf", png()], // says PDF, is a picture
      ["text/plain", Buffer.from("hola")],
      ["application/pdf", Buffer.from("not a pdf at all")],
      ["application/zip", Buffer.from("PK\x03\x04 just a zip")],
      ["application/octet-stream", Buffer.from("MZ executable")],
      ["application/pdf", Buffer.alloc(0)],
    ];
    for (const [type, body] of refused) {
      const res = await upload(s.director.as, id, type, body, "x", "en");
      expect(res.statusCode, `${type}: ${res.body}`).toBe(415);
      expect(res.json()).toMatchObject({
        code: "UNSUPPORTED_FILE_TYPE",
        message: "File type not allowed. Use images, PDF, audio or video.",
      });
    }
    const word = await upload(
      s.director.as,
      id,
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      docx,
      "reporte.docx",
    );
    expect(word.statusCode, word.body).toBe(201);
    // An octet-stream is judged by its content alone.
    const sniffed = await upload(s.director.as, id, "application/octet-stream", png(), "foto");
    expect(sniffed.json().data.attachment.mime_type).toBe("image/png");
  });

  it("keeps to the school's size limit, naming it", async () => {
    const id = await openIncident();
    await t.db.update(schools).set({ maxFileSizeInMb: 1 }).where(eq(schools.id, s.school.id));
    try {
      const bigPdf = await upload(s.teacher.as, id, "application/pdf", pdf(1024 * 1024 + 10));
      expect(bigPdf.statusCode).toBe(413);
      expect(bigPdf.json()).toEqual({ code: "UPLOAD_TOO_LARGE", message: "El archivo excede 1 MB." });
      const bigPng = await upload(s.teacher.as, id, "image/png", png(1024 * 1024 + 10), "x", "en");
      expect(bigPng.statusCode).toBe(413);
      expect(bigPng.json()).toEqual({ code: "FILE_TOO_LARGE", message: "Images that exceed the size of 1mb" });
      expect((await upload(s.teacher.as, id, "application/pdf", pdf(1024 * 1024 - 10))).statusCode).toBe(201);
    } finally {
      await t.db.update(schools).set({ maxFileSizeInMb: 2 }).where(eq(schools.id, s.school.id));
    }
  });

  it("takes at most ten files per incident", async () => {
    const id = await openIncident();
    for (let i = 0; i < 10; i++) {
      expect((await upload(s.teacher.as, id, "application/pdf", pdf(), `f${i}.pdf`)).statusCode).toBe(201);
    }
    const eleventh = await upload(s.teacher.as, id, "application/pdf", pdf(), "f10.pdf", "en");
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json()).toMatchObject({
      code: "TOO_MANY_ATTACHMENTS",
      message: "The incident already has the maximum of 10 files.",
    });
    const rows = await t.db.select().from(incidentAttachments).where(eq(incidentAttachments.incidentId, id));
    expect(rows).toHaveLength(10);
  });

  it("is for the recorder and incidents.update: another teacher is refused, or does not see it", async () => {
    // Of group A only: the other teacher (group B) does not see it at all.
    const unseen = await openIncident(s.teacher.as, [s.a1.id]);
    const hidden = await upload(s.otherTeacher.as, unseen, "application/pdf", pdf());
    expect(hidden.statusCode).toBe(404);
    // With b1 of group B: they see it, but it is not theirs to add to.
    const shared = await openIncident(s.teacher.as, [s.a1.id, s.b1.id]);
    const refused = await upload(s.otherTeacher.as, shared, "application/pdf", pdf());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("FORBIDDEN");
    // The coordinator (incidents.update) may; a family may not; another school does not see it.
    expect((await upload(s.coordinador.as, shared, "application/pdf", pdf())).statusCode).toBe(201);
    expect((await upload(s.motherOfA1.as, shared, "application/pdf", pdf())).statusCode).toBe(403);
    expect((await upload(other.director.as, shared, "application/pdf", pdf())).statusCode).toBe(404);
    const rows = await t.db.select().from(incidentAttachments).where(eq(incidentAttachments.incidentId, shared));
    expect(rows).toHaveLength(1);
  });

  it("adds nothing to a closed incident and leaves no file behind", async () => {
    const id = await openIncident();
    await s.director.as({
      method: "POST",
      url: `/api/incidents/${id}/close`,
      payload: { closing_note: "Listo." },
    });
    const res = await upload(s.teacher.as, id, "application/pdf", pdf());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("INCIDENT_NOT_OPEN");
    // Every file in the school's folder belongs to a row: refused uploads left nothing.
    const folder = join(uploads, "private", "incidents", s.school.id);
    const rows = await t.db.select().from(incidentAttachments).where(eq(incidentAttachments.schoolId, s.school.id));
    expect(readdirSync(folder).sort()).toEqual(rows.map((r) => r.storedName).sort());
  });
});
