import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  formativeActions,
  incidentStudents,
  incidents,
  incidentTimeline,
  incidentTypes,
  schoolYears,
  students,
} from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";
import { customMember } from "../helpers/master-configuration.ts";

let t: TestApp;
let s: IncidentSchool;
let other: IncidentSchool;
beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
});
afterAll(() => t.close());

type As = IncidentSchool["teacher"]["as"];
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const register = (as: As, body: Record<string, unknown>, lang = "es") =>
  as({ method: "POST", url: "/api/incidents", payload: body, headers: { "accept-language": lang } });

/** Everything registration writes for a school, counted: a refused request must leave it as it was. */
async function written(schoolId: string) {
  const res = (await t.db.execute(sql`select
      (select count(*) from incidents where school_id = ${schoolId})::int as incidents,
      (select count(*) from incident_students where school_id = ${schoolId})::int as students,
      (select count(*) from formative_actions where school_id = ${schoolId})::int as actions,
      (select count(*) from incident_timeline where school_id = ${schoolId})::int as timeline,
      (select count(*) from notifications where school_id = ${schoolId})::int as notifications,
      (select coalesce(max(last_folio), 0) from incident_counters where school_id = ${schoolId})::int as folio`)) as unknown as {
    rows: Record<string, number>[];
  };
  return res.rows[0]!;
}

