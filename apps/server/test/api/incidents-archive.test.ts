import { INCIDENT_LIMITS, type ProfileTemplateKey, profileTemplate, templatePermissions } from "@convive/domain";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accompanimentObservations,
  grades,
  groups,
  incidentCategories,
  incidentTypes,
  sections,
  studentGroups,
  students,
} from "../../src/db/schema/index.ts";
import { observationsWhere, resolveObservationScope } from "../../src/modules/incidents/scope.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf, uniq } from "../helpers/factories.ts";
import { daysAgo, insertIncident } from "../helpers/incident-rows.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

let t: TestApp;
let s: IncidentSchool;
/** The seeded incidents by name, and the extra catalogue and structure they use. */
let I: Record<"i1" | "i2" | "i3" | "i4" | "i5" | "i6" | "i7" | "i8", { id: number; folio: number }>;
let extra: { category: number; type: number; section: number; grade: number; groupC: number; c1: number };

type As = IncidentSchool["director"]["as"];
type Item = { id: number; folio: number; students: { id: number | null; name: string | null; role: string }[] };

const archive = async (as: As, query = "", lang = "es") => {
  const res = await as({
    method: "GET",
    url: `/api/incidents${query ? `?${query}` : ""}`,
    headers: { "accept-language": lang },
  });
  if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
  return res.json().data as { incidents: Item[]; total: number; total_capped: boolean; page: number; per_page: number };
};
const names = (items: { id: number }[]) => {
  const byId = new Map(Object.entries(I).map(([k, v]) => [v.id, k]));
  return items.map((i) => byId.get(i.id) ?? `#${i.id}`).sort();
};
const found = async (as: As, query = "") => names((await archive(as, query)).incidents);

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  const schoolId = s.school.id;
  const [category] = await t.db
    .insert(incidentCategories)
    .values({ schoolId, nameEs: "Daños", nameEn: "Damage" })
    .returning();
  const [type] = await t.db
    .insert(incidentTypes)
    .values({ schoolId, categoryId: category!.id, nameEs: "Daño a mobiliario", classification: "minor" })
    .returning();
  const [section] = await t.db.insert(sections).values({ schoolId, name: "Secundaria", order: 2 }).returning();
  const [grade] = await t.db.insert(grades).values({ schoolId, sectionId: section!.id, name: "1° sec" }).returning();
  const [groupC] = await t.db
    .insert(groups)
    .values({ schoolId, gradeId: grade!.id, schoolYearId: s.year.id, name: "C" })
    .returning();
  const [c1] = await t.db
    .insert(students)
    .values({ schoolId, enrollment: uniq("MAT"), firstName: "Ciro", paternalSurname: "Núñez", maternalSurname: "Díaz" })
    .returning();
  await t.db
    .insert(studentGroups)
    .values({ schoolId, studentId: c1!.id, schoolYearId: s.year.id, groupId: groupC!.id });
  extra = {
    category: category!.id,
    type: type!.id,
    section: section!.id,
    grade: grade!.id,
    groupC: groupC!.id,
    c1: c1!.id,
  };

  const A = s.groupA.id;
  const B = s.groupB.id;
  const add = (seed: Parameters<typeof insertIncident>[2]) => insertIncident(t.db, s, seed);
  I = {
    i1: await add({
      students: [
        { id: s.a1.id, groupId: A },
        { id: s.a2.id, groupId: A, role: "affected" },
      ],
      recordedBy: s.teacher.user.id,
      subjectId: s.math.id,
      occurredAt: daysAgo(3),
    }),
    i2: await add({
      students: [{ id: s.b1.id, groupId: B }],
      recordedBy: s.otherTeacher.user.id,
      status: "closed",
      categoryId: category!.id,
      typeId: type!.id,
      classification: "minor",
      detail: "Rompió una ventana del salón de música.",
      place: "Salón",
      subjectId: s.math.id,
      occurredAt: daysAgo(2),
    }),
    i3: await add({
      students: [
        { id: s.b1.id, groupId: B },
        { id: s.a1.id, groupId: A, role: "witness" },
      ],
      recordedBy: s.otherTeacher.user.id,
      groupId: B,
      detail: "Pelea en la cancha de futbol.",
      place: "Cancha",
      occurredAt: daysAgo(1),
    }),
    i4: await add({
      students: [{ id: s.a1.id, groupId: A }],
      recordedBy: s.director.user.id,
      status: "cancelled",
      visibleToFamily: false,
      classification: "very-serious",
      detail: "Reporte confidencial.",
      occurredAt: daysAgo(4),
    }),
    i5: await add({
      students: [{ id: s.b1.id, groupId: B }],
      recordedBy: s.teacher.user.id,
      groupId: null,
      detail: "Llegó tarde a la clase de arte.",
      place: null,
      occurredAt: daysAgo(5),
    }),
    i6: await add({
      students: [{ id: s.b1.id, groupId: B }],
      recordedBy: s.director.user.id,
      detail: "Uso del celular en clase.",
      occurredAt: daysAgo(40),
    }),
    i7: await add({
      students: [{ id: c1!.id, groupId: groupC!.id }],
      recordedBy: s.director.user.id,
      detail: "Salió del aula sin permiso.",
      occurredAt: daysAgo(6),
    }),
    // 05:30 UTC is 23:30 of the day before in Mexico City (UTC-6, no daylight saving since 2023).
    i8: await add({
      students: [{ id: s.a2.id, groupId: A }],
      recordedBy: s.director.user.id,
      detail: "Incidente de prueba de zona horaria.",
      occurredAt: new Date("2025-01-10T05:30:00Z"),
    }),
  };
});
afterAll(() => t.close());

