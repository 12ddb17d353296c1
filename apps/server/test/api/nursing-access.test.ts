import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoApp, type DemoApp, type DemoClient } from "../helpers/demo-app.ts";

/**
 * Issue 29 §4 reads on the demo: Diego (1° A Secundaria) has a critical peanut allergy and mild asthma, Sofía
 * (3° A Primaria) a pollen allergy and a pending proposal of her mother's (familia@). Their records are read by the
 * nurse (enfermeria1@) and the director — every read logged — and by their mother; a teacher, the coordinator and
 * another school get 404; Diego's teacher (docente9@, head of 1° A Secundaria) sees the critical allergy as an alert
 * and nothing else of the record.
 */

let t: DemoApp;
let nurse: DemoClient;
let director: DemoClient;
let docente: DemoClient;
let docente9: DemoClient;
let coordinador: DemoClient;
let familia: DemoClient;
let norte: DemoClient;
let sofia: number;
let diego: number;

const get = (as: DemoClient, url: string, lang = "es") =>
  as({ method: "GET", url, headers: { "accept-language": lang } });
const data = async (as: DemoClient, url: string, lang = "es") => {
  const res = await get(as, url, lang);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  t = await createDemoApp();
  nurse = await t.as("enfermeria1@convive.test");
  director = await t.as("director@convive.test");
  docente = await t.as("docente@convive.test");
  docente9 = await t.as("docente9@convive.test");
  coordinador = await t.as("coordinador1@convive.test");
  familia = await t.as("familia@convive.test");
  norte = await t.as("norte@convive.test", "instituto-norte");
  sofia = await t.studentId("Sofía", "Ramírez");
  diego = await t.studentId("Diego", "Ramírez");
}, 180_000);
afterAll(() => t?.close());

describe("who reads a student's medical record", () => {
  it("gives the nurse and the director Diego's whole nursing file", async () => {
    for (const reader of [nurse, director]) {
      const file = await data(reader, `/api/students/${diego}/nursing`);
      expect(file.student).toMatchObject({ id: diego, name: expect.stringContaining("Diego") });
      expect(file.consent_granted).toBe(true);
      expect(file.can_edit).toBe(true);
      expect(file.family).toBe(false);
      expect(file.record).toMatchObject({
        blood_type: "O+",
        allergies: [{ name: "Cacahuate", severity: "severe", critical: true }],
        conditions: [{ name: "Asma leve", critical: false }],
        insurance_provider: "GNP Seguros",
      });
      expect(file.record.emergency_contacts).toHaveLength(2);
      expect(file.fields.map((f: { label: string }) => f.label)).toContain("¿Usa lentes?");
      expect(file.visits.length).toBeGreaterThanOrEqual(2);
      expect(file.visits[0].family_notified_at).not.toBeNull();
      expect(file.authorizations).toMatchObject([{ medicine: "Salbutamol inhalador", source: "family", active: true }]);
      expect(file.administrations).toMatchObject([{ medicine: "Salbutamol inhalador", dose: "2 disparos" }]);
    }
  });

  it("gives the mother her children's files (without the nurse's visit notes) in her language", async () => {
    const mine = await data(familia, `/api/students/${sofia}/nursing`, "en");
    expect(mine.family).toBe(true);
    expect(mine.can_edit).toBe(false);
    expect(mine.record.allergies[0].name).toBe("Polen");
    expect(mine.proposals).toMatchObject([{ status: "pending", proposed_by: { id: familia.userId } }]);
    expect(mine.visits.map((v: { reason: { label: string } }) => v.reason.label)).toContain("Fever");
    expect(mine.visits.every((v: { notes: string }) => v.notes === "")).toBe(true);
  });

  it("answers 404 to a teacher, the coordinator and another school; 403 on the nurse's lists", async () => {
    for (const as of [docente, docente9, coordinador, norte]) {
      expect((await get(as, `/api/students/${diego}/nursing`)).statusCode).toBe(404);
    }
    for (const as of [docente, coordinador, familia]) {
      expect((await get(as, "/api/nursing/desk")).statusCode).toBe(403);
      expect((await get(as, "/api/nursing/students?q=diego")).statusCode).toBe(403);
    }
    // The other school's nurse-less director reads nothing of Colegio Demo's students.
    expect((await get(norte, `/api/students/${diego}/health-alert`)).statusCode).toBe(404);
  });
});