describe("registering an incident", () => {
  it("registers two students with a proposed formative action as the Docente", async () => {
    const action = {
      student_id: s.a1.id,
      guideline: s.type.guidelines[0],
      responsible_id: s.teacher.user.id,
      starts_on: day(1),
      ends_on: day(15),
      repeat: "weekly",
    };
    const res = await register(
      s.teacher.as,
      registration(s, {
        students: [
          { student_id: s.a1.id, role: "involved" },
          { student_id: s.a2.id, role: "affected" },
        ],
        formative_actions: [action],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { incident } = res.json().data;
    expect(incident).toMatchObject({ status: "open" });
    expect(incident.folio).toBeGreaterThan(0);

    const [row] = await t.db.select().from(incidents).where(eq(incidents.id, incident.id));
    expect(row).toMatchObject({
      schoolId: s.school.id,
      folio: incident.folio,
      schoolYearId: s.year.id,
      periodId: s.period.id,
      categoryId: s.category.id,
      typeId: s.type.id,
      classification: "serious",
      points: 5,
      place: "Patio",
      groupId: s.groupA.id,
      subjectId: s.math.id,
      visibleToFamily: true,
      recordedBy: s.teacher.user.id,
      closedAt: null,
    });
    const involved = await t.db
      .select()
      .from(incidentStudents)
      .where(eq(incidentStudents.incidentId, incident.id))
      .orderBy(asc(incidentStudents.studentId));
    expect(involved.map((i) => [i.studentId, i.role, i.groupId])).toEqual([
      [s.a1.id, "involved", s.groupA.id],
      [s.a2.id, "affected", s.groupA.id],
    ]);
    const [saved] = await t.db.select().from(formativeActions).where(eq(formativeActions.incidentId, incident.id));
    expect(saved).toMatchObject({
      studentId: s.a1.id,
      responsibleId: s.teacher.user.id,
      startsOn: day(1),
      endsOn: day(15),
      repeat: "weekly",
      nextDueOn: day(1),
      waivedAt: null,
      createdBy: s.teacher.user.id,
    });
    const timeline = await t.db
      .select()
      .from(incidentTimeline)
      .where(eq(incidentTimeline.incidentId, incident.id))
      .orderBy(asc(incidentTimeline.id));
    expect(timeline.map((e) => [e.event, e.userId, e.details])).toEqual([
      ["created", s.teacher.user.id, { folio: incident.folio }],
      [
        "action-created",
        s.teacher.user.id,
        { action_id: saved!.id, student_id: s.a1.id, guideline: s.type.guidelines[0] },
      ],
    ]);
  });

  it("hands out consecutive folios per school, also to simultaneous registrations", async () => {
    const first = (await register(s.teacher.as, registration(s))).json().data.incident.folio;
    const burst = await Promise.all([1, 2, 3, 4].map(() => register(s.director.as, registration(s))));
    const folios = burst.map((r) => r.json().data.incident.folio).sort((a, b) => a - b);
    expect(folios).toEqual([first + 1, first + 2, first + 3, first + 4]);
    // Another school counts on its own.
    const elsewhere = await register(other.teacher.as, registration(other));
    expect(elsewhere.json().data.incident.folio).toBe(1);
  });

  it("takes visible_to_family from the request, else from the type; null group and subject are fine", async () => {
    const res = await register(
      s.coordinador.as,
      registration(s, { visible_to_family: false, group_id: null, subject_id: null, place: "" }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(incidents).where(eq(incidents.id, res.json().data.incident.id));
    expect(row).toMatchObject({ visibleToFamily: false, groupId: null, subjectId: null, place: null });
  });

  it("refuses bad input in the caller's language and writes nothing", async () => {
    const [inactive] = await t.db
      .insert(incidentTypes)
      .values({
        schoolId: s.school.id,
        categoryId: s.category.id,
        nameEs: "Vieja",
        classification: "minor",
        isActive: false,
      })
      .returning();
    const action = (over: Record<string, unknown>) => ({
      student_id: s.a1.id,
      guideline: "Diálogo",
      responsible_id: s.teacher.user.id,
      starts_on: day(0),
      ...over,
    });
    const cases: [Record<string, unknown>, string, string, string, string][] = [
      [
        {
          students: [
            { student_id: s.a1.id, role: "involved" },
            { student_id: s.a1.id, role: "witness" },
          ],
        },
        "students.1.student_id",
        "DUPLICATE_STUDENT",
        "Cada estudiante puede aparecer una sola vez.",
        "Each student can appear only once.",
      ],
      [
        { occurred_at: new Date(Date.now() + 10 * 60_000).toISOString() },
        "occurred_at",
        "FUTURE_DATE",
        "La fecha no puede estar en el futuro.",
        "The date cannot be in the future.",
      ],
      [
        { occurred_at: new Date(Date.now() - 200 * 86_400_000).toISOString() },
        "occurred_at",
        "BEFORE_SCHOOL_YEAR",
        "La fecha no puede ser anterior al inicio del ciclo escolar actual.",
        "The date cannot be before the start of the current school year.",
      ],
      [
        { type_id: inactive!.id },
        "type_id",
        "INACTIVE_OPTION",
        "Esa opción está desactivada.",
        "That option is deactivated.",
      ],
      [
        { formative_actions: [action({ student_id: s.a2.id })] },
        "formative_actions.0.student_id",
        "STUDENT_NOT_IN_INCIDENT",
        "El estudiante no forma parte de la incidencia.",
        "The student is not part of the incident.",
      ],
      [
        { formative_actions: [action({ responsible_id: s.motherOfA1.user.id })] },
        "formative_actions.0.responsible_id",
        "NOT_STAFF",
        "El usuario no es personal activo de la escuela.",
        "The user is not an active staff member of the school.",
      ],
      [
        { formative_actions: [action({ repeat: "daily", ends_on: day(500) })] },
        "formative_actions.0.ends_on",
        "TOO_MANY_OCCURRENCES",
        "La acción se repetiría demasiadas veces; acorta el periodo.",
        "The action would repeat too many times; shorten the period.",
      ],
      [{ detail: "   " }, "detail", "VALIDATION", "Campos vacíos", "empty fields"],
      [
        { formative_actions: [action({ repeat: "weekly", ends_on: null })] },
        "formative_actions.0.ends_on",
        "VALIDATION",
        "La fecha de fin debe ser posterior a la de inicio.",
        "The end date must be after the start date.",
      ],
    ];
    const before = await written(s.school.id);
    for (const [over, field, code, es, en] of cases) {
      for (const [lang, text] of [
        ["es", es],
        ["en", en],
      ] as const) {
        const res = await register(s.teacher.as, registration(s, over), lang);
        expect(res.statusCode, `${field} ${res.body}`).toBe(422);
        expect(res.json().code).toBe(code);
        expect(res.json().errors?.[field], res.body).toBe(text);
      }
    }
    expect(await written(s.school.id)).toEqual(before);
  });

  it("refuses a withdrawn student and requires a current school year", async () => {
    const [gone] = await t.db
      .insert(students)
      .values({ schoolId: s.school.id, enrollment: `BAJA-${s.school.id}`, firstName: "Iván", status: "withdrawn" })
      .returning();
    const res = await register(
      s.teacher.as,
      registration(s, { students: [{ student_id: gone!.id, role: "involved" }] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "INACTIVE_OPTION",
      errors: { "students.0.student_id": expect.any(String) },
    });

    const lonely = await incidentSchool(t.app, t.db);
    await t.db.update(schoolYears).set({ isCurrent: false }).where(eq(schoolYears.schoolId, lonely.school.id));
    const noYear = await register(lonely.teacher.as, registration(lonely, { group_id: null }), "en");
    expect(noYear.statusCode).toBe(422);
    expect(noYear.json()).toMatchObject({
      code: "CURRENT_YEAR_REQUIRED",
      message: "There must be a current school year.",
    });
    expect((await written(lonely.school.id)).incidents).toBe(0);
  });

  it("answers 404 for another school's students, type, group, subject or responsible", async () => {
    const before = await written(s.school.id);
    const cases: Record<string, unknown>[] = [
      { students: [{ student_id: other.a1.id, role: "involved" }] },
      { type_id: other.type.id },
      { group_id: other.groupA.id },
      { subject_id: other.math.id },
    ];
    for (const over of cases) {
      const res = await register(s.teacher.as, registration(s, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(404);
      expect(res.json().code).toBe("NOT_FOUND");
    }
    const foreignResponsible = await register(
      s.teacher.as,
      registration(s, {
        formative_actions: [
          { student_id: s.a1.id, guideline: "x", responsible_id: other.teacher.user.id, starts_on: day(0) },
        ],
      }),
    );
    expect(foreignResponsible.json().code).toBe("NOT_STAFF");
    expect(await written(s.school.id)).toEqual(before);
  });

  it("is closed to families and to profiles without incidents.create", async () => {
    const family = await register(s.motherOfA1.as, registration(s));
    expect(family.statusCode).toBe(403);
    const reader = await customMember(t.app, t.db, s.school, ["incidents.read", "incidents.search"]);
    expect((await register(reader.as, registration(s))).statusCode).toBe(403);
    expect((await reader.as({ method: "GET", url: "/api/incidents/registration-options" })).statusCode).toBe(403);
    // Observations only: the screen opens, but registering an incident does not.
    const observer = await customMember(t.app, t.db, s.school, ["accompaniment-observations.create"]);
    const options = await observer.as({ method: "GET", url: "/api/incidents/registration-options" });
    expect(options.statusCode).toBe(200);
    expect(options.json().data).toMatchObject({ can_register_incidents: false, can_register_observations: true });
    expect((await register(observer.as, registration(s))).statusCode).toBe(403);
  });
});

describe("registration options", () => {
  it("gives the caller's groups first, assignments, staff, places and the school's today", async () => {
    await register(s.teacher.as, registration(s, { place: "Biblioteca" }));
    const res = await s.otherTeacher.as({ method: "GET", url: "/api/incidents/registration-options" });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      can_register_incidents: true,
      can_register_observations: true,
      time_zone: "America/Mexico_City",
      subjects: [{ id: s.math.id, name: "Matemáticas" }],
      assignments: [{ group_id: s.groupB.id, subject_id: s.math.id }],
    });
    expect(data.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.groups).toEqual([
      { id: s.groupB.id, label: "Primaria 1° B", mine: true },
      { id: s.groupA.id, label: "Primaria 1° A", mine: false },
    ]);
    // Every new school starts with a catalogue; the fixture's category is among the active ones.
    type Category = { id: number; is_active: boolean; types: { id: number; is_active: boolean }[] };
    const conducta = (data.categories as Category[]).find((c) => c.id === s.category.id);
    expect(conducta).toMatchObject({ name_en: "Behaviour" });
    expect(conducta!.types.map((x) => x.id)).toEqual([s.type.id]);
    for (const c of data.categories as Category[]) {
      expect(c.is_active).toBe(true);
      expect(c.types.length).toBeGreaterThan(0);
      expect(c.types.every((x) => x.is_active)).toBe(true);
    }
    expect(data.observation_types.map((o: { id: number }) => o.id)).toContain(s.observationType.id);
    const staffIds = data.staff.map((u: { id: number }) => u.id);
    expect(staffIds).toEqual(
      expect.arrayContaining([s.director.user.id, s.coordinador.user.id, s.teacher.user.id, s.otherTeacher.user.id]),
    );
    expect(staffIds).not.toContain(s.motherOfA1.user.id);
    expect(data.places[0]).toBe("Patio");
    expect(data.places).toContain("Biblioteca");
  });

  it("finds active students by name or enrollment ignoring accents and case, or lists a group", async () => {
    const [jose] = await t.db
      .insert(students)
      .values({ schoolId: s.school.id, enrollment: `JN-${s.school.id}`, firstName: "José", paternalSurname: "Núñez" })
      .returning();
    const find = async (query: string) => {
      const res = await s.teacher.as({ method: "GET", url: `/api/incidents/student-options?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.students as { id: number; name: string; group_label: string | null }[];
    };
    expect((await find("q=JOSE%20nunez")).map((x) => x.id)).toEqual([jose!.id]);
    expect((await find(`q=${encodeURIComponent(s.b1.enrollment.toLowerCase())}`))[0]).toMatchObject({
      id: s.b1.id,
      name: "Beto Pérez Ruiz",
      group_id: s.groupB.id,
      group_label: "Primaria 1° B",
      photo: null,
    });
    expect((await find(`group_id=${s.groupA.id}`)).map((x) => x.id).sort()).toEqual([s.a1.id, s.a2.id].sort());
    expect(await find("q=")).toEqual([]);
    const foreign = await s.teacher.as({
      method: "GET",
      url: `/api/incidents/student-options?group_id=${other.groupA.id}`,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("corrections", () => {
  it("corrects an open incident, replacing students, and names the changed fields on the timeline", async () => {
    const created = await register(
      s.teacher.as,
      registration(s, {
        students: [
          { student_id: s.a1.id, role: "involved" },
          { student_id: s.a2.id, role: "witness" },
        ],
        formative_actions: [
          { student_id: s.a1.id, guideline: "Diálogo", responsible_id: s.teacher.user.id, starts_on: day(0) },
        ],
      }),
    );
    const id = created.json().data.incident.id;
    const patch = (as: As, payload: Record<string, unknown>) =>
      as({ method: "PATCH", url: `/api/incidents/${id}`, payload });

    // A Docente registers but does not correct.
    expect((await patch(s.teacher.as, { detail: "Otra cosa" })).statusCode).toBe(403);
    const res = await patch(s.coordinador.as, {
      detail: "Le gritó a un compañero.",
      place: "Pasillo",
      students: [
        { student_id: s.a1.id, role: "affected" },
        { student_id: s.b1.id, role: "witness" },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.incident).toMatchObject({ id, status: "open" });
    const list = await t.db
      .select()
      .from(incidentStudents)
      .where(eq(incidentStudents.incidentId, id))
      .orderBy(asc(incidentStudents.studentId));
    expect(list.map((x) => [x.studentId, x.role, x.groupId])).toEqual([
      [s.a1.id, "affected", s.groupA.id],
      [s.b1.id, "witness", s.groupB.id],
    ]);
    const [last] = await t.db
      .select()
      .from(incidentTimeline)
      .where(and(eq(incidentTimeline.incidentId, id), eq(incidentTimeline.event, "updated")));
    expect(last!.details).toEqual({ fields: ["detail", "place", "students"] });

    // a1 has a formative action: taking them off is refused and nothing changes.
    const inUse = await patch(s.coordinador.as, {
      detail: "Sin Ana",
      students: [{ student_id: s.b1.id, role: "involved" }],
    });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe("IN_USE");
    const [row] = await t.db.select().from(incidents).where(eq(incidents.id, id));
    expect(row!.detail).toBe("Le gritó a un compañero.");

    expect(
      (await patch(s.coordinador.as, { occurred_at: new Date(Date.now() + 3_600_000).toISOString() })).json().code,
    ).toBe("FUTURE_DATE");
    expect((await patch(s.coordinador.as, { group_id: other.groupA.id })).statusCode).toBe(404);
    expect(
      (await other.director.as({ method: "PATCH", url: `/api/incidents/${id}`, payload: { detail: "x" } })).statusCode,
    ).toBe(404);
  });
});