const ALL = ["i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8"];

describe("archive: data scopes", () => {
  it("a director sees the whole school, newest first by default", async () => {
    const page = await archive(s.director.as);
    expect(names(page.incidents)).toEqual(ALL);
    expect(page.incidents.map((i) => i.id)).toEqual([I.i3, I.i2, I.i1, I.i4, I.i5, I.i7, I.i6, I.i8].map((i) => i.id));
    expect(page).toMatchObject({ total: 8, total_capped: false, page: 1, per_page: 25 });
  });

  it("a Docente sees what they recorded and their groups' incidents (own or a student's group), not group B's", async () => {
    expect(await found(s.teacher.as)).toEqual(["i1", "i3", "i4", "i5", "i8"]);
    expect((await archive(s.teacher.as)).total).toBe(5);
    // The other teacher heads B: B's incidents, and the one a B student was in.
    expect(await found(s.otherTeacher.as)).toEqual(["i2", "i3", "i5", "i6"]);
  });

  it("a family sees their children's incidents shown to families, other students anonymised", async () => {
    const page = await archive(s.motherOfA1.as);
    expect(names(page.incidents)).toEqual(["i1", "i3"]);
    const i1 = page.incidents.find((i) => i.id === I.i1.id)!;
    expect(i1.students).toEqual([
      expect.objectContaining({ id: s.a1.id, name: "Ana Pérez Ruiz", role: "involved" }),
      { id: null, name: null, enrollment: null, photo: null, role: "affected", group_label: "Primaria 1° A" },
    ]);
    const i3 = page.incidents.find((i) => i.id === I.i3.id)!;
    expect(i3.students.map((x) => [x.id, x.role])).toEqual([
      [s.a1.id, "witness"],
      [null, "involved"],
    ]);
    expect(JSON.stringify(page)).not.toContain("Beto");
    expect(await found(s.fatherOfB1.as)).toEqual(["i2", "i3", "i5", "i6"]);
  });

  it("a family cannot widen its scope, nor find an anonymised student by name or id", async () => {
    expect(await found(s.motherOfA1.as, "status=cancelled")).toEqual([]);
    const other = await s.motherOfA1.as({ method: "GET", url: `/api/incidents?student_id=${s.b1.id}` });
    expect(other.statusCode).toBe(404);
    expect(await found(s.motherOfA1.as, "q=Beto")).toEqual([]);
    expect(await found(s.motherOfA1.as, `student_id=${s.a1.id}`)).toEqual(["i1", "i3"]);
    expect(await found(s.motherOfA1.as, "q=ana")).toEqual(["i1", "i3"]);
  });

  it("needs incidents.read or incidents.search", async () => {
    const nurse = await memberOf(t.app, t.db, "enfermeria", s.school);
    expect((await nurse.as({ method: "GET", url: "/api/incidents" })).statusCode).toBe(403);
    const other = await memberOf(t.app, t.db, "director");
    expect((await other.as({ method: "GET", url: "/api/incidents" })).json().data.total).toBe(0);
  });
});