describe("the teachers' health alert", () => {
  it("shows Diego's teacher the critical allergy and nothing else of the record", async () => {
    const alert = await data(docente9, `/api/students/${diego}/health-alert`);
    expect(alert.student.id).toBe(diego);
    expect(alert.items).toEqual([{ kind: "allergy", name: "Cacahuate", notes: expect.stringContaining("epinefrina") }]);
    const text = JSON.stringify(alert);
    for (const hidden of ["Asma", "O+", "GNP", "Salbutamol", "55 "]) expect(text).not.toContain(hidden);
  });

  it("gives Sofía's teacher an empty alert (nothing critical), a teacher of other groups 404, a family 404", async () => {
    expect((await data(docente, `/api/students/${sofia}/health-alert`)).items).toEqual([]);
    expect((await get(docente, `/api/students/${diego}/health-alert`)).statusCode).toBe(404);
    expect((await get(familia, `/api/students/${diego}/health-alert`)).statusCode).toBe(404);
  });

  it("marks Diego in the nurse's search and in his teacher's registration list", async () => {
    const found = await data(nurse, "/api/nursing/students?q=Ram%C3%ADrez");
    const byId = new Map(found.map((s: { id: number; has_alert: boolean }) => [s.id, s.has_alert]));
    expect(byId.get(diego)).toBe(true);
    expect(byId.get(sofia)).toBe(false);
    const options = await data(docente9, "/api/incidents/registration-options");
    const group = options.groups.find((g: { mine: boolean }) => g.mine);
    const students = (await data(docente9, `/api/incidents/student-options?group_id=${group.id}`)).students;
    const row = students.find((s: { id: number }) => s.id === diego);
    expect(row.has_health_alert).toBe(true);
    expect(students.filter((s: { has_health_alert: boolean }) => s.has_health_alert).length).toBeLessThan(
      students.length,
    );
  });

  it("marks Diego, and only him, among an incident's students on its details; a family's copy never", async () => {
    const options = await data(docente9, "/api/incidents/registration-options");
    const group = options.groups.find((g: { mine: boolean }) => g.mine);
    const other = (await data(docente9, `/api/incidents/student-options?group_id=${group.id}`)).students.find(
      (s: { id: number; has_health_alert: boolean }) => s.id !== diego && !s.has_health_alert,
    );
    const type = options.categories.flatMap((c: { types: { id: number }[] }) => c.types)[0];
    const created = await docente9({
      method: "POST",
      url: "/api/incidents",
      payload: {
        students: [
          { student_id: diego, role: "involved" },
          { student_id: other.id, role: "involved" },
        ],
        type_id: type.id,
        detail: "Empujón en la fila de la cafetería.",
        place: "Cafetería",
        occurred_at: new Date(Date.now() - 60_000).toISOString(),
        group_id: group.id,
        visible_to_family: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.incident.id;
    for (const reader of [docente9, director]) {
      const shown = (await data(reader, `/api/incidents/${id}`)).incident.students as {
        id: number;
        has_health_alert: boolean;
      }[];
      expect(Object.fromEntries(shown.map((s) => [s.id, s.has_health_alert]))).toEqual({
        [diego]: true,
        [other.id]: false,
      });
    }
    const familyView = (await data(familia, `/api/incidents/${id}`)).incident.students;
    expect(familyView.every((s: { has_health_alert?: boolean }) => s.has_health_alert === undefined)).toBe(true);
    expect((await get(norte, `/api/incidents/${id}`)).statusCode).toBe(404);
  });

  it("lists the health tab in the file of the nurse and the family, never the teacher's", async () => {
    const keys = async (as: DemoClient, id: number) =>
      (await data(as, `/api/students/${id}/file`)).file.sections.map((s: { key: string }) => s.key);
    expect(await keys(nurse, diego)).toContain("nursing");
    expect(await keys(familia, diego)).toContain("nursing");
    expect(await keys(docente9, diego)).not.toContain("nursing");
  });
});

describe("the nurse's desk and the read log", () => {
  it("shows the pending family proposals", async () => {
    const desk = await data(nurse, "/api/nursing/desk");
    expect(desk.proposals).toMatchObject([{ student: { id: sofia }, status: "pending" }]);
    expect(Array.isArray(desk.visits)).toBe(true);
  });

  it("logs every staff read of a medical record and of the alert, never the family's", async () => {
    const entries = async (id: number) =>
      (await data(director, `/api/students/${id}/read-log?per_page=100`)).entries as {
        kind: string;
        user: { id: number };
      }[];
    const diegos = await entries(diego);
    const seen = (kind: string, who: DemoClient) => diegos.some((e) => e.kind === kind && e.user.id === who.userId);
    expect(seen("nursing.record", nurse)).toBe(true);
    expect(seen("nursing.record", director)).toBe(true);
    expect(seen("nursing.alert", docente9)).toBe(true);
    expect(diegos.some((e) => e.user.id === familia.userId)).toBe(false);
    expect((await entries(sofia)).some((e) => e.kind === "nursing.visits" && e.user.id === nurse.userId)).toBe(true);
  });
});
