import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familyLinks, familyMembers, studentGroups, students } from "../../src/db/schema/index.ts";
import { insertStarterGradeSetup, ratingSetup } from "../../src/modules/grade-config/index.ts";
import { addMember, client, createUser, login, uniq } from "../helpers/factories.ts";
import { schoolDay } from "../helpers/follow-up.ts";
import { createAppWithInbox } from "../helpers/inbox.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";
import { pdfText } from "../helpers/pdf-text.ts";
import { passPublishWindow } from "../helpers/publish.ts";

/**
 * Issue 24 §1, "one redaction choke point": a name of a student who is not the family's child, written in every
 * form teachers write it, into every text field a family can read, never reaches the family — through any
 * channel: the JSON of every route they can call (walked from the route catalogue, so a new module's routes are
 * read too), the PDFs and the XLSX export, their notifications and their e-mails. Where it stood they read "otro
 * estudiante".
 */

type App = Awaited<ReturnType<typeof createAppWithInbox>>;
let t: App;
let s: IncidentSchool;
type As = IncidentSchool["director"]["as"];
type Row = typeof students.$inferSelect;

/** Andrea Alvarado Jiménez of group B, as teachers write her name (issue 24 §1). */
const FORMS = {
  "full name": "Andrea Alvarado Jiménez",
  "surname first": "Alvarado Jiménez Andrea",
  "surname, given name": "Alvarado, Andrea",
  "joined by a dot": "andrea.alvarado",
  "zero-width characters": "An\u200Bdrea\u200B Alvarado",
  "Cyrillic look-alike letters": "\u0410ndr\u0435a Alvarado",
  initials: "Andrea A.",
  "lowercase full name": "andrea alvarado jiménez",
} as const;
type Form = keyof typeof FORMS;
const FORM_NAMES = Object.keys(FORMS) as Form[];

/** Every text field a family reads, by the marker its text carries. */
const FIELDS = [
  "detail",
  "action-notes",
  "completion-note",
  "closing-note",
  "meeting-agreements",
  "meeting-minutes",
  "observation",
  "rating-comment",
  "points-one",
  "points-group",
  // An incident about Sofía and Andrea: where Andrea is one of the incident's students.
  "detail-with-her",
  // Issue 27: a staff message in Sofía's conversation (its JSON, the inbox, the PDF export and the e-mail).
  "message",
] as const;
type Field = (typeof FIELDS)[number];

/**
 * Initials ("Andrea A.") are hidden for the incident's own students only — the domain's rule (redaction.ts): across
 * a school "A. García" or "María G." fits dozens of children, so school-wide they would hide every namesake. The
 * other forms are hidden wherever they are written.
 */
const fieldsFor = (form: Form): readonly Field[] => (form === "initials" ? ["detail-with-her"] : FIELDS);

const marker = (field: Field, form: Form) => `[${field}-${FORM_NAMES.indexOf(form) + 1}]`;
/** One sentence per name form, each behind its marker: "[detail-1] Habló con Andrea Alvarado Jiménez." */
const allForms = (field: Field) => FORM_NAMES.map((f) => `${marker(field, f)} Habló con ${FORMS[f]}.`).join(" ");

/** What a person would still read as Andrea's name: zero-width characters, look-alikes and accents undone. */
const CYRILLIC: Record<string, string> = { а: "a", е: "e", о: "o", р: "p", с: "c", і: "i", А: "A", Е: "E", О: "O" };
const fold = (text: string) =>
  text
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, "")
    .normalize("NFKC")
    .replace(/[аеорсіАЕО]/g, (c) => CYRILLIC[c] ?? c)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase();
const NAME_PARTS = /andrea|alvarado|jimenez/;

/** What the family read: one entry per channel (route, PDF, workbook, e-mail). */
const reads: { channel: string; text: string }[] = [];
const emails: { subject: string; text: string }[] = [];
let sofia: Row;
let andrea: Row;
let mother: { user: { id: number; email: string }; as: As };
let incidentId: number;
let meetingId: number;

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

