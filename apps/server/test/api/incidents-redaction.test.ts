import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  familyLinks,
  familyMembers,
  incidentAttachments,
  incidentTimeline,
  studentGroups,
  students,
} from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, client, createUser, login, uniq } from "../helpers/factories.ts";
import { schoolDay } from "../helpers/follow-up.ts";
import { insertIncident } from "../helpers/incident-rows.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";
import { pdfText } from "../helpers/pdf-text.ts";

/**
 * Issue 9, reproduction 7: free text written by staff reached Sofía's mother verbatim — "Sofía se burló de
 * Andrea…" — in the details, her PDF, her XLSX export and her archive search. Every text a family reads now
 * comes with other students' names replaced; staff still read what was written.
 */

let t: TestApp;
let s: IncidentSchool;
let uploads: string;
type As = IncidentSchool["director"]["as"];
type Student = typeof students.$inferSelect;
let sofia: Student;
let andrea: Student;
let motherOfSofia: Awaited<ReturnType<typeof parentOf>>;
let fatherOfAndrea: Awaited<ReturnType<typeof parentOf>>;
let incidentId: number;

const DETAIL = "Sofía se burló de Andrea en el salón; María José Hernández lo vio todo.";
const HIDDEN = ["Andrea", "ANDREA", "Quintanilla", "María José", "Hernández"];
const expectNoHiddenName = (text: string) => {
  for (const name of HIDDEN) expect(text).not.toContain(name);
};

async function studentIn(groupId: number, firstName: string, paternalSurname: string, maternalSurname: string) {
  const [row] = await t.db
    .insert(students)
    .values({ schoolId: s.school.id, enrollment: uniq("MAT"), firstName, paternalSurname, maternalSurname })
    .returning();
  await t.db
    .insert(studentGroups)
    .values({ schoolId: s.school.id, studentId: row!.id, schoolYearId: s.year.id, groupId });
  return row!;
}

async function parentOf(student: Student) {
  const user = await createUser(t.db);
  await addMember(t.db, s.school.id, user.id, s.school.profileIds.familiar);
  await t.db.insert(familyMembers).values({ schoolId: s.school.id, userId: user.id });
  await t.db
    .insert(familyLinks)
    .values({ schoolId: s.school.id, studentId: student.id, userId: user.id, relationship: "mother" });
  return { user, as: client(t.app, await login(t.app, user.email), s.school.id) };
}

const ok = async (response: ReturnType<As>, status = 200) => {
  const res = await response;
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
};
const details = async (as: As, lang = "es") =>
  (await ok(as({ method: "GET", url: `/api/incidents/${incidentId}`, headers: { "accept-language": lang } }))).data
    .incident;
const search = async (as: As, q: string) =>
  (await ok(as({ method: "GET", url: `/api/incidents?q=${encodeURIComponent(q)}` }))).data;

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), "convive-redaction-"));
  t = await createTestApp({ UPLOADS_DIR: uploads });
  s = await incidentSchool(t.app, t.db);
  sofia = await studentIn(s.groupA.id, "Sofía", "Ramírez", "Soto");
  andrea = await studentIn(s.groupA.id, "Andrea", "Quintanilla", "Castro");
  await studentIn(s.groupB.id, "María José", "Hernández", "Vega");
  motherOfSofia = await parentOf(sofia);
  fatherOfAndrea = await parentOf(andrea);

  // Registered by the teacher through the API, with a formative action for Sofía whose notes name Andrea.
  const created = await ok(
    s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, {
        students: [
          { student_id: sofia.id, role: "involved" },
          { student_id: andrea.id, role: "affected" },
        ],
        detail: DETAIL,
        place: "Junto a la banca de ANDREA",
        visible_to_family: true,
        formative_actions: [
          {
            student_id: sofia.id,
            guideline: "Diálogo reflexivo con el estudiante",
            responsible_id: s.teacher.user.id,
            starts_on: schoolDay(0),
            ends_on: schoolDay(14),
            repeat: "weekly",
            notes: "Pedir disculpas a Andrea Quintanilla",
          },
        ],
      }),
    }),
    201,
  );
  incidentId = created.data.incident.id;
  const actionId = (await details(s.director.as)).formative_actions[0].id;
  await ok(
    s.teacher.as({
      method: "POST",
      url: `/api/formative-actions/${actionId}/completions`,
      payload: { occurrence_on: schoolDay(0), note: "Se disculpó con Andrea" },
    }),
  );
  await ok(
    s.director.as({
      method: "POST",
      url: `/api/incidents/${incidentId}/meetings`,
      payload: {
        scheduled_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        place: "Salón de Andrea Quintanilla",
        agreements: "Sofía ofrecerá disculpas a Andrea.",
        minutes: "Andrea Quintanilla y Sofía hablaron con la orientadora.",
        attendee_ids: [motherOfSofia.user.id, s.teacher.user.id],
      },
    }),
    201,
  );

  // Evidence whose file name names Andrea.
  const folder = join(uploads, "private", "incidents", s.school.id);
  mkdirSync(folder, { recursive: true });
  const storedName = `${"cd".repeat(16)}.pdf`;
  writeFileSync(join(folder, storedName), "%PDF-1.4\n%%EOF\n");
  await t.db.insert(incidentAttachments).values({
    schoolId: s.school.id,
    incidentId,
    fileName: "golpe_andrea_quintanilla.pdf",
    storedName,
    mimeType: "application/pdf",
    size: 15,
    uploadedBy: s.teacher.user.id,
  });
  await t.db.insert(incidentTimeline).values({
    schoolId: s.school.id,
    incidentId,
    event: "attachment-added",
    userId: s.teacher.user.id,
    details: { file_name: "golpe_andrea_quintanilla.pdf" },
  });
  // Closed (waiving what is pending), reopened and cancelled: each note and reason names Andrea.
  const move = (action: string, payload: object) =>
    ok(s.director.as({ method: "POST", url: `/api/incidents/${incidentId}/${action}`, payload }));
  await move("close", { closing_note: "Andrea aceptó las disculpas de Sofía.", waive_pending_actions: true });
  await move("reopen", { reason: "Andrea volvió a quejarse." });
  await move("cancel", { reason: "Duplicado del caso de Andrea Quintanilla." });
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

