import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { incidentAttachments, incidentTimeline, readLog, schools } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf } from "../helpers/factories.ts";
import { daysAgo, insertAction, insertIncident, insertMeeting } from "../helpers/incident-rows.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";
import { pdfText } from "../helpers/pdf-text.ts";

let t: TestApp;
let s: IncidentSchool;
let uploads: string;
let open: { id: number; folio: number };
let closed: { id: number; folio: number };
let hidden: { id: number; folio: number };
let groupB: { id: number; folio: number };
let ids: {
  a1Action: number;
  a2Action: number;
  waived: number;
  familyMeeting: number;
  staffMeeting: number;
  file: number;
};

type As = IncidentSchool["director"]["as"];
const day = (offset: number) => daysAgo(-offset).toISOString().slice(0, 10);
const detail = async (as: As, id: number, lang = "es") => {
  const res = await as({ method: "GET", url: `/api/incidents/${id}`, headers: { "accept-language": lang } });
  return { status: res.statusCode, incident: res.statusCode === 200 ? res.json().data.incident : res.json() };
};
const PDF_BYTES = Buffer.from("%PDF-1.4\n% evidencia de prueba\n%%EOF\n");

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), "convive-incidents-"));
  t = await createTestApp({ UPLOADS_DIR: uploads });
  s = await incidentSchool(t.app, t.db);
  const A = s.groupA.id;
  open = await insertIncident(t.db, s, {
    students: [
      { id: s.a1.id, groupId: A },
      { id: s.a2.id, groupId: A, role: "affected" },
    ],
    recordedBy: s.teacher.user.id,
    subjectId: s.math.id,
    occurredAt: daysAgo(3),
  });
  closed = await insertIncident(t.db, s, {
    students: [{ id: s.a1.id, groupId: A }],
    recordedBy: s.teacher.user.id,
    status: "closed",
    closedBy: s.director.user.id,
  });
  hidden = await insertIncident(t.db, s, {
    students: [{ id: s.a1.id, groupId: A }],
    recordedBy: s.director.user.id,
    visibleToFamily: false,
  });
  groupB = await insertIncident(t.db, s, {
    students: [{ id: s.b1.id, groupId: s.groupB.id }],
    recordedBy: s.otherTeacher.user.id,
  });

  const a1Action = await insertAction(t.db, s, {
    incidentId: open.id,
    studentId: s.a1.id,
    responsibleId: s.teacher.user.id,
    startsOn: day(-3),
    endsOn: day(4),
    repeat: "weekly",
    completed: [day(-3)],
  });
  const a2Action = await insertAction(t.db, s, {
    incidentId: open.id,
    studentId: s.a2.id,
    responsibleId: s.coordinador.user.id,
    startsOn: day(-3),
  });
  const waived = await insertAction(t.db, s, {
    incidentId: open.id,
    studentId: s.a1.id,
    responsibleId: s.coordinador.user.id,
    startsOn: day(-2),
    waivedBy: s.director.user.id,
  });
  const familyMeeting = await insertMeeting(t.db, s, {
    incidentId: open.id,
    attendees: [
      { userId: s.motherOfA1.user.id, kind: "family" },
      { userId: s.teacher.user.id, kind: "staff" },
    ],
  });
  const staffMeeting = await insertMeeting(t.db, s, {
    incidentId: open.id,
    attendees: [{ userId: s.coordinador.user.id, kind: "staff" }],
  });
  const folder = join(uploads, "private", "incidents", s.school.id);
  mkdirSync(folder, { recursive: true });
  const storedName = `${"ab".repeat(16)}.pdf`;
  writeFileSync(join(folder, storedName), PDF_BYTES);
  const [file] = await t.db
    .insert(incidentAttachments)
    .values({
      schoolId: s.school.id,
      incidentId: open.id,
      fileName: 'Reporte ñandú "final".pdf',
      storedName,
      mimeType: "application/pdf",
      size: PDF_BYTES.length,
      uploadedBy: s.teacher.user.id,
    })
    .returning();
  await t.db.insert(incidentTimeline).values({
    schoolId: s.school.id,
    incidentId: open.id,
    event: "attachment-added",
    userId: s.teacher.user.id,
    details: { attachment_id: file!.id, file_name: file!.fileName },
  });
  ids = {
    a1Action: a1Action.id,
    a2Action: a2Action.id,
    waived: waived.id,
    familyMeeting: familyMeeting.id,
    staffMeeting: staffMeeting.id,
    file: file!.id,
  };
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