async function parentOf(student: Row) {
  const user = await createUser(t.db, { language: "es" });
  await addMember(t.db, s.school.id, user.id, s.school.profileIds.familiar);
  await t.db.insert(familyMembers).values({ schoolId: s.school.id, userId: user.id });
  await t.db
    .insert(familyLinks)
    .values({ schoolId: s.school.id, studentId: student.id, userId: user.id, relationship: "mother" });
  return { user, as: client(t.app, await login(t.app, user.email), s.school.id) };
}

async function ok(response: ReturnType<As>, status = 200) {
  const res = await response;
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
}

/** Every string of a JSON answer, one per line. */
function strings(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, into);
  else if (value && typeof value === "object") for (const v of Object.values(value)) strings(v, into);
  return into;
}

async function workbookText(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as never);
  const cells: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))));
  return cells.join("\n");
}

/** The id a route's `:id` names for this family: the incident, the meeting, the group or the child. */
function idFor(url: string) {
  if (url.startsWith("/api/incidents/")) return incidentId;
  if (url.startsWith("/api/parent-meetings/")) return meetingId;
  if (url.startsWith("/api/groups/") || url.startsWith("/api/scorecard/groups/")) return s.groupA.id;
  if (url.startsWith("/api/users/")) return mother.user.id;
  return sofia.id;
}

/** Reads every GET route of the catalogue as the family (plain, and for their child), keeping what answered. */
async function readEverything(as: As) {
  const answered = new Set<string>();
  for (const route of t.app.routeCatalogue) {
    if (route.method !== "GET" || route.access === "root") continue;
    const params = route.url.match(/:\w+/g) ?? [];
    if (params.some((p) => p !== ":id")) continue;
    const path = route.url.replace(":id", String(idFor(route.url)));
    for (const url of [path, `${path}?student_id=${sofia.id}`]) {
      const res = await as({ method: "GET", url, headers: { "accept-language": "es" } });
      if (res.statusCode !== 200) continue;
      answered.add(route.url);
      const type = String(res.headers["content-type"] ?? "");
      const text = type.includes("json")
        ? strings(res.json()).join("\n")
        : type.includes("pdf")
          ? pdfText(res.rawPayload)
          : type.includes("spreadsheet")
            ? await workbookText(res.rawPayload)
            : type.startsWith("text/")
              ? res.body
              : "";
      reads.push({ channel: `${route.url}${url.includes("?") ? " (child)" : ""}`, text });
    }
  }
  return answered;
}

/** The stretches of a text behind a marker, up to the next marker. */
const segments = (text: string, mark: string) =>
  text
    .split(mark)
    .slice(1)
    .map((rest) => rest.split(/\[[a-z-]+-\d\]/)[0]!);

let answered: Set<string>;