describe("what Sofía's mother reads", () => {
  it("details: every text with Andrea and any other student of the school replaced, in her language", async () => {
    const incident = await details(motherOfSofia.as);
    expect(incident.detail).toBe("Sofía se burló de otro estudiante en el salón; otro estudiante lo vio todo.");
    expect(incident.place).toBe("Junto a la banca de otro estudiante");
    expect(incident.cancel_reason).toBe("Duplicado del caso de otro estudiante.");
    const [action] = incident.formative_actions;
    expect(action.notes).toBe("Pedir disculpas a otro estudiante");
    expect(action.waive_reason).toBe("Otro estudiante aceptó las disculpas de Sofía.");
    expect(action.occurrences[0].note).toBe("Se disculpó con otro estudiante");
    expect(incident.meetings[0]).toMatchObject({
      place: "Salón de otro estudiante",
      agreements: "Sofía ofrecerá disculpas a otro estudiante.",
      minutes: "Otro estudiante y Sofía hablaron con la orientadora.",
    });
    expect(incident.attachments[0].file_name).toBe("golpe_otro estudiante.pdf");
    const notes = incident.timeline.map((e: { details: Record<string, unknown> }) => e.details);
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ closing_note: "Otro estudiante aceptó las disculpas de Sofía." }),
        expect.objectContaining({ reason: "Otro estudiante volvió a quejarse." }),
        expect.objectContaining({ file_name: "golpe_otro estudiante.pdf" }),
      ]),
    );
    expectNoHiddenName(JSON.stringify(incident));

    const english = await details(motherOfSofia.as, "en");
    expect(english.detail).toBe("Sofía se burló de another student en el salón; another student lo vio todo.");
  });

  it("Andrea's father reads the same incident with Sofía hidden instead", async () => {
    const incident = await details(fatherOfAndrea.as);
    expect(incident.detail).toBe("Otro estudiante se burló de Andrea en el salón; otro estudiante lo vio todo.");
    expect(JSON.stringify(incident)).not.toContain("Sofía");
  });

  it("the archive's excerpt and her PDF", async () => {
    const archive = await search(motherOfSofia.as, "");
    expect(archive.incidents[0]).toMatchObject({ id: incidentId, place: "Junto a la banca de otro estudiante" });
    expect(archive.incidents[0].excerpt).toContain("Sofía se burló de otro estudiante");
    expectNoHiddenName(JSON.stringify(archive));

    const res = await motherOfSofia.as({ method: "GET", url: `/api/incidents/${incidentId}/pdf` });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Sofía se burló de otro estudiante en el salón");
    expect(text).toContain("Otro estudiante aceptó las disculpas");
    expectNoHiddenName(text);
  });

  it("her XLSX export", async () => {
    const res = await motherOfSofia.as({ method: "GET", url: "/api/incidents/export" });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells = workbook.worksheets[0]!.getRow(2).values as unknown[];
    expect(cells).toContain("Sofía se burló de otro estudiante en el salón; otro estudiante lo vio todo.");
    expect(cells).toContain("Junto a la banca de otro estudiante");
    expect(cells).toContain("Duplicado del caso de otro estudiante.");
    expectNoHiddenName(JSON.stringify(cells));
  });

  it("her search: a hidden name finds nothing, a word she reads still does", async () => {
    for (const q of ["Andrea", "andrea", "ANDR", "Hernández", "María José", "Quintanilla"]) {
      expect((await search(motherOfSofia.as, q)).total, q).toBe(0);
    }
    for (const q of ["burló", "salón", "banca", "Sofía"]) expect((await search(motherOfSofia.as, q)).total, q).toBe(1);
    const exported = await motherOfSofia.as({ method: "GET", url: "/api/incidents/export?q=Andrea" });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(1);
  });

  it("the parent meetings list", async () => {
    const { meetings } = (await ok(motherOfSofia.as({ method: "GET", url: "/api/parent-meetings" }))).data;
    expect(meetings).toHaveLength(1);
    expect(meetings[0]).toMatchObject({
      place: "Salón de otro estudiante",
      agreements: "Sofía ofrecerá disculpas a otro estudiante.",
    });
    expectNoHiddenName(JSON.stringify(meetings));
  });

  it("the evidence's download name", async () => {
    const { attachments } = await details(motherOfSofia.as);
    const res = await motherOfSofia.as({ method: "GET", url: attachments[0].url });
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(res.headers["content-disposition"] as string)).not.toMatch(/andrea|quintanilla/i);
  });

  it("her notifications", async () => {
    const { notifications } = (await ok(motherOfSofia.as({ method: "GET", url: "/api/notifications" }))).data;
    expect(notifications.length).toBeGreaterThan(0);
    expectNoHiddenName(JSON.stringify(notifications));
  });
});

