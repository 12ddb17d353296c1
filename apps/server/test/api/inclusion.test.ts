import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoApp, type DemoApp, type DemoClient } from "../helpers/demo-app.ts";
import { pdfText } from "../helpers/pdf-text.ts";

/**
 * Issue 28 §2–§4 on the demo: Sofía (3° A Primaria) has a visual condition with three adjustments, Diego (1° A
 * Secundaria) a conditioned enrollment whose letter his mother (familia@) acknowledged. Their inclusion records are
 * read by the school's confidential readers (orientador1@, director@) and by their family without internal notes;
 * a teacher (docente@, Sofía's head teacher) sees only the adjustments, from a marker beside her name; a coordinator
 * and another school get 404; every staff read lands in the read log; the orientador hears of Sofía's incident.
 */

let t: DemoApp;
let director: DemoClient;
let orientador: DemoClient;
let docente: DemoClient;
let coordinador: DemoClient;
let familia: DemoClient;
let norte: DemoClient;
let sofia: number;
let diego: number;

const get = (as: DemoClient, url: string, lang = "es") =>
  as({ method: "GET", url, headers: { "accept-language": lang } });
const post = (as: DemoClient, url: string, payload: object) => as({ method: "POST", url, payload });
const data = async (as: DemoClient, url: string, lang = "es") => {
  const res = await get(as, url, lang);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  t = await createDemoApp();
  director = await t.as("director@convive.test");
  orientador = await t.as("orientador1@convive.test");
  docente = await t.as("docente@convive.test");
  coordinador = await t.as("coordinador1@convive.test");
  familia = await t.as("familia@convive.test");
  norte = await t.as("norte@convive.test", "instituto-norte");
  sofia = await t.studentId("Sofía", "Ramírez");
  diego = await t.studentId("Diego", "Ramírez");
}, 180_000);
afterAll(() => t?.close());