beforeAll(async () => {
  t = await createAppWithInbox();
  s = await incidentSchool(t.app, t.db);
  sofia = await studentIn(s.groupA.id, "Sofía", "Ramírez", "Soto");
  andrea = await studentIn(s.groupB.id, "Andrea", "Alvarado", "Jiménez");
  mother = await parentOf(sofia);
  await insertStarterGradeSetup(t.db, s.school.id);

  // An incident about Sofía alone, written by her teacher, with a formative action; then a completion note.
  const created = await ok(
    s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, {
        students: [{ student_id: sofia.id, role: "involved" }],
        detail: allForms("detail"),
        visible_to_family: true,
        formative_actions: [
          {
            student_id: sofia.id,
            guideline: "Diálogo reflexivo con el estudiante",
            responsible_id: s.teacher.user.id,
            starts_on: schoolDay(0),
            ends_on: schoolDay(14),
            repeat: "weekly",
            notes: allForms("action-notes"),
          },
        ],
      }),
    }),
    201,
  );
  incidentId = created.data.incident.id;
  const details = (await ok(s.director.as({ method: "GET", url: `/api/incidents/${incidentId}` }))).data.incident;
  await ok(
    s.teacher.as({
      method: "POST",
      url: `/api/formative-actions/${details.formative_actions[0].id}/completions`,
      payload: { occurrence_on: schoolDay(0), note: allForms("completion-note") },
    }),
  );
  const meeting = await ok(
    s.director.as({
      method: "POST",
      url: `/api/incidents/${incidentId}/meetings`,
      payload: {
        scheduled_at: new Date(Date.now() + 48 * 3_600_000).toISOString(),
        place: "Dirección",
        attendee_ids: [mother.user.id, s.teacher.user.id],
        agreements: allForms("meeting-agreements"),
        minutes: allForms("meeting-minutes"),
      },
    }),
    201,
  );
  meetingId = meeting.data.meeting.id;

  await ok(
    s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, {
        students: [
          { student_id: sofia.id, role: "involved" },
          { student_id: andrea.id, role: "affected" },
        ],
        detail: allForms("detail-with-her"),
        visible_to_family: true,
      }),
    }),
    201,
  );

  // A second incident, closed with a note.
  const second = await ok(
    s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, { students: [{ student_id: sofia.id, role: "involved" }], visible_to_family: true }),
    }),
    201,
  );
  await ok(
    s.director.as({
      method: "POST",
      url: `/api/incidents/${second.data.incident.id}/close`,
      payload: { closing_note: allForms("closing-note") },
    }),
  );

  await ok(
    s.teacher.as({
      method: "POST",
      url: "/api/accompaniment-observations",
      payload: {
        student_id: sofia.id,
        observation_type_id: s.observationType.id,
        text: allForms("observation"),
        observed_on: schoolDay(0),
        visible_to_family: true,
      },
    }),
    201,
  );

  // Her head teacher writes to the family. Not the initials: school-wide they stay (see fieldsFor), and the
  // e-mail, which carries the text, is checked for every name part.
  await ok(
    s.teacher.as({
      method: "POST",
      url: `/api/students/${sofia.id}/messages`,
      payload: {
        body: FORM_NAMES.filter((f) => f !== "initials")
          .map((f) => `${marker("message", f)} Habló con ${FORMS[f]}.`)
          .join(" "),
      },
    }),
    201,
  );

  // Points: one award to Sofía and one to her whole group per name form (a reason is one short line).
  for (const form of FORM_NAMES) {
    const award = (field: Field, target: Record<string, unknown>) =>
      ok(
        s.teacher.as({
          method: "POST",
          url: "/api/point-awards",
          payload: {
            ...target,
            points: 1,
            reason: `${marker(field, form)} Ayudó a ${FORMS[form]}.`,
            awarded_on: schoolDay(0),
          },
        }),
        201,
      );
    await award("points-one", { student_ids: [sofia.id] });
    await award("points-group", { group_id: s.groupA.id });
  }

  // Her rating for the current period, a comment marked for the family, and the period published.
  const setup = await ratingSetup(t.db, s.school.id);
  const conduct = setup.measures.find((m) => m.kind === "conduct")!;
  await ok(
    s.teacher.as({
      method: "PUT",
      url: "/api/ratings/cells",
      payload: { student_id: sofia.id, period_id: s.period.id, measure_id: conduct.id, value: "9" },
    }),
  );
  await ok(
    s.teacher.as({
      method: "PUT",
      url: "/api/ratings/comments",
      payload: {
        student_id: sofia.id,
        period_id: s.period.id,
        text: allForms("rating-comment"),
        visible_to_family: true,
      },
    }),
  );
  await ok(
    s.director.as({
      method: "POST",
      url: `/api/ratings/periods/${s.period.id}/publish`,
      payload: { group_ids: [s.groupA.id, s.groupB.id], confirmEmpty: true },
    }),
  );
  // The unpublish window over (issue 26 §1): the job tells the families.
  await passPublishWindow(t.app, s.school.id, s.period.id);

  answered = await readEverything(mother.as);
  // The group's printed scorecards go home too: Sofía's page, printed by the director.
  const group = await s.director.as({ method: "GET", url: `/api/scorecard/groups/${s.groupA.id}/pdf` });
  expect(group.statusCode, group.body).toBe(200);
  reads.push({ channel: "group scorecards PDF (printed by staff)", text: pdfText(group.rawPayload) });
  // Her e-mails: the incidents told to families and the published ratings.
  for (const mail of await t.mailsTo(mother.user.email, 4)) emails.push(mail);
}, 120_000);