describe("archive: filters", () => {
  it("filters by status, category, type, classification, subject and recorder", async () => {
    const d = s.director.as;
    expect(await found(d, "status=closed")).toEqual(["i2"]);
    expect(await found(d, "status=cancelled")).toEqual(["i4"]);
    expect(await found(d, `category_id=${extra.category}`)).toEqual(["i2"]);
    expect(await found(d, `type_id=${extra.type}`)).toEqual(["i2"]);
    expect(await found(d, "classification=very-serious")).toEqual(["i4"]);
    expect(await found(d, `subject_id=${s.math.id}`)).toEqual(["i1", "i2"]);
    expect(await found(d, `recorded_by=${s.otherTeacher.user.id}`)).toEqual(["i2", "i3"]);
    expect(await found(d, `status=open&recorded_by=${s.director.user.id}`)).toEqual(["i6", "i7", "i8"]);
  });

  it("filters by group (the incident's or a student's at the time), grade and section", async () => {
    const d = s.director.as;
    expect(await found(d, `group_id=${s.groupA.id}`)).toEqual(["i1", "i3", "i4", "i8"]);
    expect(await found(d, `group_id=${s.groupB.id}`)).toEqual(["i2", "i3", "i5", "i6"]);
    expect(await found(d, `grade_id=${s.grade.id}`)).toEqual(ALL.filter((n) => n !== "i7"));
    expect(await found(d, `grade_id=${extra.grade}`)).toEqual(["i7"]);
    expect(await found(d, `section_id=${extra.section}`)).toEqual(["i7"]);
    expect(await found(d, `section_id=${s.section.id}&status=closed`)).toEqual(["i2"]);
    expect(await found(s.teacher.as, `group_id=${s.groupB.id}`)).toEqual(["i3", "i5"]);
  });

  it("filters by student", async () => {
    expect(await found(s.director.as, `student_id=${s.a1.id}`)).toEqual(["i1", "i3", "i4"]);
    expect(await found(s.director.as, `student_id=${extra.c1}`)).toEqual(["i7"]);
  });

  it("filters by days of the school's time zone", async () => {
    const d = s.director.as;
    const day = (date: Date) => date.toISOString().slice(0, 10);
    expect(await found(d, `from=${day(daysAgo(10))}`)).toEqual(["i1", "i2", "i3", "i4", "i5", "i7"]);
    expect(await found(d, `from=${day(daysAgo(60))}&to=${day(daysAgo(30))}`)).toEqual(["i6"]);
    expect(await found(d, "from=2025-01-09&to=2025-01-09")).toEqual(["i8"]);
    expect(await found(d, "from=2025-01-10&to=2025-01-10")).toEqual([]);
  });

  it("searches a folio, words of the detail or place as prefixes, or a student's name", async () => {
    const d = s.director.as;
    expect(await found(d, `q=${I.i5.folio}`)).toEqual(["i5"]);
    expect(await found(d, "q=recre")).toEqual(["i1"]);
    expect(await found(d, "q=ventana%20m%C3%BAsica")).toEqual(["i2"]);
    expect(await found(d, "q=Cancha")).toEqual(["i3"]);
    expect(await found(d, "q=beto")).toEqual(["i2", "i3", "i5", "i6"]);
    expect(await found(d, "q=ciro%20nunez")).toEqual(["i7"]);
    expect(await found(d, "q=zzzz")).toEqual([]);
    expect(await found(d, `q=beto&status=closed`)).toEqual(["i2"]);
    expect(await found(s.teacher.as, "q=beto")).toEqual(["i3", "i5"]);
  });
});