describe("who reads a student's inclusion record", () => {
  it("shows the counsellor and the director the whole record, and the mother hers without internal notes", async () => {
    for (const reader of [orientador, director]) {
      const record = await data(reader, `/api/students/${sofia}/inclusion`);
      expect(record.student).toMatchObject({ id: sofia, name: expect.stringContaining("Sofía") });
      expect(record.consent_granted).toBe(true);
      expect(record.can_edit).toBe(true);
      const [visual] = record.conditions;
      expect(visual).toMatchObject({
        type: { label: "Visual" },
        description: expect.stringContaining("Baja visión"),
        usaer_support: true,
        active: true,
        internal_notes: expect.stringContaining("reporte oftalmológico"),
        review_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
      expect(visual.barriers).toHaveLength(2);
      expect(visual.adjustments.map((a: { kind: string }) => a.kind)).toEqual([
        "access",
        "methodological",
        "assessment",
      ]);
    }
    const mine = await data(familia, `/api/students/${sofia}/inclusion`, "en");
    expect(mine.conditions[0]).toMatchObject({ type: { label: "Visual" }, internal_notes: null });
    expect(mine.can_edit).toBe(false);
    expect(JSON.stringify(mine)).not.toContain("reporte oftalmológico");
  });

  it("gives Diego's mother the letter's reasons and commitments but not the details; she acknowledged it", async () => {
    const staff = await data(orientador, `/api/students/${diego}/inclusion`);
    const [enrollment] = staff.conditioned_enrollments;
    expect(enrollment).toMatchObject({
      reasons: ["disciplinary"],
      details: expect.stringContaining("Tres incidencias graves"),
      outcome: null,
      can_acknowledge: false,
      acknowledgements: [{ role: "family", by: { id: familia.userId }, comment: expect.any(String) }],
    });
    expect(enrollment.commitments).toHaveLength(3);
    const mine = await data(familia, `/api/students/${diego}/inclusion`);
    expect(mine.conditioned_enrollments[0]).toMatchObject({
      reasons: ["disciplinary"],
      details: null,
      commitments: enrollment.commitments,
      can_acknowledge: false,
    });
    expect(JSON.stringify(mine)).not.toContain("Tres incidencias graves");
    const again = await post(familia, `/api/conditioned-enrollments/${enrollment.id}/acknowledge`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("LETTER_ALREADY_ACKNOWLEDGED");
    const staffTry = await post(orientador, `/api/conditioned-enrollments/${enrollment.id}/acknowledge`, {});
    expect(staffTry.statusCode).toBe(403);
    expect(staffTry.json().code).toBe("LETTER_FAMILY_ONLY");
  });

  it("answers 404 to the teacher, the coordinator and another school — the record's existence is confidential", async () => {
    const enrollment = (await data(orientador, `/api/students/${diego}/inclusion`)).conditioned_enrollments[0];
    for (const as of [docente, coordinador, norte]) {
      expect((await get(as, `/api/students/${sofia}/inclusion`)).statusCode).toBe(404);
      expect((await get(as, `/api/conditioned-enrollments/${enrollment.id}/letter.pdf`)).statusCode).toBe(404);
      expect((await post(as, `/api/conditioned-enrollments/${enrollment.id}/acknowledge`, {})).statusCode).toBe(404);
    }
    // The list of monitored students is for the confidential readers only.
    for (const as of [docente, coordinador, familia]) {
      expect((await get(as, "/api/inclusion/monitored")).statusCode).toBe(403);
    }
    expect((await get(norte, `/api/students/${sofia}/adjustments`)).statusCode).toBe(404);
  });

  it("prints the carta compromiso in the reader's language, with the family's acknowledgement and its date", async () => {
    const enrollment = (await data(orientador, `/api/students/${diego}/inclusion`)).conditioned_enrollments[0];
    const url = `/api/conditioned-enrollments/${enrollment.id}/letter.pdf`;
    const es = await get(familia, url);
    expect(es.statusCode).toBe(200);
    expect(es.headers["content-type"]).toContain("application/pdf");
    const text = pdfText(es.rawPayload);
    expect(text).toContain("Carta compromiso");
    expect(text).toContain("Colegio");
    expect(text).toContain("Diego");
    expect(text).toContain("disciplinarios");
    expect(text).toContain(enrollment.commitments[0]);
    expect(text).toContain("Gabriela Torres");
    expect(text).not.toContain("Tres incidencias graves");
    const en = pdfText((await get(orientador, url, "en")).rawPayload);
    expect(en).toContain("Commitment letter");
    expect(en).toContain("disciplinary");
  });

  it("counts the records in the student file's Inclusion section for its readers only", async () => {
    const section = async (as: DemoClient, id: number) =>
      (await data(as, `/api/students/${id}/file`)).file.sections.find((s: { key: string }) => s.key === "inclusion");
    expect(await section(orientador, sofia)).toEqual({ key: "inclusion", count: 1 });
    expect(await section(familia, diego)).toEqual({ key: "inclusion", count: 1 });
    expect(await section(docente, sofia)).toBeUndefined();
  });
});

describe("the adjustments where teachers work", () => {
  it("shows Sofía's teacher the three adjustments in one click — no type, description, barriers or reasons", async () => {
    const view = await data(docente, `/api/students/${sofia}/adjustments`);
    expect(Object.keys(view).sort()).toEqual(["adjustments", "student"]);
    expect(view.adjustments).toHaveLength(3);
    for (const a of view.adjustments)
      expect(Object.keys(a).sort()).toEqual(["applied_by", "description", "kind", "since"]);
    expect(view.adjustments.map((a: { description: string }) => a.description).join(" ")).toContain("18 pt");
    expect(JSON.stringify(view)).not.toMatch(/Visual|Baja visión|miopía|pizarrón desde|USAER|oftalmol/);
    // The coordinator opens any file: adjustments too; Diego has none (his record is a conditioning, never shown).
    expect((await data(coordinador, `/api/students/${sofia}/adjustments`)).adjustments).toHaveLength(3);
    const diegos = await data(orientador, `/api/students/${diego}/adjustments`);
    expect(diegos.adjustments).toEqual([]);
    expect(JSON.stringify(diegos)).not.toMatch(/disciplin|compromis/i);
    expect((await get(familia, `/api/students/${sofia}/adjustments`)).statusCode).toBe(404);
  });

  it("marks Sofía, and only her, in the teacher's registration options and ratings grid", async () => {
    const options = await data(docente, "/api/incidents/registration-options");
    const group = options.groups.find((g: { mine: boolean; label: string }) => g.mine && g.label.includes("3° A"));
    const students = (await data(docente, `/api/incidents/student-options?group_id=${group.id}`)).students as {
      id: number;
      has_adjustments: boolean;
    }[];
    expect(students.length).toBeGreaterThan(5);
    expect(students.filter((s) => s.has_adjustments).map((s) => s.id)).toEqual([sofia]);
    const ratings = (await data(docente, "/api/ratings/options")).options;
    const period = ratings.periods[0];
    const grid = (await data(docente, `/api/ratings/grid?group_id=${group.id}&period_id=${period.id}`)).grid;
    const rows = grid.students as { id: number; has_adjustments: boolean }[];
    expect(rows.filter((s) => s.has_adjustments).map((s) => s.id)).toEqual([sofia]);
  });

  it("tells the counsellor of Sofía's incident without naming her condition, and marks her on the incident", async () => {
    const options = await data(docente, "/api/incidents/registration-options");
    const group = options.groups.find((g: { mine: boolean; label: string }) => g.mine && g.label.includes("3° A"));
    const other = (await data(docente, `/api/incidents/student-options?group_id=${group.id}`)).students.find(
      (s: { id: number }) => s.id !== sofia,
    );
    const type = options.categories.flatMap((c: { types: { id: number; is_active: boolean }[] }) => c.types)[0];
    const created = await post(docente, "/api/incidents", {
      students: [
        { student_id: sofia, role: "involved" },
        { student_id: other.id, role: "involved" },
      ],
      type_id: type.id,
      detail: "Discusión durante la clase de lectura.",
      place: "Salón",
      occurred_at: new Date(Date.now() - 60_000).toISOString(),
      group_id: group.id,
      visible_to_family: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const incident = created.json().data.incident;
    await t.app.ctx.background.drain();
    const told = (await data(orientador, "/api/notifications")).notifications.filter(
      (n: { type: string }) => n.type === "inclusion.incident",
    );
    expect(told).toHaveLength(1);
    expect(told[0].link).toBe(`/incident-details?id=${incident.id}`);
    expect(`${told[0].title} ${told[0].body}`).toContain("Sofía");
    expect(told[0].body).toContain("estudiante en seguimiento de inclusión");
    expect(JSON.stringify(told)).not.toMatch(/Visual|Baja visión|adjust|ajuste/i);
    // The recorder and the Director (a counsellor was told) hear nothing of it.
    for (const as of [docente, director]) {
      const theirs = (await data(as, "/api/notifications")).notifications;
      expect(theirs.some((n: { type: string }) => n.type === "inclusion.incident")).toBe(false);
    }
    const shown = (await data(docente, `/api/incidents/${incident.id}`)).incident.students as {
      id: number;
      has_adjustments: boolean;
    }[];
    expect(Object.fromEntries(shown.map((s) => [s.id, s.has_adjustments]))).toEqual({
      [sofia]: true,
      [other.id]: false,
    });
    const familyView = (await data(familia, `/api/incidents/${incident.id}`)).incident.students;
    expect(familyView.every((s: { has_adjustments?: boolean }) => s.has_adjustments !== true)).toBe(true);
  });
});

describe("the counsellor's list and the read log", () => {
  it("lists the monitored students in the reader's language, filtered and paged", async () => {
    const list = await data(orientador, "/api/inclusion/monitored");
    const byId = new Map(list.items.map((i: { student: { id: number } }) => [i.student.id, i]));
    expect(byId.get(sofia)).toMatchObject({ conditions: ["Visual"], adjustments: 3, conditioned: false });
    expect(byId.get(diego)).toMatchObject({ conditions: [], adjustments: 0, conditioned: true, review_due: false });
    expect(list.total).toBe(list.items.length);
    const en = await data(director, "/api/inclusion/monitored?q=sof%C3%ADa", "en");
    expect(en.items.map((i: { student: { id: number } }) => i.student.id)).toEqual([sofia]);
    expect(en.items[0].conditions).toEqual(["Visual"]);
    const paged = await data(orientador, "/api/inclusion/monitored?limit=1&offset=1");
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBe(list.total);
    expect((await data(orientador, "/api/inclusion/monitored?due=true")).items).toEqual([]);
  });

  it("shows the director who read Sofía's and Diego's records, the teacher's adjustments view included", async () => {
    const entries = async (id: number) =>
      (await data(director, `/api/students/${id}/read-log?per_page=100`)).entries as {
        kind: string;
        user: { id: number };
      }[];
    const sofias = await entries(sofia);
    const seen = (kind: string, who: DemoClient) => sofias.some((e) => e.kind === kind && e.user.id === who.userId);
    expect(seen("inclusion.record", orientador)).toBe(true);
    expect(seen("inclusion.adjustments", docente)).toBe(true);
    expect(seen("inclusion.list", orientador)).toBe(true);
    // A family reading its own child is not logged: the log is of staff reads.
    expect(sofias.some((e) => e.user.id === familia.userId)).toBe(false);
    const diegos = await entries(diego);
    expect(diegos.some((e) => e.kind === "inclusion.letter" && e.user.id === orientador.userId)).toBe(true);
  });
});
