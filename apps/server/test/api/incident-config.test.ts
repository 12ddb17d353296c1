import { CLASSIFICATIONS, ERRORS, perm } from "@convive/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client.ts";
import { accompanimentObservations, incidents } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { createSchool, memberOf } from "../helpers/factories.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";
import { customMember } from "../helpers/master-configuration.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type As = IncidentSchool["director"]["as"];
type Row = { id: number } & Record<string, unknown>;
interface Category extends Row {
  name_es: string;
  name_en: string | null;
  order: number;
  is_active: boolean;
  types: (Row & { name_es: string; guidelines: string[]; is_active: boolean; incidents_count: number })[];
}

const CONFIG = "master-configuration-incident-configurator";

const send = (as: As, method: string, url: string, payload?: unknown, lang = "es") =>
  as({ method: method as "POST", url, payload: payload as object, headers: { "accept-language": lang } });
const created = async (as: As, url: string, payload: Record<string, unknown>): Promise<Row> => {
  const res = await send(as, "POST", url, payload);
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return Object.values(res.json().data)[0] as Row;
};
const categories = async (as: As, inactive = true): Promise<Category[]> => {
  const res = await as({ method: "GET", url: `/api/incident-categories${inactive ? "?include_inactive=1" : ""}` });
  expect(res.statusCode).toBe(200);
  return res.json().data.categories;
};
const observationTypes = async (as: As, inactive = true): Promise<(Row & { name_es: string; kind: string })[]> => {
  const res = await as({ method: "GET", url: `/api/observation-types${inactive ? "?include_inactive=1" : ""}` });
  expect(res.statusCode).toBe(200);
  return res.json().data.observation_types;
};

/** Row count and checksum of the school's catalogue tables, to prove a refused call changed nothing. */
async function catalogueSnapshot(db: Db, schoolId: string) {
  const out: Record<string, string> = {};
  for (const table of ["incident_categories", "incident_types", "observation_types"]) {
    const result = (await db.execute(
      sql`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum
            from ${sql.raw(`"${table}"`)} t where school_id = ${schoolId}`,
    )) as unknown as { rows: { n: number; sum: string }[] };
    out[table] = `${result.rows[0]!.n}:${result.rows[0]!.sum}`;
  }
  return out;
}

/** An incident of the fixture's type, inserted directly (the registration API is another module's). */
async function insertIncident(s: IncidentSchool, typeId = s.type.id, categoryId = s.category.id) {
  const [row] = await t.db
    .insert(incidents)
    .values({
      schoolId: s.school.id,
      folio: Math.floor(Math.random() * 1_000_000),
      schoolYearId: s.year.id,
      categoryId,
      typeId,
      classification: "serious",
      detail: "Prueba",
      occurredAt: new Date(),
      visibleToFamily: true,
      recordedBy: s.teacher.user.id,
    })
    .returning();
  return row!;
}

describe("starter catalogue", () => {
  it("gives every new school categories, types with guidelines and observation types in both languages", async () => {
    const { as } = await memberOf(t.app, t.db, "director", await createSchool(t.db));
    const list = await categories(as);
    expect(list.map((c) => c.name_es)).toEqual(["Conducta", "Convivencia", "Académica", "Seguridad"]);
    expect(list.map((c) => c.name_en)).toEqual(["Behaviour", "Coexistence", "Academic", "Safety"]);
    const types = list.flatMap((c) => c.types);
    expect(types.length).toBeGreaterThanOrEqual(10);
    for (const type of types) {
      expect(type).toMatchObject({ is_active: true, incidents_count: 0 });
      expect(type.name_en).toBeTruthy();
      expect(CLASSIFICATIONS).toContain(type.classification);
      expect(type.guidelines.length).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(types.map((ty) => ty.classification))).toEqual(new Set(CLASSIFICATIONS));
    const observations = await observationTypes(as);
    expect(observations.map((o) => o.name_es)).toContain("Participación destacada");
    expect(new Set(observations.map((o) => o.kind))).toEqual(new Set(["positive", "neutral"]));
  });
});