describe("incident details", () => {
  it("shows a director every field, the students, evidence, actions, meetings and the timeline", async () => {
    const { status, incident } = await detail(s.director.as, open.id);
    expect(status).toBe(200);
    expect(incident).toMatchObject({
      id: open.id,
      folio: open.folio,
      status: "open",
      classification: "serious",
      detail: "Insultó a un compañero durante el recreo.",
      place: "Patio",
      visible_to_family: true,
      points: 5,
      group: { id: s.groupA.id, label: "Primaria 1° A" },
      subject: { id: s.math.id, name: "Matemáticas" },
      recorded_by: { id: s.teacher.user.id, name: "Tere Prueba" },
      school_year: { id: s.year.id, name: "2026-2027" },
      period: { id: s.period.id, name: "Bimestre 2" },
      category: { id: s.category.id, name_es: "Conducta", name_en: "Behaviour" },
      closed_at: null,
      closed_by: null,
      cancelled_by: null,
    });
    expect(incident.students.map((x: { id: number; role: string }) => [x.id, x.role])).toEqual([
      [s.a1.id, "involved"],
      [s.a2.id, "affected"],
    ]);
    expect(incident.attachments).toEqual([
      expect.objectContaining({
        id: ids.file,
        file_name: 'Reporte ñandú "final".pdf',
        mime_type: "application/pdf",
        url: `/api/incidents/${open.id}/attachments/${ids.file}`,
        uploaded_by: { id: s.teacher.user.id, name: "Tere Prueba" },
      }),
    ]);
    const actions = incident.formative_actions;
    expect(actions.map((a: { id: number }) => a.id)).toEqual([ids.a1Action, ids.a2Action, ids.waived]);
    const weekly = actions[0];
    expect(weekly).toMatchObject({
      incident_folio: open.folio,
      student: { id: s.a1.id, name: "Ana Pérez Ruiz" },
      responsible: { id: s.teacher.user.id, name: "Tere Prueba" },
      repeat: "weekly",
      state: "pending",
    });
    expect(weekly.occurrences.map((o: { on: string }) => o.on)).toEqual([day(-3), day(4)]);
    expect(weekly.occurrences[0]).toMatchObject({ completed_by: { id: s.teacher.user.id }, note: "Hecho" });
    expect(weekly.occurrences[1]).toMatchObject({ completed_at: null, completed_by: null });
    expect(actions[1].state).toBe("overdue");
    expect(actions[2]).toMatchObject({
      state: "waived",
      waive_reason: "Cambio de escuela",
      waived_by: { id: s.director.user.id },
    });
    expect(incident.meetings.map((m: { id: number }) => m.id)).toEqual([ids.familyMeeting, ids.staffMeeting]);
    expect(incident.meetings[0]).toMatchObject({
      place: "Dirección",
      status: "scheduled",
      agreements: "Seguimiento semanal",
      attendees: expect.arrayContaining([{ id: s.motherOfA1.user.id, name: expect.any(String), kind: "family" }]),
    });
    expect(incident.timeline.map((e: { event: string }) => e.event)).toEqual([
      "created",
      "action-created",
      "action-created",
      "action-created",
      "meeting-scheduled",
      "meeting-scheduled",
      "attachment-added",
    ]);
    expect(incident.timeline[0]).toMatchObject({ user: { id: s.teacher.user.id }, details: { folio: open.folio } });
    expect(incident.allowed).toEqual({
      update: true,
      close: true,
      cancel: true,
      reopen: false,
      add_formative_actions: true,
      update_formative_actions: true,
      add_meetings: true,
      update_meetings: true,
      attach: true,
    });
  });

  it("says what a closed incident still allows, and who closed it", async () => {
    const { incident } = await detail(s.director.as, closed.id);
    expect(incident).toMatchObject({
      status: "closed",
      closed_by: { id: s.director.user.id },
      closing_note: "Se habló con las familias.",
    });
    expect(incident.allowed).toMatchObject({ update: false, close: false, reopen: true, attach: false });
    expect((await detail(s.coordinador.as, closed.id)).incident.allowed.reopen).toBe(false);
  });

  it("lets a Docente see their group's incident with their own permissions", async () => {
    const { status, incident } = await detail(s.teacher.as, open.id);
    expect(status).toBe(200);
    expect(incident.allowed).toEqual({
      update: false,
      close: false,
      cancel: false,
      reopen: false,
      add_formative_actions: false,
      update_formative_actions: true,
      add_meetings: false,
      update_meetings: false,
      attach: true,
    });
    expect(incident.students.every((x: { name: string | null }) => x.name)).toBe(true);
    expect((await detail(s.teacher.as, groupB.id)).status).toBe(404);
    expect((await detail(s.otherTeacher.as, open.id)).status).toBe(404);
    expect((await detail(s.otherTeacher.as, groupB.id)).incident.allowed.attach).toBe(true);
  });

  it("shows a family their child's part only", async () => {
    const { status, incident } = await detail(s.motherOfA1.as, open.id, "en");
    expect(status).toBe(200);
    expect(incident.students).toEqual([
      expect.objectContaining({ id: s.a1.id, name: "Ana Pérez Ruiz" }),
      { id: null, name: null, enrollment: null, photo: null, role: "affected", group_label: "Primaria 1° A" },
    ]);
    expect(incident.formative_actions.map((a: { id: number }) => a.id)).toEqual([ids.a1Action, ids.waived]);
    expect(incident.meetings.map((m: { id: number }) => m.id)).toEqual([ids.familyMeeting]);
    const timeline = incident.timeline as { event: string; details: Record<string, unknown> }[];
    expect(timeline.map((e) => e.event)).toEqual([
      "created",
      "action-created",
      "action-created",
      "meeting-scheduled",
      "attachment-added",
    ]);
    expect(timeline.some((e) => e.details.action_id === ids.a2Action || e.details.student_id === s.a2.id)).toBe(false);
    expect(Object.values(incident.allowed).every((v) => v === false)).toBe(true);
    expect(JSON.stringify(incident)).not.toContain("Alan");
    expect((await detail(s.motherOfA1.as, hidden.id)).status).toBe(404);
    expect((await detail(s.motherOfA1.as, groupB.id)).status).toBe(404);
    expect((await detail(s.fatherOfB1.as, open.id)).status).toBe(404);
  });

  it("answers 404 to another school and for unknown ids", async () => {
    const intruder = await memberOf(t.app, t.db, "director");
    for (const url of [
      `/api/incidents/${open.id}`,
      `/api/incidents/${open.id}/pdf`,
      `/api/incidents/${open.id}/attachments/${ids.file}`,
    ]) {
      const res = await intruder.as({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe("NOT_FOUND");
    }
    expect((await detail(s.director.as, 2_000_000_000)).status).toBe(404);
  });
});

describe("several incidents in one read (the family's copy, issue 30 §3)", () => {
  const many = async (as: As, list: number[], lang = "es") => {
    const res = await as({
      method: "GET",
      url: `/api/incidents/details?ids=${list.join(",")}`,
      headers: { "accept-language": lang },
    });
    return { status: res.statusCode, body: res.json() };
  };

  it("answers each incident as its own read does, in the ids' order, leaving out what the reader may not see", async () => {
    const list = [groupB.id, closed.id, hidden.id, open.id];
    const { status, body } = await many(s.motherOfA1.as, list, "en");
    expect(status).toBe(200);
    const one = await Promise.all(
      [closed.id, open.id].map(async (id) => (await detail(s.motherOfA1.as, id, "en")).incident),
    );
    expect(body.data.incidents).toEqual(one);
    const director = await many(s.director.as, list);
    expect(director.body.data.incidents.map((i: { id: number }) => i.id)).toEqual(list);
  });

  it("logs a staff reader's read of each incident, and refuses a malformed list or another school's ids", async () => {
    const before = await t.db.select().from(readLog).where(eq(readLog.userId, s.director.user.id));
    await many(s.director.as, [open.id, closed.id]);
    const after = await t.db.select().from(readLog).where(eq(readLog.userId, s.director.user.id));
    const added = after.filter((r) => !before.some((b) => b.id === r.id));
    expect(added.map((r) => [r.kind, r.recordId, r.studentId]).sort()).toEqual(
      [
        ["incident.details", String(closed.id), s.a1.id],
        ["incident.details", String(open.id), s.a1.id],
        ["incident.details", String(open.id), s.a2.id],
      ].sort(),
    );
    for (const bad of ["", "0", "1,,2", "1;2", "-3", Array.from({ length: 101 }, (_, i) => i + 1).join(",")]) {
      expect((await many(s.director.as, [bad as unknown as number])).status, bad).toBe(422);
    }
    const intruder = await memberOf(t.app, t.db, "director");
    expect((await many(intruder.as, [open.id, closed.id])).body.data.incidents).toEqual([]);
  });
});

describe("evidence download", () => {
  const download = (as: As, incidentId: number, fileId: number) =>
    as({ method: "GET", url: `/api/incidents/${incidentId}/attachments/${fileId}` });

  it("serves the file with its type and original name to whoever sees the incident", async () => {
    for (const as of [s.director.as, s.teacher.as, s.motherOfA1.as]) {
      const res = await download(as, open.id, ids.file);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PDF_BYTES)).toBe(true);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["cache-control"]).toContain("private");
      // A download, never a page: see security-headers.test.ts for the polyglots.
      expect(res.headers["content-disposition"]).toBe(
        `attachment; filename="Reporte nandu _final_.pdf"; filename*=UTF-8''Reporte%20%C3%B1and%C3%BA%20%22final%22.pdf`,
      );
    }
  });

  it("answers 404 outside the scope, under another incident, or when the file is gone", async () => {
    expect((await download(s.otherTeacher.as, open.id, ids.file)).statusCode).toBe(404);
    expect((await download(s.fatherOfB1.as, open.id, ids.file)).statusCode).toBe(404);
    expect((await download(s.director.as, closed.id, ids.file)).statusCode).toBe(404);
    const [gone] = await t.db
      .insert(incidentAttachments)
      .values({
        schoolId: s.school.id,
        incidentId: open.id,
        fileName: "perdido.pdf",
        storedName: `${"cd".repeat(16)}.pdf`,
        mimeType: "application/pdf",
        size: 10,
        uploadedBy: s.teacher.user.id,
      })
      .returning();
    expect((await download(s.director.as, open.id, gone!.id)).statusCode).toBe(404);
  });
});

