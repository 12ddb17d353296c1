import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLog } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";

/**
 * Every route that hands out one child's sensitive record writes a read-log entry (issue 25 §3): the table below
 * names each with its kind and the students it concerns, and every staff read of each is checked for its entries.
 * The route catalogue is walked too: a GET route about one student or one incident that is in neither table (a new
 * module's) fails until it is logged or ruled out here with its reason.
 */
let t: TestApp;
let s: IncidentSchool;
let incidentId: number;
let attachmentId: number;
const uploads = mkdtempSync(join(tmpdir(), "convive-read-log-routes-"));

interface Sensitive {
  kind: string;
  /** The address to read, from the fixtures. */
  path: () => string;
  /** The students the read is about: one entry each. */
  students: () => number[];
}

const SENSITIVE: Record<string, Sensitive> = {
  "/api/students/:id/file": {
    kind: "student.file",
    path: () => `/api/students/${s.a1.id}/file`,
    students: () => [s.a1.id],
  },
  "/api/incidents/:id": {
    kind: "incident.details",
    path: () => `/api/incidents/${incidentId}`,
    students: () => [s.a1.id, s.a2.id],
  },
  "/api/incidents/:id/pdf": {
    kind: "incident.pdf",
    path: () => `/api/incidents/${incidentId}/pdf`,
    students: () => [s.a1.id, s.a2.id],
  },
  // Issue 30 §2: the protocol's steps, notes and evidence (the fixture's type follows the starter protocol).
  "/api/incidents/:id/protocol": {
    kind: "incident.protocol",
    path: () => `/api/incidents/${incidentId}/protocol`,
    students: () => [s.a1.id, s.a2.id],
  },
  "/api/incidents/:id/attachments/:attachmentId": {
    kind: "incident.evidence",
    path: () => `/api/incidents/${incidentId}/attachments/${attachmentId}`,
    students: () => [s.a1.id, s.a2.id],
  },
  "/api/scorecard/students/:id": {
    kind: "student.scorecard",
    path: () => `/api/scorecard/students/${s.a2.id}`,
    students: () => [s.a2.id],
  },
  "/api/scorecard/students/:id/pdf": {
    kind: "student.scorecard",
    path: () => `/api/scorecard/students/${s.a2.id}/pdf`,
    students: () => [s.a2.id],
  },
  "/api/students/:id/consents": {
    kind: "student.consents",
    path: () => `/api/students/${s.a1.id}/consents`,
    students: () => [s.a1.id],
  },
  "/api/students/:id/conversation": {
    kind: "message.conversation",
    path: () => `/api/students/${s.a1.id}/conversation`,
    students: () => [s.a1.id],
  },
  "/api/students/:id/conversation/pdf": {
    kind: "message.conversation",
    path: () => `/api/students/${s.a1.id}/conversation/pdf`,
    students: () => [s.a1.id],
  },
  // Issue 28: external support and inclusion, and the teacher's view of the adjustments.
  "/api/students/:id/referrals": {
    kind: "support.referrals",
    path: () => `/api/students/${s.a1.id}/referrals`,
    students: () => [s.a1.id],
  },
  "/api/students/:id/inclusion": {
    kind: "inclusion.record",
    path: () => `/api/students/${s.a1.id}/inclusion`,
    students: () => [s.a1.id],
  },
  "/api/students/:id/adjustments": {
    kind: "inclusion.adjustments",
    path: () => `/api/students/${s.a1.id}/adjustments`,
    students: () => [s.a1.id],
  },
  // Issue 29: the medical record (the nurse's and the Director's reads).
  "/api/students/:id/nursing": {
    kind: "nursing.record",
    path: () => `/api/students/${s.a1.id}/nursing`,
    students: () => [s.a1.id],
  },
};