describe("incidents configurator", () => {
  it("creates, lists, edits and deletes categories and types", async () => {
    const s = await incidentSchool(t.app, t.db);
    const as = s.director.as;
    const before = await categories(as);
    const category = await created(as, "/api/incident-categories", { name_es: "Salud", name_en: "" });
    expect(category).toEqual({
      id: category.id,
      name_es: "Salud",
      name_en: null,
      order: Math.max(...before.map((c) => c.order)) + 1,
      is_active: true,
      types: [],
    });
    const type = await created(as, "/api/incident-types", {
      category_id: category.id,
      name_es: "Higiene personal",
      name_en: "Personal hygiene",
      classification: "minor",
      guidelines: "- Diálogo con el estudiante\r\n\n  • Aviso a la familia  \nSeguimiento de enfermería",
    });
    expect(type).toMatchObject({
      category_id: category.id,
      classification: "minor",
      default_points: 0,
      notify_family: true,
      is_active: true,
      incidents_count: 0,
      guidelines: ["Diálogo con el estudiante", "Aviso a la familia", "Seguimiento de enfermería"],
    });

    const renamed = await send(as, "PATCH", `/api/incident-categories/${category.id}`, {
      name_en: "Health",
      order: 0,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.category).toMatchObject({ name_es: "Salud", name_en: "Health", order: 0 });
    expect(renamed.json().data.category.types.map((ty: Row) => ty.id)).toEqual([type.id]);
    expect((await categories(as))[0]!.id).toBe(category.id);

    const edited = await send(as, "PATCH", `/api/incident-types/${type.id}`, {
      category_id: s.category.id,
      classification: "serious",
      default_points: 2,
      notify_family: false,
      guidelines: "Plática con orientación",
      is_active: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.type).toMatchObject({
      category_id: s.category.id,
      name_es: "Higiene personal",
      classification: "serious",
      default_points: 2,
      notify_family: false,
      guidelines: ["Plática con orientación"],
      is_active: false,
    });
    const deactivated = await send(as, "PATCH", `/api/incident-categories/${category.id}`, { is_active: false });
    expect(deactivated.json().data.category).toMatchObject({ is_active: false, types: [] });

    // Active only unless asked: the inactive category and type are gone from the plain list.
    const active = await categories(as, false);
    expect(active.map((c) => c.id)).not.toContain(category.id);
    expect(active.flatMap((c) => c.types).map((ty) => ty.id)).not.toContain(type.id);
    const all = await categories(as);
    expect(all.find((c) => c.id === s.category.id)!.types.map((ty) => ty.name_es)).toEqual([
      "Agresión verbal",
      "Higiene personal",
    ]);

    expect((await send(as, "DELETE", `/api/incident-types/${type.id}`)).json().data).toEqual({ id: type.id });
    expect((await send(as, "DELETE", `/api/incident-categories/${category.id}`)).json().data).toEqual({
      id: category.id,
    });
    expect((await categories(as)).map((c) => c.id)).not.toContain(category.id);
  });

  it("refuses to delete what is used (409 IN_USE) and counts the incidents of each type", async () => {
    const s = await incidentSchool(t.app, t.db);
    const as = s.director.as;
    await insertIncident(s);
    const [mine] = (await categories(as)).filter((c) => c.id === s.category.id);
    expect(mine!.types[0]).toMatchObject({ id: s.type.id, incidents_count: 1 });
    const before = await catalogueSnapshot(t.db, s.school.id);
    for (const lang of ["es", "en"] as const) {
      const type = await send(as, "DELETE", `/api/incident-types/${s.type.id}`, undefined, lang);
      expect(type.statusCode).toBe(409);
      expect(type.json()).toMatchObject({ code: "IN_USE", message: ERRORS.IN_USE[lang] });
    }
    // A category with types is in use even when they are unused; one whose incidents moved away too.
    const category = await send(as, "DELETE", `/api/incident-categories/${s.category.id}`);
    expect(category.statusCode).toBe(409);
    const empty = await created(as, "/api/incident-categories", { name_es: "Temporal" });
    await insertIncident(s, s.type.id, empty.id);
    expect((await send(as, "DELETE", `/api/incident-categories/${empty.id}`)).statusCode).toBe(409);
    const after = await catalogueSnapshot(t.db, s.school.id);
    expect(after.incident_types).toBe(before.incident_types);
    // The way out the web offers: deactivate.
    const off = await send(as, "PATCH", `/api/incident-types/${s.type.id}`, { is_active: false });
    expect(off.json().data.type).toMatchObject({ is_active: false, incidents_count: 2 });
  });

  it("refuses a hyphen-only guideline line in both languages and changes nothing", async () => {
    const s = await incidentSchool(t.app, t.db);
    const as = s.director.as;
    const before = await catalogueSnapshot(t.db, s.school.id);
    const body = {
      category_id: s.category.id,
      name_es: "Nueva",
      classification: "minor",
      guidelines: "Diálogo reflexivo\n - \nCarta compromiso",
    };
    for (const lang of ["es", "en"] as const) {
      for (const [method, url, payload] of [
        ["POST", "/api/incident-types", body],
        ["PATCH", `/api/incident-types/${s.type.id}`, { name_es: "Cambiada", guidelines: "—" }],
        ["PATCH", `/api/incident-types/${s.type.id}`, { guidelines: "Uno\r\n-\r\nDos" }],
      ] as const) {
        const res = await send(as, method, url, payload, lang);
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.guidelines).toBe(ERRORS.GUIDELINE_HYPHEN_ONLY[lang]);
      }
    }
    expect(ERRORS.GUIDELINE_HYPHEN_ONLY.en).toBe(
      "Formative guidelines must not contain lines with only a hyphen and no text.",
    );
    expect(await catalogueSnapshot(t.db, s.school.id)).toEqual(before);
  });

  it("validates names, classification, points, guideline limits and duplicate names", async () => {
    const s = await incidentSchool(t.app, t.db);
    const as = s.director.as;
    const before = await catalogueSnapshot(t.db, s.school.id);
    const type = (extra: Record<string, unknown>) => ({
      category_id: s.category.id,
      name_es: "Otra",
      classification: "minor",
      ...extra,
    });
    const many = Array.from({ length: 31 }, (_, i) => `Pauta ${i + 1}`).join("\n");
    const cases: [string, string, unknown, number, string, string][] = [
      ["POST", "/api/incident-categories", { name_es: "  " }, 422, "name_es", ERRORS.EMPTY_FIELDS.es],
      ["POST", "/api/incident-categories", { name_es: "conducta " }, 409, "name_es", ERRORS.CONFLICT.es],
      ["POST", "/api/incident-types", type({ classification: "grave" }), 422, "classification", ERRORS.VALIDATION.es],
      ["POST", "/api/incident-types", type({ default_points: 101 }), 422, "default_points", ERRORS.VALIDATION.es],
      ["POST", "/api/incident-types", type({ name_es: "AGRESIÓN VERBAL" }), 409, "name_es", ERRORS.CONFLICT.es],
      ["POST", "/api/incident-types", type({ name_en: "verbal aggression" }), 409, "name_en", ERRORS.CONFLICT.es],
      [
        "POST",
        "/api/incident-types",
        type({ guidelines: many }),
        422,
        "guidelines",
        "Escribe como máximo 30 pautas formativas, de hasta 500 caracteres cada una.",
      ],
      [
        "PATCH",
        `/api/incident-types/${s.type.id}`,
        { guidelines: "x".repeat(501) },
        422,
        "guidelines",
        "Escribe como máximo 30 pautas formativas, de hasta 500 caracteres cada una.",
      ],
      ["POST", "/api/observation-types", { name_es: "Otra", kind: "negative" }, 422, "kind", ERRORS.VALIDATION.es],
      [
        "POST",
        "/api/observation-types",
        { name_es: "participación", kind: "positive" },
        409,
        "name_es",
        ERRORS.CONFLICT.es,
      ],
    ];
    for (const [method, url, payload, status, field, message] of cases) {
      const res = await send(as, method, url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(res.json().errors?.[field], `${method} ${url} ${field}`).toBe(message);
    }
    expect(await catalogueSnapshot(t.db, s.school.id)).toEqual(before);
  });

  it("answers 404 for another school's categories and types, and changes nothing there", async () => {
    const s = await incidentSchool(t.app, t.db);
    const other = await incidentSchool(t.app, t.db);
    const as = s.director.as;
    const before = await catalogueSnapshot(t.db, other.school.id);
    const cases: [string, string, unknown][] = [
      ["PATCH", `/api/incident-categories/${other.category.id}`, { name_es: "Mía" }],
      ["DELETE", `/api/incident-categories/${other.category.id}`, undefined],
      ["PATCH", `/api/incident-types/${other.type.id}`, { is_active: false }],
      ["DELETE", `/api/incident-types/${other.type.id}`, undefined],
      ["PATCH", `/api/observation-types/${other.observationType.id}`, { points: 9 }],
      ["DELETE", `/api/observation-types/${other.observationType.id}`, undefined],
    ];
    for (const [method, url, payload] of cases) {
      expect((await send(as, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    const foreignCategory = await send(as, "POST", "/api/incident-types", {
      category_id: other.category.id,
      name_es: "Intrusa",
      classification: "minor",
    });
    expect(foreignCategory.statusCode).toBe(404);
    expect(foreignCategory.json().errors).toEqual({ category_id: ERRORS.NOT_FOUND.es });
    const moved = await send(as, "PATCH", `/api/incident-types/${s.type.id}`, { category_id: other.category.id });
    expect(moved.statusCode).toBe(404);
    expect(await catalogueSnapshot(t.db, other.school.id)).toEqual(before);
    expect((await categories(as)).map((c) => c.id)).not.toContain(other.category.id);
  });
});

describe("observations configurator", () => {
  it("creates, lists, edits and deletes observation types; a used one is IN_USE", async () => {
    const s = await incidentSchool(t.app, t.db);
    const as = s.director.as;
    const type = await created(as, "/api/observation-types", {
      name_es: "Puntualidad constante",
      name_en: "Always on time",
      kind: "positive",
      points: 1,
    });
    expect(type).toEqual({
      id: type.id,
      name_es: "Puntualidad constante",
      name_en: "Always on time",
      kind: "positive",
      points: 1,
      is_active: true,
      observations_count: 0,
    });
    const edited = await send(as, "PATCH", `/api/observation-types/${type.id}`, {
      kind: "neutral",
      points: 0,
      is_active: false,
    });
    expect(edited.json().data.observation_type).toMatchObject({ kind: "neutral", points: 0, is_active: false });
    expect((await observationTypes(as, false)).map((o) => o.id)).not.toContain(type.id);
    const listed = await observationTypes(as);
    expect(listed.map((o) => o.id)).toContain(type.id);
    expect(listed.findIndex((o) => o.kind === "neutral")).toBeGreaterThan(
      listed.findLastIndex((o) => o.kind === "positive"),
    );
    expect((await send(as, "DELETE", `/api/observation-types/${type.id}`)).json().data).toEqual({ id: type.id });

    await t.db.insert(accompanimentObservations).values({
      schoolId: s.school.id,
      studentId: s.a1.id,
      observationTypeId: s.observationType.id,
      text: "Ayudó a organizar el periódico mural.",
      observedOn: new Date().toISOString().slice(0, 10),
      points: 2,
      recordedBy: s.teacher.user.id,
    });
    const used = await send(as, "DELETE", `/api/observation-types/${s.observationType.id}`, undefined, "en");
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ code: "IN_USE", message: ERRORS.IN_USE.en });
    expect((await observationTypes(as)).find((o) => o.id === s.observationType.id)).toMatchObject({
      observations_count: 1,
    });
  });
});

describe("who may read and write the catalogue", () => {
  it("a Docente reads active entries only and cannot write", async () => {
    const s = await incidentSchool(t.app, t.db);
    await send(s.director.as, "PATCH", `/api/incident-types/${s.type.id}`, { is_active: false });
    const as = s.teacher.as;
    for (const url of ["/api/incident-categories?include_inactive=1", "/api/incident-categories"]) {
      const list = await categories(as, url.includes("inactive"));
      expect(list.every((c) => c.is_active && c.types.every((ty) => ty.is_active))).toBe(true);
      expect(list.flatMap((c) => c.types).map((ty) => ty.id)).not.toContain(s.type.id);
    }
    expect((await observationTypes(as)).length).toBeGreaterThan(0);
    const before = await catalogueSnapshot(t.db, s.school.id);
    const writes: [string, string, unknown][] = [
      ["POST", "/api/incident-categories", { name_es: "X" }],
      ["PATCH", `/api/incident-categories/${s.category.id}`, { name_es: "X" }],
      ["DELETE", `/api/incident-types/${s.type.id}`, undefined],
      ["POST", "/api/observation-types", { name_es: "X", kind: "positive" }],
      ["DELETE", `/api/observation-types/${s.observationType.id}`, undefined],
    ];
    for (const [method, url, payload] of writes) {
      const res = await send(as, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await catalogueSnapshot(t.db, s.school.id)).toEqual(before);
  });

  it("a profile with only the configurator's read sees everything and cannot write", async () => {
    const s = await incidentSchool(t.app, t.db);
    await send(s.director.as, "PATCH", `/api/incident-types/${s.type.id}`, { is_active: false });
    const reader = await customMember(t.app, t.db, s.school, [perm(CONFIG, "read")]);
    const list = await categories(reader.as);
    expect(list.flatMap((c) => c.types).find((ty) => ty.id === s.type.id)).toMatchObject({ is_active: false });
    const res = await send(reader.as, "POST", "/api/incident-types", {
      category_id: s.category.id,
      name_es: "Nueva",
      classification: "minor",
    });
    expect(res.statusCode).toBe(403);

    const writer = await customMember(t.app, t.db, s.school, [perm(CONFIG, "update")]);
    expect((await created(writer.as, "/api/incident-categories", { name_es: "Del editor" })).name_es).toBe(
      "Del editor",
    );
  });

  it("a member holding none of the grants cannot even list it", async () => {
    const s = await incidentSchool(t.app, t.db);
    const outsider = await customMember(t.app, t.db, s.school, [perm("scorings", "read")]);
    expect((await outsider.as({ method: "GET", url: "/api/incident-categories" })).statusCode).toBe(403);
    expect((await outsider.as({ method: "GET", url: "/api/observation-types" })).statusCode).toBe(403);
    const observer = await customMember(t.app, t.db, s.school, [perm("accompaniment-observations", "create")]);
    expect((await observer.as({ method: "GET", url: "/api/observation-types" })).statusCode).toBe(200);
  });
});
