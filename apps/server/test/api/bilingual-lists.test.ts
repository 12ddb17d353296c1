import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../../src/db/client.ts";
import {
  incidentCategories,
  incidentTypes,
  observationTypes,
  periods,
  profiles,
  schoolYears,
  sections,
} from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, client, createSchool, createUser, login, memberOf, uniq } from "../helpers/factories.ts";
import { incidentSchool, registration } from "../helpers/incidents.ts";

/**
 * Issue 12 §6: the lists the product itself gives a school — profile templates, levels, periods, the starter
 * catalogue's categories, types and formative guidelines — carry Spanish and English names, and each reader gets
 * their own language.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type As = ReturnType<typeof client>;
const EN = { "accept-language": "en" };

const created = async (as: As, url: string, payload: Record<string, unknown>) => {
  const res = await as({ method: "POST", url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return Object.values(res.json().data)[0] as { id: number } & Record<string, unknown>;
};

/** A school made by the platform administrator on the API, and its director signed in. */
async function newSchoolByRoot() {
  const root = await createUser(t.db, { root: 1 });
  const asRoot = client(t.app, await login(t.app, root.email));
  const id = uniq("bil");
  const res = await asRoot({ method: "POST", url: "/api/admin/schools", payload: { id, name: "Colegio Bilingüe" } });
  expect(res.statusCode, res.body).toBe(201);
  const directorProfile = res.json().data.profiles.find((p: { template_key: string }) => p.template_key === "director");
  const director = await createUser(t.db);
  await addMember(t.db, id, director.id, directorProfile.id);
  return { id, root: asRoot, director, as: client(t.app, await login(t.app, director.email), id) };
}

describe("a new school's profiles", () => {
  it("come with a Spanish and an English name each", async () => {
    const school = await newSchoolByRoot();
    const list = (await school.as({ method: "GET", url: "/api/profiles" })).json().data.profiles;
    expect(list.map((p: { name: string; name_en: string }) => [p.name, p.name_en])).toEqual([
      ["Director", "Principal"],
      ["Coordinador", "Coordinator"],
      ["Docente", "Teacher"],
      ["Orientador", "Counsellor"],
      ["Enfermería", "School nurse"],
      ["Familiar", "Family member"],
    ]);
    const forRoot = await school.root({ method: "GET", url: `/api/admin/schools/${school.id}/profiles` });
    expect(forRoot.json().data.profiles[2]).toMatchObject({ name: "Docente", name_en: "Teacher" });
  });

  it("reach the header: the signed-in user's role carries its English name", async () => {
    const teacher = await memberOf(t.app, t.db, "docente");
    const res = await teacher.as({ method: "GET", url: `/api/users/${teacher.user.id}` });
    expect(res.json().data.user.roles).toEqual([expect.objectContaining({ name: "Docente", name_en: "Teacher" })]);
    const own = await teacher.as({ method: "GET", url: `/api/roles/${teacher.school.profileIds.docente}` });
    expect(own.json().data.role).toMatchObject({ name: "Docente", name_en: "Teacher" });
  });

  it("are renamed in both languages; a new Spanish name alone leaves no stale English one", async () => {
    const { as, school } = await memberOf(t.app, t.db, "director");
    const id = school.profileIds.docente;
    const both = await as({
      method: "PATCH",
      url: `/api/profiles/${id}`,
      payload: { name: "Maestro", name_en: "Tutor" },
    });
    expect(both.json().data.profile).toMatchObject({ name: "Maestro", name_en: "Tutor" });
    const esOnly = await as({ method: "PATCH", url: `/api/profiles/${id}`, payload: { name: "Profesor" } });
    expect(esOnly.json().data.profile).toMatchObject({ name: "Profesor", name_en: null });
    const back = await as({ method: "PATCH", url: `/api/profiles/${id}`, payload: { name: "Docente" } });
    expect(back.json().data.profile).toMatchObject({ name: "Docente", name_en: "Teacher" });
    // The Director keeps its Spanish name (the rules read it) but may be called otherwise in English.
    const director = await as({
      method: "PATCH",
      url: `/api/profiles/${school.profileIds.director}`,
      payload: { name: "Director", name_en: "Head teacher" },
    });
    expect(director.json().data.profile).toMatchObject({ name: "Director", name_en: "Head teacher" });
    const made = await created(as, "/api/profiles", { name: "Prefecto", name_en: "Prefect" });
    expect(made).toMatchObject({ name: "Prefecto", name_en: "Prefect" });
  });

  it("show in the reader's language in the school's user list", async () => {
    const { as, school } = await memberOf(t.app, t.db, "director");
    const res = await as({ method: "GET", url: "/api/school-users" });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data.users.find((u: { profile_id: number }) => u.profile_id === school.profileIds.director);
    expect(row).toMatchObject({ profile_name: "Director", profile_name_en: "Principal" });
  });
});