/** GET routes about one student or incident that are not logged, and why. */
const NOT_LOGGED: Record<string, string> = {
  "/api/students/:id": "the enrolment record the school administers (names, ids, group), not a sensitive record",
  "/api/students/:id/family-members": "the family's accounts as the school administers them (enrolment)",
  "/api/students/:id/points": "a tab of the file: opening the file is the entry",
  "/api/students/:id/formative-actions": "a tab of the file: opening the file is the entry",
  "/api/students/:id/read-log": "the log itself (who read), not the child's record",
  "/api/students/:id/read-log.csv": "the log itself (who read), exported by its holder, not the child's record",
  "/api/students/:id/read-log/family": "the log itself, read by the child's own family",
  "/api/students/:id/rectifications":
    "the family's own requests to correct data and the school's answers, not a record the school keeps of the child",
  "/api/students/:id/family-copy":
    "a family's own download; logged for the family as student.family-copy (family-copy.test.ts), never read by staff (403)",
  "/api/students/:id/health-alert":
    "logged as nursing.alert only when it shows a critical allergy or condition: an empty alert says nothing (the file's header asks on every opening)",
  "/api/incidents/:id/meeting-attendees": "the people who may be invited to a meeting (names), options of a form",
  "/api/incidents/:id/messages":
    "who wrote about the incident and when, without the text: opening the conversation is the entry",
  "/api/incidents/:id/acknowledgements":
    "which families confirmed reading the incident, a panel of its details screen: opening the details is the entry",
};

/**
 * Issue 30 §4: every export or PDF that includes students' records writes the read log — one entry per student it
 * names. The catalogue is walked for files (a path ending in pdf, xlsx, csv or export): each is here with the
 * kind it logs and the students of the fixtures it names, or in FILES_NOT_LOGGED with the reason.
 */
const EXPORTS: Record<string, Sensitive> = {
  "/api/incidents/export": {
    kind: "incident.export",
    path: () => "/api/incidents/export",
    students: () => [s.a1.id, s.a2.id],
  },
  "/api/scorecard/groups/:id/pdf": {
    kind: "student.scorecard",
    path: () => `/api/scorecard/groups/${s.groupA.id}/pdf`,
    students: () => [s.a1.id, s.a2.id],
  },
  "/api/strategic-vision/pdf": {
    kind: "dashboard.export",
    path: () => "/api/strategic-vision/pdf",
    // a1 is in three incidents of the fixtures: the early-warning table names her.
    students: () => [s.a1.id],
  },
  "/api/strategic-vision/xlsx": {
    kind: "dashboard.export",
    path: () => "/api/strategic-vision/xlsx",
    students: () => [s.a1.id],
  },
};
const FILES_NOT_LOGGED: Record<string, string> = {
  "/api/imports/templates/:kind": "an empty template with one example row: no student's record",
};
/** Logged files already checked with the single-student reads above. */
const FILES_IN_SENSITIVE = [
  "/api/incidents/:id/pdf",
  "/api/scorecard/students/:id/pdf",
  "/api/students/:id/conversation/pdf",
];
/**
 * Files that log in their routes but need fixtures this file does not build (a sent form, a conditioned
 * enrollment): their entries are checked where those are built — the forms export's in forms.test.ts, the carta
 * compromiso's in inclusion.test.ts.
 */
const LOGGED_ELSEWHERE = ["/api/forms/:id/export.xlsx", "/api/conditioned-enrollments/:id/letter.pdf"];
const isFile = (url: string) => /(pdf|xlsx|csv|export)$/.test(url);

/** A GET about one student or one incident: its first parameter names the student or the incident. */
const aboutOneChild = (url: string) => /^\/api\/(students|incidents|scorecard\/students)\/:/.test(url);