describe("what staff read", () => {
  it("the text as it was written, and their search finds the name", async () => {
    for (const staff of [s.teacher, s.director]) {
      const incident = await details(staff.as);
      expect(incident.detail).toBe(DETAIL);
      expect(incident.place).toBe("Junto a la banca de ANDREA");
      expect(incident.meetings[0].agreements).toBe("Sofía ofrecerá disculpas a Andrea.");
      expect(incident.attachments[0].file_name).toBe("golpe_andrea_quintanilla.pdf");
    }
    expect((await search(s.director.as, "Andrea")).total).toBe(1);
  });
});

describe("accompaniment observations", () => {
  it("a family reads other students' full names replaced; staff read them", async () => {
    await ok(
      s.teacher.as({
        method: "POST",
        url: "/api/accompaniment-observations",
        payload: {
          student_id: sofia.id,
          observation_type_id: s.observationType.id,
          text: "Sofía ayudó a Andrea Quintanilla y a María Hernández con la tarea.",
          observed_on: schoolDay(0),
        },
      }),
      201,
    );
    const read = async (as: As, lang = "es") =>
      (
        await ok(
          as({
            method: "GET",
            url: `/api/accompaniment-observations?student_id=${sofia.id}`,
            headers: { "accept-language": lang },
          }),
        )
      ).data.observations[0].text;
    expect(await read(motherOfSofia.as)).toBe("Sofía ayudó a otro estudiante y a otro estudiante con la tarea.");
    expect(await read(motherOfSofia.as, "en")).toBe("Sofía ayudó a another student y a another student con la tarea.");
    expect(await read(s.director.as)).toBe("Sofía ayudó a Andrea Quintanilla y a María Hernández con la tarea.");
  });
});

describe("her search over many incidents (the page found by walking hers, the count after)", () => {
  it("a hidden name still finds nothing, a word she reads finds them all, page by page", async () => {
    const hers = (detail: string) =>
      insertIncident(t.db, s, {
        students: [
          { id: sofia.id, groupId: s.groupA.id },
          { id: andrea.id, groupId: s.groupA.id, role: "affected" },
        ],
        recordedBy: s.teacher.user.id,
        detail,
        place: null,
        // Newer than the first incident (whose place also says "banca"), so the first pages are these.
        occurredAt: new Date(Date.now() - 10_000),
      });
    // More incidents than a page and its spare candidates: the page is found among her newest incidents.
    for (let i = 0; i < 20; i++) await hers("Empujó a Andrea junto a la banca.");
    for (let i = 0; i < 20; i++) await hers("Le quitó el lápiz a Andrea.");

    for (const count of ["now", "later"]) {
      const query = (q: string, page = 1) =>
        ok(motherOfSofia.as({ method: "GET", url: `/api/incidents?q=${q}&per_page=5&page=${page}&count=${count}` }));
      // Every one of the 41 names Andrea in what was written; she reads "Otro estudiante".
      expect((await query("Andrea")).data).toMatchObject({ incidents: [], total: 0 });
      const banca = (await query("banca")).data;
      expect(banca.incidents).toHaveLength(5);
      for (const incident of banca.incidents) expect(incident.excerpt).toContain("otro estudiante junto a la banca");
      // The page and its neighbour never repeat an incident.
      const next = (await query("banca", 2)).data.incidents as { id: number }[];
      expect(next.map((i) => i.id)).not.toEqual(
        expect.arrayContaining(banca.incidents.map((i: { id: number }) => i.id)),
      );
    }
    const counted = await ok(motherOfSofia.as({ method: "GET", url: "/api/incidents/count?q=banca" }));
    expect(counted.data).toEqual({ total: 21, total_capped: false });
    const none = await ok(motherOfSofia.as({ method: "GET", url: "/api/incidents/count?q=Andrea" }));
    expect(none.data).toEqual({ total: 0, total_capped: false });
  });
});