describe("a new school's starter catalogue", () => {
  it("names every category and type and gives every formative guideline in both languages", async () => {
    const school = await newSchoolByRoot();
    const categories = (await school.as({ method: "GET", url: "/api/incident-categories" })).json().data.categories;
    expect(categories.length).toBeGreaterThan(0);
    for (const category of categories) {
      expect(category.name_en, category.name_es).toBeTruthy();
      for (const type of category.types) {
        expect(type.name_en, type.name_es).toBeTruthy();
        expect(type.guidelines.length, type.name_es).toBeGreaterThan(0);
        expect(type.guidelines_en, type.name_es).toHaveLength(type.guidelines.length);
        expect(type.guidelines_en).not.toEqual(type.guidelines);
      }
    }
    const behaviour = categories.find((c: { name_es: string }) => c.name_es === "Conducta");
    expect(behaviour.name_en).toBe("Behaviour");
  });

  it("keeps English guidelines a configurator types, one per line, and refuses a hyphen-only line there", async () => {
    const { as } = await memberOf(t.app, t.db, "director");
    const category = await created(as, "/api/incident-categories", { name_es: "Salud", name_en: "Health" });
    const type = await created(as, "/api/incident-types", {
      category_id: category.id,
      name_es: "Higiene personal",
      name_en: "Personal hygiene",
      classification: "minor",
      guidelines: "Plática con la familia\nSeguimiento semanal",
      guidelines_en: "A talk with the family\n- Weekly follow-up",
    });
    expect(type).toMatchObject({
      guidelines: ["Plática con la familia", "Seguimiento semanal"],
      guidelines_en: ["A talk with the family", "Weekly follow-up"],
    });
    const bad = await as({
      method: "PATCH",
      url: `/api/incident-types/${type.id}`,
      payload: { guidelines_en: "A talk\n-" },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["guidelines_en"]);
  });
});

describe("levels and periods", () => {
  it("a level the product knows gets its English name; one given is kept; another has none", async () => {
    const { as } = await memberOf(t.app, t.db, "director");
    expect(await created(as, "/api/sections", { name: "Primaria" })).toMatchObject({ name_en: "Primary" });
    expect(await created(as, "/api/sections", { name: "Secundaria", name_en: "Middle school" })).toMatchObject({
      name_en: "Middle school",
    });
    const own = await created(as, "/api/sections", { name: "Bachillerato" });
    expect(own).toMatchObject({ name_en: null });
    const renamed = await as({ method: "PATCH", url: `/api/sections/${own.id}`, payload: { name: "Preparatoria" } });
    expect(renamed.json().data.section).toMatchObject({ name: "Preparatoria", name_en: "High school" });
    const cleared = await as({ method: "PATCH", url: `/api/sections/${own.id}`, payload: { name_en: "" } });
    expect(cleared.json().data.section).toMatchObject({ name: "Preparatoria", name_en: null });
  });

  it("a period named the usual way gets its English name", async () => {
    const { as } = await memberOf(t.app, t.db, "director");
    const year = await created(as, "/api/school-years", {
      name: "2026-2027",
      starts_on: "2026-08-24",
      ends_on: "2027-07-09",
    });
    const url = `/api/school-years/${year.id}/periods`;
    const first = await created(as, url, { name: "Bimestre 1", starts_on: "2026-08-24", ends_on: "2026-10-25" });
    expect(first).toMatchObject({ name: "Bimestre 1", name_en: "Bimester 1" });
    const second = await created(as, url, {
      name: "Segundo corte",
      name_en: "Second term",
      starts_on: "2026-10-26",
      ends_on: "2027-01-03",
    });
    expect(second).toMatchObject({ name_en: "Second term" });
    const listed = (await as({ method: "GET", url })).json().data.periods;
    expect(listed.map((p: { name_en: string | null }) => p.name_en)).toEqual(["Bimester 1", "Second term"]);
  });

  it("group labels on the registration screen and the archive's filters come in the reader's language", async () => {
    const { as } = await memberOf(t.app, t.db, "director");
    await created(as, "/api/school-years", { name: "2026", starts_on: "2026-08-24", ends_on: "2027-07-09" });
    const section = await created(as, "/api/sections", { name: "Primaria" });
    const grade = await created(as, "/api/grades", { section_id: section.id, name: "3°" });
    await created(as, "/api/groups", { grade_id: grade.id, name: "A" });

    const options = (headers: Record<string, string>) =>
      as({ method: "GET", url: "/api/incidents/registration-options", headers });
    const labels = async (headers: Record<string, string>) =>
      (await options(headers)).json().data.groups.map((g: { label: string }) => g.label);
    expect(await labels({ "accept-language": "es" })).toEqual(["Primaria 3° A"]);
    expect(await labels(EN)).toEqual(["Primary 3° A"]);
    const type = (await options(EN)).json().data.categories[0].types[0];
    expect(type.guidelines_en.length).toBeGreaterThan(0);

    const filters = (await as({ method: "GET", url: "/api/incidents/filters", headers: EN })).json().data;
    expect(filters.sections).toEqual([{ id: section.id, name: "Primaria", name_en: "Primary" }]);
    expect(filters.groups.map((g: { label: string }) => g.label)).toEqual(["Primary 3° A"]);
  });
});

describe("an incident's level and period", () => {
  it("read in the reader's language in the archive and the details", async () => {
    const s = await incidentSchool(t.app, t.db);
    await t.db.update(sections).set({ nameEn: "Primary" }).where(eq(sections.id, s.section.id));
    await t.db.update(periods).set({ nameEn: "Bimester 2" }).where(eq(periods.id, s.period.id));
    const res = await s.director.as({ method: "POST", url: "/api/incidents", payload: registration(s) });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.incident.id;

    const archive = async (headers: Record<string, string>) =>
      (await s.director.as({ method: "GET", url: "/api/incidents", headers })).json().data.incidents[0];
    expect((await archive({ "accept-language": "es" })).group.label).toBe("Primaria 1° A");
    const english = await archive(EN);
    expect(english.group.label).toBe("Primary 1° A");
    expect(english.students[0].group_label).toBe("Primary 1° A");

    const detail = (await s.director.as({ method: "GET", url: `/api/incidents/${id}`, headers: EN })).json().data;
    expect(detail.incident.period).toEqual({ id: s.period.id, name: "Bimestre 2", name_en: "Bimester 2" });
    expect(detail.incident.group.label).toBe("Primary 1° A");
  });
});

describe("migration 0009", () => {
  const statements = readFileSync(join(MIGRATIONS_FOLDER, "0009_bilingual_lists.sql"), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);

  it("gives an existing school's untouched starter rows their English names and leaves its own names alone", async () => {
    const school = await createSchool(t.db);
    const id = school.id;
    // As a school made before 0009 had them: no English names for profiles, levels, periods or guidelines.
    await t.db.update(profiles).set({ nameEn: null }).where(eq(profiles.schoolId, id));
    await t.db.update(profiles).set({ name: "Maestro" }).where(eq(profiles.id, school.profileIds.docente));
    await t.db.update(incidentTypes).set({ guidelinesEn: [] }).where(eq(incidentTypes.schoolId, id));
    await t.db.update(incidentCategories).set({ nameEn: null }).where(eq(incidentCategories.schoolId, id));
    await t.db.update(observationTypes).set({ nameEn: null }).where(eq(observationTypes.schoolId, id));
    const [year] = await t.db
      .insert(schoolYears)
      .values({ schoolId: id, name: "2025", startsOn: "2025-08-25", endsOn: "2026-07-10", isCurrent: true })
      .returning();
    await t.db.insert(periods).values([
      {
        schoolId: id,
        schoolYearId: year!.id,
        name: "Trimestre 2",
        order: 1,
        startsOn: "2025-08-25",
        endsOn: "2025-11-28",
      },
      {
        schoolId: id,
        schoolYearId: year!.id,
        name: "Corte final",
        order: 2,
        startsOn: "2025-12-01",
        endsOn: "2026-07-10",
      },
    ]);
    await t.db.insert(sections).values([
      { schoolId: id, name: "Secundaria" },
      { schoolId: id, name: "Bachillerato" },
    ]);

    for (const statement of statements) await t.db.execute(sql.raw(statement));

    const profileRows = await t.db
      .select({ name: profiles.name, en: profiles.nameEn })
      .from(profiles)
      .where(eq(profiles.schoolId, id));
    expect(profileRows).toEqual(
      expect.arrayContaining([
        { name: "Director", en: "Principal" },
        { name: "Familiar", en: "Family member" },
        { name: "Maestro", en: null },
      ]),
    );
    const periodRows = await t.db.select({ en: periods.nameEn }).from(periods).where(eq(periods.schoolId, id));
    expect(periodRows.map((p) => p.en).sort()).toEqual(["Trimester 2", null].sort());
    const sectionRows = await t.db.select({ en: sections.nameEn }).from(sections).where(eq(sections.schoolId, id));
    expect(sectionRows.map((s) => s.en).sort()).toEqual(["Secondary", null].sort());
    const typeRows = await t.db
      .select({ es: incidentTypes.guidelines, en: incidentTypes.guidelinesEn })
      .from(incidentTypes)
      .where(eq(incidentTypes.schoolId, id));
    for (const row of typeRows) expect(row.en).toHaveLength(row.es.length);
    const categoryRows = await t.db
      .select({ en: incidentCategories.nameEn })
      .from(incidentCategories)
      .where(eq(incidentCategories.schoolId, id));
    expect(categoryRows.every((c) => c.en)).toBe(true);
    const observationRows = await t.db
      .select({ en: observationTypes.nameEn })
      .from(observationTypes)
      .where(eq(observationTypes.schoolId, id));
    expect(observationRows.every((o) => o.en)).toBe(true);
  });
});