beforeAll(async () => {
  t = await createTestApp({ UPLOADS_DIR: uploads });
  s = await incidentSchool(t.app, t.db);
  const students = [
    { student_id: s.a1.id, role: "involved" },
    { student_id: s.a2.id, role: "affected" },
  ];
  const protocols = await s.director.as({ method: "GET", url: "/api/protocols" });
  const protocolId = protocols.json().data.protocols[0].id;
  const typed = await s.director.as({
    method: "PATCH",
    url: `/api/incident-types/${s.type.id}`,
    payload: { protocol_id: protocolId },
  });
  expect(typed.statusCode, typed.body).toBe(200);
  const res = await s.teacher.as({ method: "POST", url: "/api/incidents", payload: registration(s, { students }) });
  expect(res.statusCode, res.body).toBe(201);
  incidentId = res.json().data.incident.id;
  // Two more of a1's: three in the dashboard's window put her in its early-warning table (issue 30 §4).
  for (let i = 0; i < 2; i++) {
    const more = await s.teacher.as({ method: "POST", url: "/api/incidents", payload: registration(s) });
    expect(more.statusCode, more.body).toBe(201);
  }
  const evidence = Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\n"), Buffer.alloc(200, 0x20)]);
  const uploaded = await s.teacher.as({
    method: "POST",
    url: `/api/incidents/${incidentId}/attachments?name=acta.pdf`,
    headers: { "content-type": "application/pdf" },
    payload: evidence,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  attachmentId = uploaded.json().data.attachment.id;
  // A conversation with a1's family, so reading it reads something (issue 27).
  const message = await s.teacher.as({
    method: "POST",
    url: `/api/students/${s.a1.id}/messages`,
    payload: { body: "Les escribo por lo del recreo." },
  });
  expect(message.statusCode, message.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
  rmSync(uploads, { recursive: true, force: true });
});

const entriesOf = (kind: string, userId: number) =>
  t.db
    .select({ studentId: readLog.studentId, recordId: readLog.recordId })
    .from(readLog)
    .where(and(eq(readLog.schoolId, s.school.id), eq(readLog.kind, kind), eq(readLog.userId, userId)));

describe("sensitive reads in the read log", () => {
  it("every GET about one student or incident is either logged or ruled out with a reason", () => {
    const gets = t.app.routeCatalogue.filter((r) => r.method === "GET" && aboutOneChild(r.url)).map((r) => r.url);
    const unruled = [...new Set(gets)].filter((url) => !(url in SENSITIVE) && !(url in NOT_LOGGED));
    expect(unruled).toEqual([]);
    // Both tables name routes that exist.
    for (const url of [...Object.keys(SENSITIVE), ...Object.keys(NOT_LOGGED)]) expect(gets).toContain(url);
  });

  for (const [url, route] of Object.entries(SENSITIVE)) {
    it(`a staff read of ${url} writes one ${route.kind} entry per student`, async () => {
      // The Director reads everything; a teacher of the group reads the incident and its evidence as well.
      const readers = url.startsWith("/api/incidents") ? [s.director, s.teacher] : [s.director];
      for (const reader of readers) {
        const before = await entriesOf(route.kind, reader.user.id);
        const res = await reader.as({ method: "GET", url: route.path() });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
        const after = await entriesOf(route.kind, reader.user.id);
        const added = after.slice(before.length).map((e) => e.studentId);
        expect(added.sort(), `${url} read by user ${reader.user.id}`).toEqual(route.students().sort());
      }
    });
  }

  it("every file (PDF, XLSX, CSV, export) is logged or ruled out with a reason", () => {
    const files = t.app.routeCatalogue.filter((r) => r.method === "GET" && isFile(r.url)).map((r) => r.url);
    const unruled = [...new Set(files)].filter(
      (url) =>
        !(url in EXPORTS) &&
        !(url in FILES_NOT_LOGGED) &&
        !FILES_IN_SENSITIVE.includes(url) &&
        !(url in SENSITIVE) &&
        !(url in NOT_LOGGED) &&
        !LOGGED_ELSEWHERE.includes(url),
    );
    expect(unruled).toEqual([]);
  });

  for (const [url, route] of Object.entries(EXPORTS)) {
    it(`the Director's ${url} writes one ${route.kind} entry per student it names`, async () => {
      const before = await entriesOf(route.kind, s.director.user.id);
      const res = await s.director.as({ method: "GET", url: route.path() });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      const after = await entriesOf(route.kind, s.director.user.id);
      const added = after.slice(before.length).map((e) => e.studentId);
      expect(added.sort()).toEqual(route.students().sort());
    });
  }

  it("the evidence entry names the file downloaded; a family's own download is not logged", async () => {
    const [entry] = await entriesOf("incident.evidence", s.director.user.id);
    expect(entry?.recordId).toBe(String(attachmentId));
    const family = await s.motherOfA1.as({
      method: "GET",
      url: `/api/incidents/${incidentId}/attachments/${attachmentId}`,
    });
    expect(family.statusCode).toBe(200);
    expect(await entriesOf("incident.evidence", s.motherOfA1.user.id)).toEqual([]);
  });

  it("the Director's log shows the new kinds by name in both languages", async () => {
    const es = await s.director.as({
      method: "GET",
      url: `/api/students/${s.a1.id}/read-log?per_page=50`,
      headers: { "accept-language": "es" },
    });
    const labels = es.json().data.entries.map((e: { kind_label: string }) => e.kind_label);
    expect(labels).toContain("Evidencia de incidencia");
    expect(labels).toContain("Consentimientos del alumno");
    const en = await s.director.as({
      method: "GET",
      url: `/api/students/${s.a1.id}/read-log?per_page=50`,
      headers: { "accept-language": "en" },
    });
    const english = en.json().data.entries.map((e: { kind_label: string }) => e.kind_label);
    expect(english).toContain("Incident evidence");
    expect(english).toContain("Student consents");
  });
});