describe("printable PDF", () => {
  it("prints the incident in the caller's language", async () => {
    const es = await s.director.as({ method: "GET", url: `/api/incidents/${open.id}/pdf` });
    expect(es.statusCode).toBe(200);
    expect(es.headers["content-type"]).toBe("application/pdf");
    expect(es.headers["content-disposition"]).toContain(`incidencia-${open.folio}.pdf`);
    expect(es.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(es.rawPayload.length).toBeGreaterThan(2000);
    const text = pdfText(es.rawPayload);
    expect(text).toContain(`Folio ${open.folio}`);
    expect(text).toContain("Acciones formativas");
    expect(text).toContain("Historial");
    expect(text).toContain("Alan");

    const en = await s.motherOfA1.as({
      method: "GET",
      url: `/api/incidents/${open.id}/pdf`,
      headers: { "accept-language": "en" },
    });
    expect(en.statusCode).toBe(200);
    const english = pdfText(en.rawPayload);
    expect(english).toContain("Formative actions");
    expect(english).toContain("Another student");
    expect(english).not.toContain("Alan");
    expect((await s.motherOfA1.as({ method: "GET", url: `/api/incidents/${hidden.id}/pdf` })).statusCode).toBe(404);
  });

  it("prints the deduction with its sign, the school's logo, the recorder once and lines to sign (issue 12 §9)", async () => {
    const created = await s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, { place: "Biblioteca" }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data.incident as { id: number };
    const print = async () => (await s.director.as({ method: "GET", url: `/api/incidents/${id}/pdf` })).rawPayload;

    const before = await print();
    const text = pdfText(before);
    expect(text).toContain("Firmas");
    for (const line of ["Quien registró", "Dirección", "Madre, padre o tutor"]) expect(text).toContain(line);
    // "Registró: Tere Prueba (…)" above; the timeline's registration line does not name her again.
    expect(text.split("Tere Prueba")).toHaveLength(2);
    expect(before.toString("latin1")).not.toContain("/Subtype /Image");

    // The open incident takes 5 points from each involved student: printed as -5.
    const deducts = pdfText((await s.director.as({ method: "GET", url: `/api/incidents/${open.id}/pdf` })).rawPayload);
    expect(deducts).toMatch(/Puntos: -5/);

    // An uploaded logo is drawn at the top (a WebP one too: converted for the PDF).
    const name = `${"ef".repeat(16)}.webp`;
    const webp = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#0a7" } })
      .webp()
      .toBuffer();
    writeFileSync(join(uploads, name), webp);
    await t.db
      .update(schools)
      .set({ logo: `/uploads/${name}` })
      .where(eq(schools.id, s.school.id));
    expect((await print()).toString("latin1")).toContain("/Subtype /Image");
  });
});
