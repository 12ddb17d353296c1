import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  formativeActions,
  incidentStudents,
  incidents,
  periods,
  ratingComments,
  ratingGroupPublications,
  ratingScales,
  ratingScaleVersions,
  ratings,
  students,
} from "../../src/db/schema/index.ts";
import { insertStarterGradeSetup, ratingSetup } from "../../src/modules/grade-config/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, login } from "../helpers/factories.ts";
import { insertIncident, schoolDay } from "../helpers/follow-up.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";
import { customMember, plainMember } from "../helpers/master-configuration.ts";
import { pdfText } from "../helpers/pdf-text.ts";
import { publishForFamilies } from "../helpers/publish.ts";

/**
 * Issue 13 §4: the scorecard — one student's periods side by side, values on the scale version they were given on,
 * the group's average, points, incidents, formative actions, observations and comments — its scopes (a family's
 * children and published periods, a teacher's groups, the school) and its PDFs in the reader's language.
 */

let t: TestApp;
let s: IncidentSchool;
let other: IncidentSchool;
let bim1: { id: number };
let conductId: number;
let punctualityId: number;
let levelsScaleId: number;
let levelsVersionId: number;

type As = IncidentSchool["director"]["as"];
const get = (as: As, url: string, lang = "es") => as({ method: "GET", url, headers: { "accept-language": lang } });
async function card(as: As, id: number, lang = "es") {
  const res = await get(as, `/api/scorecard/students/${id}`, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.scorecard as Scorecard;
}
interface Cell {
  measure_id: number;
  value: string;
  label_es: string;
  label_en: string;
  colour: string | null;
  passing: boolean;
  score: number | null;
}
interface Period {
  id: number;
  name_es: string;
  published_at: string | null;
  ratings: Cell[];
  group_average: { measure_id: number; score: number }[];
  points: number;
  incidents: Record<string, number>;
  formative_actions: { completed: number; pending: number };
  observations: number;
  comment: { text: string; visible_to_family: boolean } | null;
}
interface Scorecard {
  student: { id: number; name: string };
  periods: Period[];
  measures: { id: number; kind: string; name_es: string }[];
  scales: { version_id: number; definition: { kind: string } }[];
  can_print_group: boolean;
}

async function rate(school: IncidentSchool, studentId: number, periodId: number, values: Record<number, string>) {
  const setup = await ratingSetup(t.db, school.school.id);
  for (const [measure, value] of Object.entries(values)) {
    const m = setup.measures.find((x) => x.id === Number(measure))!;
    const scale = setup.scales.find((x) => x.id === m.scale_id)!;
    await t.db.insert(ratings).values({
      schoolId: school.school.id,
      studentId,
      periodId,
      measureId: m.id,
      groupId: studentId === school.b1.id ? school.groupB.id : school.groupA.id,
      scaleVersionId: scale.version_id,
      value,
      ratedBy: school.teacher.user.id,
    });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
  const schoolId = s.school.id;
  await insertStarterGradeSetup(t.db, schoolId);
  await insertStarterGradeSetup(t.db, other.school.id);
  const setup = await ratingSetup(t.db, schoolId);
  conductId = setup.measures.find((m) => m.kind === "conduct")!.id;
  punctualityId = setup.measures.find((m) => m.name_es === "Puntualidad")!.id;
  const levels = setup.scales.find((x) => x.kind === "levels")!;
  levelsScaleId = levels.id;
  levelsVersionId = levels.version_id;
  // Bimestre 1 (passed, published) before the helper's Bimestre 2 (current, not published).
  const [first] = await t.db
    .insert(periods)
    .values({
      schoolId,
      schoolYearId: s.year.id,
      name: "Bimestre 1",
      nameEn: "Term 1",
      order: 1,
      startsOn: schoolDay(-89),
      endsOn: schoolDay(-31),
    })
    .returning({ id: periods.id });
  bim1 = first!;
  await publishForFamilies(t.db, schoolId, bim1.id);

  // Zoë Łukasz Núñez (a1 renamed) and Alan: conduct and punctuality in both periods.
  await t.db
    .update(students)
    .set({ firstName: "Zoë Łukasz", paternalSurname: "Núñez", maternalSurname: "李" })
    .where(and(eq(students.schoolId, schoolId), eq(students.id, s.a1.id)));
  await rate(s, s.a1.id, bim1.id, { [conductId]: "8", [punctualityId]: "E" });
  await rate(s, s.a2.id, bim1.id, { [conductId]: "10", [punctualityId]: "A" });
  await rate(s, s.a1.id, s.period.id, { [conductId]: "5.5", [punctualityId]: "B" });
  await rate(s, s.a2.id, s.period.id, { [conductId]: "9", [punctualityId]: "B" });
  await rate(s, s.b1.id, s.period.id, { [conductId]: "6", [punctualityId]: "R" });
  await t.db.insert(ratingComments).values([
    {
      schoolId,
      studentId: s.a1.id,
      periodId: bim1.id,
      text: "Muy buen bimestre.",
      visibleToFamily: true,
      writtenBy: s.teacher.user.id,
    },
    {
      schoolId,
      studentId: s.a1.id,
      periodId: s.period.id,
      text: "Nota interna.",
      visibleToFamily: false,
      writtenBy: s.teacher.user.id,
    },
  ]);

  // Incidents of Ana, hand-counted below. Bimestre 2: two serious (one hidden from families), one minor, one
  // cancelled (not counted), one where she only witnessed (not counted). Bimestre 1: one serious.
  await insertIncident(t.db, s);
  await insertIncident(t.db, s, { visibleToFamily: false });
  const minor = await insertIncident(t.db, s);
  await t.db
    .update(incidents)
    .set({ classification: "minor" })
    .where(and(eq(incidents.schoolId, schoolId), eq(incidents.id, minor.id)));
  await insertIncident(t.db, s, { status: "cancelled" });
  const witnessed = await insertIncident(t.db, s);
  await t.db
    .update(incidentStudents)
    .set({ role: "witness" })
    .where(and(eq(incidentStudents.schoolId, schoolId), eq(incidentStudents.incidentId, witnessed.id)));
  const old = await insertIncident(t.db, s);
  await t.db
    .update(incidents)
    .set({ periodId: bim1.id, occurredAt: new Date(`${schoolDay(-60)}T17:00:00Z`) })
    .where(and(eq(incidents.schoolId, schoolId), eq(incidents.id, old.id)));

  // Two formative actions in Bimestre 2 (one completed) and two observations (one staff-only), each +2 points.
  for (const done of [true, false]) {
    const res = await s.director.as({
      method: "POST",
      url: `/api/incidents/${minor.id}/formative-actions`,
      payload: {
        student_id: s.a1.id,
        guideline: "Diálogo",
        responsible_id: s.teacher.user.id,
        starts_on: schoolDay(0),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    if (done) {
      await t.db
        .update(formativeActions)
        .set({ nextDueOn: null })
        .where(
          and(eq(formativeActions.schoolId, schoolId), eq(formativeActions.id, res.json().data.formative_action.id)),
        );
    }
  }
  for (const visible of [true, false]) {
    const res = await s.teacher.as({
      method: "POST",
      url: "/api/accompaniment-observations",
      payload: {
        student_id: s.a1.id,
        observation_type_id: s.observationType.id,
        text: "Ayudó a un compañero.",
        observed_on: schoolDay(0),
        visible_to_family: visible,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

describe("what staff read", () => {
  it("shows a director the student's periods side by side, as hand-counted", async () => {
    const c = await card(s.director.as, s.a1.id);
    expect(c.student.name).toBe("Zoë Łukasz Núñez 李");
    expect(c.periods.map((p) => p.name_es)).toEqual(["Bimestre 1", "Bimestre 2"]);
    expect(c.measures[0]).toMatchObject({ id: conductId, kind: "conduct" });
    const [p1, p2] = c.periods as [Period, Period];
    expect(p1.published_at).not.toBeNull();
    expect(p2.published_at).toBeNull();
    const cell = (p: Period, id: number) => p.ratings.find((r) => r.measure_id === id);
    expect(cell(p1, conductId)).toMatchObject({ value: "8", label_es: "8", passing: true, score: 60, colour: null });
    expect(cell(p1, punctualityId)).toMatchObject({
      value: "E",
      label_es: "Excelente",
      label_en: "Excellent",
      colour: "#2b8a3e",
      passing: true,
      score: 100,
    });
    expect(cell(p2, conductId)).toMatchObject({ value: "5.5", passing: false, score: 10 });
    // Group A's averages: conduct (60 + 100) / 2 and (10 + 80) / 2; punctuality (100 + 0) / 2, B and B.
    const avg = (p: Period, id: number) => p.group_average.find((g) => g.measure_id === id)?.score;
    expect(avg(p1, conductId)).toBe(80);
    expect(avg(p1, punctualityId)).toBe(50);
    expect(avg(p2, conductId)).toBe(45);
    expect(avg(p2, punctualityId)).toBeCloseTo(66.7, 1);

    expect(p1.incidents).toEqual({ minor: 0, serious: 1, "very-serious": 0, total: 1 });
    expect(p2.incidents).toEqual({ minor: 1, serious: 2, "very-serious": 0, total: 3 });
    expect(p2.formative_actions).toEqual({ completed: 1, pending: 1 });
    expect(p1.formative_actions).toEqual({ completed: 0, pending: 0 });
    expect(p2.observations).toBe(2);
    expect(p1.comment).toEqual({ text: "Muy buen bimestre.", visible_to_family: true });
    expect(p2.comment).toEqual({ text: "Nota interna.", visible_to_family: false });
    // Points: +2 per observation, -5 per incident she was involved in and not cancelled.
    expect(p1.points).toBe(-5);
    expect(p2.points).toBe(2 + 2 - 5 * 3);
    expect(c.scales.map((x) => x.definition.kind).sort()).toEqual(["levels", "numeric"]);
    expect(c.can_print_group).toBe(true);
  });

  it("lets a teacher read the students of the groups they head or teach, and no others", async () => {
    expect((await card(s.teacher.as, s.a1.id)).can_print_group).toBe(true);
    expect((await get(s.teacher.as, `/api/scorecard/students/${s.b1.id}`)).statusCode).toBe(404);
    expect((await card(s.otherTeacher.as, s.b1.id)).student.id).toBe(s.b1.id);
    expect((await get(s.otherTeacher.as, `/api/scorecard/students/${s.a1.id}`)).statusCode).toBe(404);
    const picked = await get(s.teacher.as, "/api/scorecard/students");
    expect(
      picked
        .json()
        .data.students.map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual([s.a1.id, s.a2.id].sort());
    const groups = await get(s.teacher.as, "/api/scorecard/groups");
    expect(groups.json().data.groups.map((g: { id: number }) => g.id)).toEqual([s.groupA.id]);
  });

  it("searches by name, enrollment and group", async () => {
    const ids = async (query: string) =>
      (await get(s.coordinador.as, `/api/scorecard/students${query}`))
        .json()
        .data.students.map((x: { id: number }) => x.id);
    expect(await ids("?q=n%C3%BA%C3%B1ez")).toEqual([s.a1.id]);
    expect(await ids(`?q=${encodeURIComponent(s.b1.enrollment)}`)).toEqual([s.b1.id]);
    expect(await ids(`?group_id=${s.groupB.id}`)).toEqual([s.b1.id]);
    const all = await get(s.director.as, "/api/scorecard/students");
    expect(all.json().data.students[0]).toMatchObject({
      group: { id: expect.any(Number), label: expect.stringContaining("1° A") },
    });
  });

  it("needs scorecard.read; a member with it but no students in scope finds none", async () => {
    const outsider = await customMember(t.app, t.db, s.school, ["incidents.read"]);
    expect((await get(outsider.as, "/api/scorecard/students")).statusCode).toBe(403);
    expect((await get(outsider.as, `/api/scorecard/students/${s.a1.id}`)).statusCode).toBe(403);
    const nurseUser = await plainMember(t.db, s.school, "enfermeria");
    const nurse = client(t.app, await login(t.app, nurseUser.email), s.school.id);
    expect((await get(nurse, "/api/scorecard/students")).json().data.students).toEqual([]);
    expect((await get(nurse, `/api/scorecard/students/${s.a1.id}`)).statusCode).toBe(404);
    expect((await get(nurse, `/api/scorecard/groups/${s.groupA.id}/pdf`)).statusCode).toBe(404);
  });

  it("answers 404 to another school and for unknown ids; 422 for malformed queries", async () => {
    expect((await get(other.director.as, `/api/scorecard/students/${s.a1.id}`)).statusCode).toBe(404);
    expect((await get(other.director.as, `/api/scorecard/students/${s.a1.id}/pdf`)).statusCode).toBe(404);
    expect((await get(other.director.as, `/api/scorecard/groups/${s.groupA.id}/pdf`)).statusCode).toBe(404);
    const ids = (await get(other.director.as, "/api/scorecard/students"))
      .json()
      .data.students.map((x: { id: number }) => x.id);
    expect(ids).not.toContain(s.a1.id);
    expect((await get(s.director.as, "/api/scorecard/students/999999999")).statusCode).toBe(404);
    expect(
      (await get(s.director.as, `/api/scorecard/students/${s.a1.id}?school_year_id=${other.year.id}`)).statusCode,
    ).toBe(404);
    const bad = await get(s.director.as, `/api/scorecard/students/${s.a1.id}?school_year_id=abc`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty("school_year_id");
    expect((await get(s.director.as, `/api/scorecard/students?q=${"x".repeat(81)}`)).statusCode).toBe(422);
    expect((await get(s.director.as, `/api/scorecard/groups/${s.groupA.id}/pdf?period_id=0`)).statusCode).toBe(422);
    expect(
      (await get(s.director.as, `/api/scorecard/groups/${s.groupA.id}/pdf?period_id=${other.period.id}`)).statusCode,
    ).toBe(404);
  });
});

describe("what a family reads", () => {
  it("her own child only, published periods only, comments written for her only", async () => {
    const list = (await get(s.motherOfA1.as, "/api/scorecard/students?q=Beto")).json().data.students;
    expect(list.map((x: { id: number }) => x.id)).toEqual([s.a1.id]);
    expect((await get(s.motherOfA1.as, "/api/scorecard/groups")).json().data.groups).toEqual([]);
    const c = await card(s.motherOfA1.as, s.a1.id, "en");
    expect(c.periods.map((p) => p.name_es)).toEqual(["Bimestre 1"]);
    expect(c.periods[0]!.comment).toEqual({ text: "Muy buen bimestre.", visible_to_family: true });
    expect(c.can_print_group).toBe(false);
    expect(JSON.stringify(c)).not.toContain("Nota interna");
    expect((await get(s.motherOfA1.as, `/api/scorecard/students/${s.b1.id}`)).statusCode).toBe(404);
    expect((await get(s.motherOfA1.as, `/api/scorecard/students/${s.b1.id}/pdf`)).statusCode).toBe(404);
    expect((await get(s.motherOfA1.as, `/api/scorecard/groups/${s.groupA.id}/pdf`)).statusCode).toBe(404);
  });

  it("sees Bimestre 2 once it is published, without the staff-only comment or incidents hidden from families", async () => {
    await publishForFamilies(t.db, s.school.id, s.period.id);
    const c = await card(s.motherOfA1.as, s.a1.id);
    const p2 = c.periods.find((p) => p.id === s.period.id)!;
    expect(p2.comment).toBeNull();
    expect(p2.incidents).toEqual({ minor: 1, serious: 1, "very-serious": 0, total: 2 });
    expect(p2.observations).toBe(1);
    // Her points are everyone's (issue 26 §2): the staff-only observation and the hidden incident count too.
    expect(p2.points).toBe(2 + 2 - 5 * 3);
    await t.db
      .delete(ratingGroupPublications)
      .where(and(eq(ratingGroupPublications.schoolId, s.school.id), eq(ratingGroupPublications.periodId, s.period.id)));
  });
});

describe("a scale changed after publishing", () => {
  it("leaves the published scorecard's labels as they were given", async () => {
    const before = await card(s.motherOfA1.as, s.a1.id);
    const [v2] = await t.db
      .insert(ratingScaleVersions)
      .values({
        schoolId: s.school.id,
        scaleId: levelsScaleId,
        version: 2,
        definition: {
          kind: "levels",
          levels: [
            { code: "E", name_es: "Sobresaliente", name_en: "Outstanding", colour: "#000000", passing: true },
            { code: "S", name_es: "Suficiente", name_en: "Sufficient", colour: "#111111", passing: true },
            { code: "I", name_es: "Insuficiente", name_en: "Insufficient", colour: "#222222", passing: false },
          ],
        },
      })
      .returning({ id: ratingScaleVersions.id });
    await t.db
      .update(ratingScales)
      .set({ currentVersionId: v2!.id })
      .where(and(eq(ratingScales.schoolId, s.school.id), eq(ratingScales.id, levelsScaleId)));
    const after = await card(s.motherOfA1.as, s.a1.id);
    expect(after.periods).toEqual(before.periods);
    expect(after.scales).toEqual(before.scales);
    const cell = after.periods[0]!.ratings.find((r) => r.measure_id === punctualityId)!;
    expect(cell).toMatchObject({ label_es: "Excelente", colour: "#2b8a3e" });
    expect(after.scales.find((x) => x.version_id === levelsVersionId)).toBeDefined();
  });
});

describe("the PDFs", () => {
  it("prints one student's scorecard in the reader's language with every name as typed and the legend", async () => {
    const res = await get(s.motherOfA1.as, `/api/scorecard/students/${s.a1.id}/pdf`, "en");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain("scorecard-zoe-lukasz-nunez");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Zoë Łukasz Núñez 李");
    expect(text).toContain("Conduct and habits scorecard");
    expect(text).toContain("E = Excellent");
    expect(text).toContain("A = Needs support (not passing)");
    expect(text).toContain("Muy buen bimestre.");
    expect(text).not.toContain("Bimestre 2");

    const es = pdfText((await get(s.director.as, `/api/scorecard/students/${s.a1.id}/pdf`)).rawPayload);
    expect(es).toContain("Boleta de conducta y hábitos");
    expect(es).toContain("Bimestre 2");
    expect(es).toContain("5.5 *");
    // A printed scorecard goes home: the staff-only comment stays off it.
    expect(es).not.toContain("Nota interna");
  });

  it("prints a whole group in one PDF for its teachers and directors only", async () => {
    const res = await get(s.teacher.as, `/api/scorecard/groups/${s.groupA.id}/pdf?period_id=${bim1.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Zoë Łukasz Núñez 李");
    expect(text).toContain("Alan Pérez Ruiz");
    expect(text).not.toContain("Bimestre 2");
    expect((await get(s.director.as, `/api/scorecard/groups/${s.groupA.id}/pdf`)).statusCode).toBe(200);
    expect((await get(s.otherTeacher.as, `/api/scorecard/groups/${s.groupA.id}/pdf`)).statusCode).toBe(404);
    // The Coordinador reads every scorecard but does not manage ratings: the group's PDF is not theirs.
    expect((await get(s.coordinador.as, `/api/scorecard/groups/${s.groupA.id}/pdf`)).statusCode).toBe(404);
  });

  it("prints the incident PDF with the same font: the names as typed", async () => {
    const created = await s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: {
        students: [{ student_id: s.a1.id, role: "involved" }],
        type_id: s.type.id,
        detail: "Habló con Ğül y Łucja durante la clase.",
        place: "Salón",
        occurred_at: new Date(Date.now() - 60_000).toISOString(),
        group_id: s.groupA.id,
        subject_id: null,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pdf = await get(s.director.as, `/api/incidents/${created.json().data.incident.id}/pdf`);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("Zoë Łukasz Núñez 李");
    expect(text).toContain("Habló con Ğül y Łucja durante la clase.");
  });
});