afterAll(() => t?.close());

describe("what a family reads of another student's name", () => {
  it("reads every channel: the routes that show each field answered, and so did the files", () => {
    for (const url of [
      "/api/incidents",
      "/api/incidents/:id",
      "/api/incidents/:id/pdf",
      "/api/incidents/export",
      "/api/students/:id/formative-actions",
      "/api/parent-meetings",
      "/api/accompaniment-observations",
      "/api/students/:id/points",
      "/api/ratings/family",
      "/api/scorecard/students/:id",
      "/api/scorecard/students/:id/pdf",
      "/api/students/:id/file",
      "/api/notifications",
      "/api/students/:id/conversation",
      "/api/students/:id/conversation/pdf",
      "/api/messages/inbox",
    ]) {
      expect(answered, url).toContain(url);
    }
    // Every field reached her somewhere, and by more than one channel where it has more.
    for (const field of FIELDS) {
      const where = reads.filter((r) => r.text.includes(marker(field, "full name")));
      expect(where.length, field).toBeGreaterThan(0);
    }
  });

  it.each(FORM_NAMES)("never shows the name written as %s; she reads 'otro estudiante'", (form) => {
    const leaks: string[] = [];
    for (const field of fieldsFor(form)) {
      const mark = marker(field, form);
      let seen = 0;
      for (const { channel, text } of reads) {
        for (const segment of segments(text, mark)) {
          seen++;
          if (NAME_PARTS.test(fold(segment)) || !/otro estudiante/i.test(segment)) {
            leaks.push(`${field} via ${channel}: ${JSON.stringify(segment.trim())}`);
          }
        }
      }
      expect(seen, `${field} never reached the family`).toBeGreaterThan(0);
    }
    expect(leaks).toEqual([]);
  });

  it("her notifications and e-mails never name another student", () => {
    const notified = reads.filter((r) => r.channel.startsWith("/api/notifications"));
    expect(notified.length).toBeGreaterThan(0);
    for (const { text } of notified) expect(fold(text)).not.toMatch(NAME_PARTS);
    expect(emails.length).toBeGreaterThanOrEqual(4);
    for (const mail of emails) {
      expect(fold(`${mail.subject}\n${mail.text}`)).not.toMatch(NAME_PARTS);
      // Her own child is named: the e-mails are about Sofía.
      expect(`${mail.subject}\n${mail.text}`).toContain("Sofía");
    }
  });

  it("hides a student enrolled a moment ago (the school's names are checked on every read)", async () => {
    const before = await ok(
      mother.as({ method: "GET", url: `/api/accompaniment-observations?student_id=${sofia.id}` }),
    );
    expect(before.data.observations.length).toBeGreaterThan(0);
    await studentIn(s.groupB.id, "Zacarías", "Quiroga", "Ulloa");
    await ok(
      s.teacher.as({
        method: "POST",
        url: "/api/accompaniment-observations",
        payload: {
          student_id: sofia.id,
          observation_type_id: s.observationType.id,
          text: "Trabajó en equipo con Zacarías Quiroga.",
          observed_on: schoolDay(0),
          visible_to_family: true,
        },
      }),
      201,
    );
    const after = await ok(mother.as({ method: "GET", url: `/api/accompaniment-observations?student_id=${sofia.id}` }));
    const text = JSON.stringify(after);
    expect(text).not.toContain("Quiroga");
    expect(text).toContain("Trabajó en equipo con otro estudiante");
  });

  it("staff still read what was written", async () => {
    const details = (await ok(s.director.as({ method: "GET", url: `/api/incidents/${incidentId}` }))).data.incident;
    expect(details.detail).toContain(FORMS["full name"]);
    expect(andrea.firstName).toBe("Andrea");
  });
});