describe("archive: order and pages", () => {
  it("sorts by date, folio and classification", async () => {
    const ids = async (sort: string) => (await archive(s.director.as, `sort=${sort}`)).incidents.map((i) => i.id);
    const byFolio = Object.values(I)
      .sort((a, b) => a.folio - b.folio)
      .map((i) => i.id);
    expect(await ids("folio")).toEqual(byFolio);
    expect(await ids("-folio")).toEqual([...byFolio].reverse());
    const newest = (await archive(s.director.as)).incidents.map((i) => i.id);
    expect(await ids("occurred_at")).toEqual([...newest].reverse());
    expect((await ids("classification"))[0]).toBe(I.i2.id);
    expect((await ids("-classification"))[0]).toBe(I.i4.id);
    // Sparse queries (a search) sort the same way.
    const searched = (await archive(s.director.as, "q=beto&sort=occurred_at")).incidents.map((i) => i.id);
    expect(searched).toEqual([I.i6.id, I.i5.id, I.i2.id, I.i3.id]);
  });

  it("pages", async () => {
    const all = (await archive(s.director.as)).incidents.map((i) => i.id);
    const p2 = await archive(s.director.as, "per_page=3&page=2");
    expect(p2.incidents.map((i) => i.id)).toEqual(all.slice(3, 6));
    expect(p2).toMatchObject({ total: 8, total_capped: false, page: 2, per_page: 3 });
    expect((await archive(s.director.as, "per_page=3&page=4")).incidents).toEqual([]);
    const searched = await archive(s.director.as, "q=beto&per_page=3&page=2");
    expect(searched.incidents).toHaveLength(1);
    expect(searched.total).toBe(4);
    expect((await s.director.as({ method: "GET", url: "/api/incidents?per_page=101" })).statusCode).toBe(422);
  });

  it("counts up to the cap and says so beyond it", async () => {
    const other = await incidentSchool(t.app, t.db);
    const first = await insertIncident(t.db, other, {
      students: [{ id: other.a1.id, groupId: other.groupA.id }],
      recordedBy: other.director.user.id,
    });
    const cap = INCIDENT_LIMITS.countCap;
    await t.db.execute(sql`
      insert into incidents (school_id, folio, school_year_id, category_id, type_id, classification, detail, occurred_at,
                             group_id, visible_to_family, status, recorded_by)
      select school_id, folio + g, school_year_id, category_id, type_id, classification, detail || ' ' || g,
             occurred_at - g * interval '1 minute', group_id, visible_to_family, status, recorded_by
        from incidents, generate_series(1, ${cap}) g
       where school_id = ${other.school.id} and id = ${first.id}`);
    const page = await archive(other.director.as, "per_page=5");
    expect(page).toMatchObject({ total: cap, total_capped: true });
    expect(page.incidents).toHaveLength(5);
    const searched = await archive(other.director.as, "q=insult");
    expect(searched).toMatchObject({ total: cap, total_capped: true });
    expect(await archive(other.director.as, "status=closed")).toMatchObject({ total: 0, total_capped: false });
  });
});

describe("archive: filter values", () => {
  it("gives staff the catalogue, the current groups, subjects and recorders", async () => {
    const res = await s.teacher.as({ method: "GET", url: "/api/incidents/filters" });
    expect(res.statusCode).toBe(200);
    const f = res.json().data;
    // The school may come with a starter catalogue: every category is listed, ordered, with its types.
    const ids = f.categories.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([extra.category, s.category.id]));
    const damage = f.categories.find((c: { id: number }) => c.id === extra.category);
    // Counted over the school, as the configurator does (the Docente does not see i2 in the archive).
    expect(damage.types).toEqual([expect.objectContaining({ id: extra.type, incidents_count: 1 })]);
    const conducta = f.categories.find((c: { id: number }) => c.id === s.category.id);
    expect(conducta.types).toEqual([expect.objectContaining({ id: s.type.id, incidents_count: 7 })]);
    expect(f.sections.map((x: { name: string }) => x.name)).toEqual(["Primaria", "Secundaria"]);
    expect(f.groups.map((g: { label: string }) => g.label)).toEqual([
      "Primaria 1° A",
      "Primaria 1° B",
      "Secundaria 1° sec C",
    ]);
    expect(f.subjects).toEqual([{ id: s.math.id, name: "Matemáticas" }]);
    expect(f.recorders.map((r: { id: number }) => r.id).sort()).toEqual(
      [s.director.user.id, s.teacher.user.id, s.otherTeacher.user.id].sort(),
    );
    expect(f.recorders.find((r: { id: number }) => r.id === s.teacher.user.id).name).toBe("Tere Prueba");
  });

  it("gives a family only what their children's incidents use, and no recorders", async () => {
    const f = (await s.motherOfA1.as({ method: "GET", url: "/api/incidents/filters" })).json().data;
    expect(f.categories).toEqual([
      expect.objectContaining({ id: s.category.id, types: [expect.objectContaining({ incidents_count: 2 })] }),
    ]);
    expect(f.groups.map((g: { id: number }) => g.id)).toEqual([s.groupA.id]);
    expect(f.grades.map((g: { id: number }) => g.id)).toEqual([s.grade.id]);
    expect(f.subjects).toEqual([{ id: s.math.id, name: "Matemáticas" }]);
    expect(f.recorders).toEqual([]);
  });
});

describe("archive: XLSX export", () => {
  const exportOf = async (as: As, query: string, lang: string) => {
    const res = await as({
      method: "GET",
      url: `/api/incidents/export?${query}`,
      headers: { "accept-language": lang },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { res, sheet, rows };
  };

  it("exports the filtered list with Spanish headers and the school's clock", async () => {
    const { res, sheet, rows } = await exportOf(s.director.as, `group_id=${s.groupA.id}&sort=folio`, "es");
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="incidencias-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(sheet.name).toBe("Incidencias");
    expect(rows[0]!.slice(0, 8)).toEqual([
      "Folio",
      "Fecha",
      "Hora",
      "Estatus",
      "Categoría",
      "Tipo",
      "Clasificación",
      "Estudiantes",
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([I.i1.folio, I.i3.folio, I.i4.folio, I.i8.folio]);
    const i8 = rows.at(-1)!;
    expect((i8[1] as Date).toISOString().slice(0, 10)).toBe("2025-01-09");
    // A real time cell (issue 12 §5): 23:30 of Excel's day zero.
    expect((i8[2] as Date).toISOString()).toBe("1899-12-30T23:30:00.000Z");
    const i1 = rows[1]!;
    expect(i1.slice(3, 8)).toEqual([
      "En proceso",
      "Conducta",
      "Agresión verbal",
      "Grave",
      "Ana Pérez Ruiz (Involucrado); Alan Pérez Ruiz (Afectado)",
    ]);
    const i4 = rows[3]!;
    expect(i4[3]).toBe("Cancelada");
    expect(i4.slice(-2)).toEqual([expect.stringContaining(" "), "Registro duplicado"]);
  });

  it("exports in English for a family, anonymised and in their scope", async () => {
    const { res, rows } = await exportOf(s.motherOfA1.as, "", "en");
    expect(res.headers["content-disposition"]).toMatch(/filename="incidents-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(rows[0]!.slice(0, 4)).toEqual(["Folio", "Date", "Time", "Status"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([I.i3.folio, I.i1.folio]);
    expect(rows[1]![7]).toBe("Ana Pérez Ruiz (Witness); Another student (Involved)");
    expect(rows[1]![4]).toBe("Behaviour");
    expect(JSON.stringify(rows)).not.toContain("Beto");
  });
});

describe("scope helper for accompaniment observations", () => {
  it("scopes observations like incidents: whole school, own groups and records, a family's visible ones", async () => {
    const schoolId = s.school.id;
    const add = async (studentId: number, recordedBy: number, visibleToFamily = true) => {
      const [row] = await t.db
        .insert(accompanimentObservations)
        .values({
          schoolId,
          studentId,
          observationTypeId: s.observationType.id,
          text: "Participó en clase.",
          observedOn: "2026-01-15",
          recordedBy,
          visibleToFamily,
        })
        .returning();
      return row!.id;
    };
    const onA1 = await add(s.a1.id, s.director.user.id);
    const onB1 = await add(s.b1.id, s.otherTeacher.user.id);
    const byTeacher = await add(extra.c1, s.teacher.user.id);
    const hidden = await add(s.a1.id, s.director.user.id, false);
    const seen = async (template: ProfileTemplateKey, userId: number) => {
      const tenant = {
        schoolId,
        profileId: 0,
        profileName: profileTemplate(template).name,
        grants: new Set<string>(templatePermissions(template)),
      };
      const scope = await resolveObservationScope(t.db, { tenant, userId });
      const rows = await t.db
        .select({ id: accompanimentObservations.id })
        .from(accompanimentObservations)
        .where(observationsWhere(scope));
      return rows.map((r) => r.id).sort((a, b) => a - b);
    };
    expect(await seen("director", s.director.user.id)).toEqual([onA1, onB1, byTeacher, hidden]);
    expect(await seen("docente", s.teacher.user.id)).toEqual([onA1, byTeacher, hidden]);
    expect(await seen("docente", s.otherTeacher.user.id)).toEqual([onB1]);
    expect(await seen("familiar", s.motherOfA1.user.id)).toEqual([onA1]);
  });
});
