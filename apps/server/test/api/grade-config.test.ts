import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client.ts";
import { ratingScaleVersions, ratings, sections } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";
import { customMember } from "../helpers/master-configuration.ts";

/**
 * Issue 13 §1, the grade configurator's API: scales (numeric or levels, versioned once rated), the conduct and the
 * habits with their sections' scales, the ratings settings and the alert rules, guarded by read/update of
 * master-configuration-incident-configurator (spec §6).
 */

let t: TestApp;
let s: IncidentSchool;
let other: IncidentSchool;
beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);
});
afterAll(() => t.close());

type As = IncidentSchool["director"]["as"];
type Row = { id: number } & Record<string, unknown>;
interface Scale extends Row {
  version_id: number;
  version: number;
  versions_count: number;
  current_ratings: number;
  ratings_count: number;
  definition: Record<string, unknown>;
  is_active: boolean;
}
interface Measure extends Row {
  kind: string;
  name_es: string;
  scale_id: number;
  order: number;
  is_active: boolean;
  sections: { section_id: number; scale_id: number }[];
}
interface Config {
  settings: { grace_days: number; points_reset: string };
  scales: Scale[];
  measures: Measure[];
  alert_rules: Row[];
  sections: { id: number; name_es: string }[];
}

const send = (as: As, method: string, url: string, payload?: unknown, lang = "es") =>
  as({ method: method as "POST", url, payload: payload as object, headers: { "accept-language": lang } });
async function ok<T = Row>(as: As, method: string, url: string, payload?: unknown): Promise<T> {
  const res = await send(as, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return Object.values(res.json().data)[0] as T;
}
const config = (as: As) => ok<Config>(as, "GET", "/api/grade-config");

const NUMERIC = { kind: "numeric", min: 5, max: 10, step: 0.5, passing: 6 };
const level = (code: string, name: string, passing = true) => ({
  code,
  name_es: name,
  name_en: null,
  colour: "#1971c2",
  passing,
});
const LEVELS = { kind: "levels", levels: [level("S", "Siempre"), level("A", "A veces"), level("N", "Nunca", false)] };
const scaleBody = (name: string, definition: object = NUMERIC) => ({ name_es: name, name_en: null, definition });

/** Row count and checksum of the school's grade-configuration tables, to prove a refused call changed nothing. */
async function gradeSnapshot(db: Db, schoolId: string) {
  const out: Record<string, string> = {};
  const tables = [
    "rating_settings",
    "rating_scales",
    "rating_scale_versions",
    "rating_measures",
    "rating_measure_sections",
    "alert_rules",
  ];
  for (const table of tables) {
    const result = (await db.execute(
      sql`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum
            from ${sql.raw(`"${table}"`)} t where school_id = ${schoolId}`,
    )) as unknown as { rows: { n: number; sum: string }[] };
    out[table] = `${result.rows[0]!.n}:${result.rows[0]!.sum}`;
  }
  return out;
}

describe("grade configurator: access", () => {
  it("lets the Director read and change it, and refuses Docente, Familiar and Coordinador on every action", async () => {
    const scale = await ok<Scale>(s.director.as, "POST", "/api/grade-config/scales", scaleBody("Acceso 5 a 10"));
    const measure = await ok<Measure>(s.director.as, "POST", "/api/grade-config/measures", {
      kind: "habit",
      name_es: "Acceso",
      scale_id: scale.id,
    });
    const rule = await ok(s.director.as, "POST", "/api/grade-config/alert-rules", {
      kind: "incidents",
      classification: "minor",
      threshold: 9,
      window_days: 9,
    });
    const calls: [string, string, unknown][] = [
      ["GET", "/api/grade-config", undefined],
      ["POST", "/api/grade-config/starter", undefined],
      ["PUT", "/api/grade-config/settings", { grace_days: 3, points_reset: "period" }],
      ["POST", "/api/grade-config/scales", scaleBody("Intrusa")],
      ["PATCH", `/api/grade-config/scales/${scale.id}`, { name_es: "Cambiada" }],
      ["DELETE", `/api/grade-config/scales/${scale.id}`, undefined],
      ["POST", "/api/grade-config/measures", { kind: "habit", name_es: "Intruso", scale_id: scale.id }],
      ["PATCH", `/api/grade-config/measures/${measure.id}`, { name_es: "Cambiado" }],
      ["DELETE", `/api/grade-config/measures/${measure.id}`, undefined],
      ["PUT", "/api/grade-config/habits/order", { ids: [measure.id] }],
      ["POST", "/api/grade-config/alert-rules", { kind: "conduct-below-passing" }],
      ["PATCH", `/api/grade-config/alert-rules/${rule.id}`, { threshold: 4 }],
      ["DELETE", `/api/grade-config/alert-rules/${rule.id}`, undefined],
    ];
    const before = await gradeSnapshot(t.db, s.school.id);
    for (const who of [s.teacher, s.motherOfA1, s.coordinador]) {
      for (const [method, url, payload] of calls) {
        const res = await send(who.as, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe("FORBIDDEN");
      }
    }
    // A profile with read only opens the screen but changes nothing.
    const reader = await customMember(t.app, t.db, s.school, ["master-configuration-incident-configurator.read"]);
    expect((await send(reader.as, "GET", "/api/grade-config")).statusCode).toBe(200);
    for (const [method, url, payload] of calls.slice(1)) {
      expect((await send(reader.as, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await gradeSnapshot(t.db, s.school.id)).toEqual(before);

    // The Director may do each of them.
    const got = await config(s.director.as);
    expect(got.scales.map((x) => x.id)).toContain(scale.id);
    expect(got.sections).toEqual([{ id: s.section.id, name_es: "Primaria", name_en: null }]);
    await ok(s.director.as, "PATCH", `/api/grade-config/measures/${measure.id}`, { name_es: "Acceso 2" });
    await ok(s.director.as, "DELETE", `/api/grade-config/measures/${measure.id}`);
    await ok(s.director.as, "PATCH", `/api/grade-config/scales/${scale.id}`, { name_es: "Acceso 2" });
    await ok(s.director.as, "DELETE", `/api/grade-config/scales/${scale.id}`);
    await ok(s.director.as, "PATCH", `/api/grade-config/alert-rules/${rule.id}`, { threshold: 4 });
    await ok(s.director.as, "DELETE", `/api/grade-config/alert-rules/${rule.id}`);
    const after = await config(s.director.as);
    expect(after.scales.find((x) => x.id === scale.id)).toBeUndefined();
    expect(after.measures.find((x) => x.id === measure.id)).toBeUndefined();
    expect(after.alert_rules.find((x) => x.id === rule.id)).toBeUndefined();
  });

  it("answers 404 for another school's scale, measure, section or rule, and changes nothing", async () => {
    const theirs = await ok<Config>(other.director.as, "POST", "/api/grade-config/starter");
    const theirScale = theirs.scales[0]!;
    const theirMeasure = theirs.measures[0]!;
    const theirRule = await ok(other.director.as, "POST", "/api/grade-config/alert-rules", {
      kind: "conduct-below-passing",
    });
    const mine = await ok<Scale>(s.director.as, "POST", "/api/grade-config/scales", scaleBody("Propia"));
    const before = await gradeSnapshot(t.db, s.school.id);
    const theirsBefore = await gradeSnapshot(t.db, other.school.id);
    const calls: [string, string, unknown][] = [
      ["PATCH", `/api/grade-config/scales/${theirScale.id}`, { name_es: "Robada" }],
      ["DELETE", `/api/grade-config/scales/${theirScale.id}`, undefined],
      ["PATCH", `/api/grade-config/measures/${theirMeasure.id}`, { name_es: "Robada" }],
      ["DELETE", `/api/grade-config/measures/${theirMeasure.id}`, undefined],
      ["PATCH", `/api/grade-config/alert-rules/${theirRule.id}`, { threshold: 5 }],
      ["DELETE", `/api/grade-config/alert-rules/${theirRule.id}`, undefined],
      ["POST", "/api/grade-config/measures", { kind: "habit", name_es: "Ajena", scale_id: theirScale.id }],
      [
        "POST",
        "/api/grade-config/measures",
        {
          kind: "habit",
          name_es: "Ajena",
          scale_id: mine.id,
          sections: [{ section_id: other.section.id, scale_id: mine.id }],
        },
      ],
      [
        "POST",
        "/api/grade-config/measures",
        {
          kind: "habit",
          name_es: "Ajena",
          scale_id: mine.id,
          sections: [{ section_id: s.section.id, scale_id: theirScale.id }],
        },
      ],
    ];
    for (const [method, url, payload] of calls) {
      const res = await send(s.director.as, method, url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(404);
      expect(res.json().code).toBe("NOT_FOUND");
    }
    expect(await gradeSnapshot(t.db, s.school.id)).toEqual(before);
    expect(await gradeSnapshot(t.db, other.school.id)).toEqual(theirsBefore);
    // Nor does the other school's read show anything of this one.
    expect((await config(other.director.as)).scales.map((x) => x.id)).not.toContain(mine.id);
  });
});

describe("grade configurator: validation", () => {
  it("refuses bad scales and measures with field codes in both languages, and changes nothing", async () => {
    const x = await incidentSchool(t.app, t.db);
    const setup = await ok<Config>(x.director.as, "POST", "/api/grade-config/starter");
    const numeric = setup.scales.find((sc) => sc.kind === "numeric")!;
    const before = await gradeSnapshot(t.db, x.school.id);
    const cases: [string, string, unknown, number, string, string, { es: string; en: string } | null][] = [
      [
        "POST",
        "/api/grade-config/scales",
        scaleBody("Al revés", { ...NUMERIC, min: 10, max: 5 }),
        422,
        "VALIDATION",
        "definition.max",
        {
          es: "El máximo debe ser mayor que el mínimo y alcanzarse con el paso de la escala.",
          en: "The maximum must be above the minimum and reachable in the scale's steps.",
        },
      ],
      [
        "POST",
        "/api/grade-config/scales",
        scaleBody("Fuera", { ...NUMERIC, passing: 11 }),
        422,
        "VALIDATION",
        "definition.passing",
        {
          es: "La calificación aprobatoria debe ser un valor de la escala, y al menos un nivel debe aprobar.",
          en: "The passing mark must be one of the scale's values, and at least one level must pass.",
        },
      ],
      // 6.3 is within 5–10 but not on its halves.
      [
        "POST",
        "/api/grade-config/scales",
        scaleBody("Entre", { ...NUMERIC, passing: 6.3 }),
        422,
        "VALIDATION",
        "definition.passing",
        null,
      ],
      [
        "POST",
        "/api/grade-config/scales",
        scaleBody("Repetidos", { kind: "levels", levels: [level("E", "Excelente"), level("e", "Escaso")] }),
        422,
        "VALIDATION",
        "definition.levels",
        { es: "Cada nivel necesita una clave distinta.", en: "Each level needs a different code." },
      ],
      [
        "POST",
        "/api/grade-config/scales",
        scaleBody("Nadie aprueba", { kind: "levels", levels: [level("E", "Uno", false), level("B", "Dos", false)] }),
        422,
        "VALIDATION",
        "definition.levels",
        null,
      ],
      [
        "POST",
        "/api/grade-config/scales",
        scaleBody("-"),
        422,
        "VALIDATION",
        "name_es",
        { es: "El nombre no puede ser solo un guion.", en: "The name cannot be just a hyphen." },
      ],
      [
        "POST",
        "/api/grade-config/scales",
        scaleBody("Guiones", { kind: "levels", levels: [level("E", "Excelente"), level("B", " – ")] }),
        422,
        "VALIDATION",
        "definition.levels.1.name_es",
        { es: "El nombre no puede ser solo un guion.", en: "The name cannot be just a hyphen." },
      ],
      [
        "POST",
        "/api/grade-config/scales",
        scaleBody("Color", {
          kind: "levels",
          levels: [level("E", "Excelente"), { ...level("B", "Bueno"), colour: "azul" }],
        }),
        422,
        "VALIDATION",
        "definition.levels.1.colour",
        null,
      ],
      ["POST", "/api/grade-config/scales", scaleBody(numeric.name_es as string), 409, "CONFLICT", "name_es", null],
      [
        "PATCH",
        `/api/grade-config/scales/${numeric.id}`,
        { definition: LEVELS },
        422,
        "SCALE_KIND_FIXED",
        "definition.kind",
        {
          es: "Una escala no cambia de tipo: crea otra escala.",
          en: "A scale never changes kind: create another scale.",
        },
      ],
      [
        "POST",
        "/api/grade-config/measures",
        { kind: "conduct", name_es: "Conducta 2", scale_id: numeric.id },
        422,
        "CONDUCT_EXISTS",
        "kind",
        {
          es: "La escuela ya tiene una conducta activa; edítala en lugar de crear otra.",
          en: "The school already has an active conduct measure; edit it instead of creating another.",
        },
      ],
      [
        "POST",
        "/api/grade-config/measures",
        { kind: "habit", name_es: "-", scale_id: numeric.id },
        422,
        "VALIDATION",
        "name_es",
        null,
      ],
      [
        "POST",
        "/api/grade-config/measures",
        {
          kind: "habit",
          name_es: "Doble",
          scale_id: numeric.id,
          sections: [
            { section_id: x.section.id, scale_id: numeric.id },
            { section_id: x.section.id, scale_id: numeric.id },
          ],
        },
        422,
        "VALIDATION",
        "sections",
        null,
      ],
      [
        "POST",
        "/api/grade-config/measures",
        { kind: "habit", name_es: "Tareas", scale_id: numeric.id },
        409,
        "CONFLICT",
        "name_es",
        null,
      ],
      [
        "PUT",
        "/api/grade-config/settings",
        { grace_days: 61, points_reset: "year" },
        422,
        "VALIDATION",
        "grace_days",
        null,
      ],
      [
        "PUT",
        "/api/grade-config/settings",
        { grace_days: 7, points_reset: "weekly" },
        422,
        "VALIDATION",
        "points_reset",
        null,
      ],
      [
        "POST",
        "/api/grade-config/alert-rules",
        { kind: "incidents", classification: "grave" },
        422,
        "VALIDATION",
        "classification",
        null,
      ],
      [
        "POST",
        "/api/grade-config/alert-rules",
        { kind: "incidents", threshold: 0 },
        422,
        "VALIDATION",
        "threshold",
        null,
      ],
      ["PUT", "/api/grade-config/habits/order", { ids: [setup.measures[1]!.id] }, 422, "VALIDATION", "ids", null],
    ];
    for (const [method, url, payload, status, code, field, text] of cases) {
      for (const lang of ["es", "en"] as const) {
        const res = await send(x.director.as, method, url, payload, lang);
        const what = `${method} ${url} ${JSON.stringify(payload)}`;
        expect(res.statusCode, what).toBe(status);
        expect(res.json().code, what).toBe(code);
        expect(Object.keys(res.json().errors ?? {}), what).toContain(field);
        if (text) expect(res.json().errors[field], what).toBe(text[lang]);
      }
    }
    // The suggested setup once only.
    expect((await send(x.director.as, "POST", "/api/grade-config/starter")).statusCode).toBe(409);
    expect(await gradeSnapshot(t.db, x.school.id)).toEqual(before);
  });

  it("keeps at most the habits limit active", async () => {
    const x = await incidentSchool(t.app, t.db);
    const scale = await ok<Scale>(x.director.as, "POST", "/api/grade-config/scales", scaleBody("Niveles", LEVELS));
    for (let i = 1; i <= 20; i++) {
      await ok(x.director.as, "POST", "/api/grade-config/measures", {
        kind: "habit",
        name_es: `Hábito ${i}`,
        scale_id: scale.id,
      });
    }
    const res = await send(x.director.as, "POST", "/api/grade-config/measures", {
      kind: "habit",
      name_es: "Hábito 21",
      scale_id: scale.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "HABITS_LIMIT",
      errors: { kind: "La escuela puede tener hasta 20 hábitos activos." },
    });
    // An inactive one may be added; switching it on is refused the same way.
    const spare = await ok<Measure>(x.director.as, "POST", "/api/grade-config/measures", {
      kind: "habit",
      name_es: "Hábito 21",
      scale_id: scale.id,
      is_active: false,
    });
    const on = await send(x.director.as, "PATCH", `/api/grade-config/measures/${spare.id}`, { is_active: true });
    expect(on.json().code).toBe("HABITS_LIMIT");
  });
});

describe("grade configurator: setup from scratch", () => {
  it("sets a conduct scale, habits in order with a section's own scale, settings and alert rules", async () => {
    const x = await incidentSchool(t.app, t.db);
    const empty = await config(x.director.as);
    expect(empty.scales).toEqual([]);
    expect(empty.measures).toEqual([]);
    expect(empty.settings).toEqual({ grace_days: 7, points_reset: "year" });

    const marks = await ok<Scale>(
      x.director.as,
      "POST",
      "/api/grade-config/scales",
      scaleBody("Calificación", NUMERIC),
    );
    expect(marks).toMatchObject({
      kind: "numeric",
      version: 1,
      versions_count: 1,
      definition: NUMERIC,
      is_active: true,
    });
    const levels = await ok<Scale>(x.director.as, "POST", "/api/grade-config/scales", {
      ...scaleBody("Frecuencia", LEVELS),
      name_en: "Frequency",
    });
    expect((levels.definition as { levels: unknown[] }).levels).toHaveLength(3);
    const [preescolar] = await t.db.insert(sections).values({ schoolId: x.school.id, name: "Preescolar" }).returning();

    const conduct = await ok<Measure>(x.director.as, "POST", "/api/grade-config/measures", {
      kind: "conduct",
      name_es: "Conducta",
      name_en: "Conduct",
      scale_id: marks.id,
      sections: [{ section_id: preescolar!.id, scale_id: levels.id }],
    });
    expect(conduct).toMatchObject({
      kind: "conduct",
      order: 0,
      sections: [{ section_id: preescolar!.id, scale_id: levels.id }],
    });
    const habits: Measure[] = [];
    for (const [es, en] of [
      ["Puntualidad", "Punctuality"],
      ["Uniforme", "Uniform"],
      ["Tareas", "Homework"],
      ["Participación", "Participation"],
    ]) {
      habits.push(
        await ok<Measure>(x.director.as, "POST", "/api/grade-config/measures", {
          kind: "habit",
          name_es: es,
          name_en: en,
          scale_id: levels.id,
        }),
      );
    }
    const reordered = await ok<Measure[]>(x.director.as, "PUT", "/api/grade-config/habits/order", {
      ids: [habits[3]!.id, habits[0]!.id, habits[1]!.id, habits[2]!.id],
    });
    expect(reordered.map((m) => m.name_es)).toEqual(["Conducta", "Participación", "Puntualidad", "Uniforme", "Tareas"]);

    // The override can be dropped again.
    const plain = await ok<Measure>(x.director.as, "PATCH", `/api/grade-config/measures/${conduct.id}`, {
      sections: [],
    });
    expect(plain.sections).toEqual([]);

    expect(
      await ok(x.director.as, "PUT", "/api/grade-config/settings", { grace_days: 0, points_reset: "period" }),
    ).toEqual({
      grace_days: 0,
      points_reset: "period",
    });
    const grave = await ok(x.director.as, "POST", "/api/grade-config/alert-rules", {
      kind: "incidents",
      classification: "serious",
      threshold: 3,
      window_days: 30,
    });
    expect(grave).toMatchObject({
      kind: "incidents",
      classification: "serious",
      threshold: 3,
      window_days: 30,
      is_active: true,
    });
    const below = await ok(x.director.as, "POST", "/api/grade-config/alert-rules", { kind: "conduct-below-passing" });
    expect(below).toMatchObject({ kind: "conduct-below-passing", classification: null });
    expect(
      (await send(x.director.as, "POST", "/api/grade-config/alert-rules", { kind: "conduct-below-passing" }))
        .statusCode,
    ).toBe(409);
    const off = await ok(x.director.as, "PATCH", `/api/grade-config/alert-rules/${grave.id}`, {
      is_active: false,
      threshold: 5,
    });
    expect(off).toMatchObject({ threshold: 5, is_active: false });

    const got = await config(x.director.as);
    expect(got.settings).toEqual({ grace_days: 0, points_reset: "period" });
    expect(got.measures.map((m) => [m.kind, m.name_es, m.scale_id])).toEqual([
      ["conduct", "Conducta", marks.id],
      ["habit", "Participación", levels.id],
      ["habit", "Puntualidad", levels.id],
      ["habit", "Uniforme", levels.id],
      ["habit", "Tareas", levels.id],
    ]);
    expect(got.alert_rules).toHaveLength(2);
    // A scale rated by an active measure is not switched off under it.
    const offScale = await send(x.director.as, "PATCH", `/api/grade-config/scales/${levels.id}`, { is_active: false });
    expect(offScale.statusCode).toBe(409);
    expect(offScale.json().code).toBe("SCALE_IN_USE");
    expect((await send(x.director.as, "DELETE", `/api/grade-config/scales/${levels.id}`)).json().code).toBe("IN_USE");
  });

  it("loads the suggested setup into a school without scales", async () => {
    const x = await incidentSchool(t.app, t.db);
    const got = await ok<Config>(x.director.as, "POST", "/api/grade-config/starter");
    expect(got.measures.map((m) => m.name_es)).toEqual([
      "Conducta",
      "Puntualidad",
      "Uniforme",
      "Tareas",
      "Participación",
    ]);
    expect(got.scales.map((sc) => sc.kind).sort()).toEqual(["levels", "numeric"]);
  });
});

describe("grade configurator: versioned scales", () => {
  it("adds a version when a rated scale changes; old ratings keep theirs and its definition", async () => {
    const x = await incidentSchool(t.app, t.db);
    const scale = await ok<Scale>(x.director.as, "POST", "/api/grade-config/scales", scaleBody("Conducta 5 a 10"));
    const measure = await ok<Measure>(x.director.as, "POST", "/api/grade-config/measures", {
      kind: "conduct",
      name_es: "Conducta",
      scale_id: scale.id,
    });

    // Unrated: edited in place, still version 1.
    const inPlace = await ok<Scale>(x.director.as, "PATCH", `/api/grade-config/scales/${scale.id}`, {
      definition: { ...NUMERIC, passing: 7 },
    });
    expect(inPlace).toMatchObject({ version_id: scale.version_id, version: 1, versions_count: 1 });
    expect(inPlace.definition).toEqual({ ...NUMERIC, passing: 7 });

    const [rating] = await t.db
      .insert(ratings)
      .values({
        schoolId: x.school.id,
        studentId: x.a1.id,
        periodId: x.period.id,
        measureId: measure.id,
        groupId: x.groupA.id,
        scaleVersionId: scale.version_id,
        value: "8.5",
        ratedBy: x.teacher.user.id,
      })
      .returning();

    // The same definition again (keys in another order, a rename): nothing new.
    const same = await ok<Scale>(x.director.as, "PATCH", `/api/grade-config/scales/${scale.id}`, {
      name_es: "Conducta (5 a 10)",
      definition: { passing: 7, step: 0.5, max: 10, min: 5, kind: "numeric" },
    });
    expect(same).toMatchObject({ version_id: scale.version_id, versions_count: 1, current_ratings: 1 });

    const changed = await ok<Scale>(x.director.as, "PATCH", `/api/grade-config/scales/${scale.id}`, {
      definition: { kind: "numeric", min: 0, max: 10, step: 1, passing: 6 },
    });
    expect(changed.version_id).not.toBe(scale.version_id);
    expect(changed).toMatchObject({ version: 2, versions_count: 2, current_ratings: 0, ratings_count: 1 });
    expect(changed.definition).toEqual({ kind: "numeric", min: 0, max: 10, step: 1, passing: 6 });

    const versions = await t.db.execute(
      sql`select id, version, definition from rating_scale_versions where school_id = ${x.school.id} and scale_id = ${scale.id} order by version`,
    );
    const rows = (versions as unknown as { rows: { id: number; version: number; definition: unknown }[] }).rows;
    expect(rows.map((r) => r.version)).toEqual([1, 2]);
    expect(rows[0]).toMatchObject({ id: scale.version_id, definition: { ...NUMERIC, passing: 7 } });
    const [still] = await t.db
      .execute(sql`select scale_version_id, value from ratings where id = ${rating!.id}`)
      .then((r) => (r as unknown as { rows: { scale_version_id: number; value: string }[] }).rows);
    expect(still).toEqual({ scale_version_id: scale.version_id, value: "8.5" });

    // Version 2 has no ratings yet: a further change rewrites it rather than adding a third.
    const again = await ok<Scale>(x.director.as, "PATCH", `/api/grade-config/scales/${scale.id}`, {
      definition: { kind: "numeric", min: 0, max: 10, step: 1, passing: 5 },
    });
    expect(again).toMatchObject({ version_id: changed.version_id, version: 2, versions_count: 2 });
    const [old] = await t.db
      .select({ definition: ratingScaleVersions.definition })
      .from(ratingScaleVersions)
      .where(sql`${ratingScaleVersions.schoolId} = ${x.school.id} and ${ratingScaleVersions.id} = ${scale.version_id}`);
    expect(old!.definition).toEqual({ ...NUMERIC, passing: 7 });

    // A rated scale and a rated measure are deactivated, never deleted.
    expect((await send(x.director.as, "DELETE", `/api/grade-config/measures/${measure.id}`)).json().code).toBe(
      "IN_USE",
    );
    const off = await ok<Measure>(x.director.as, "PATCH", `/api/grade-config/measures/${measure.id}`, {
      is_active: false,
    });
    expect(off.is_active).toBe(false);
    expect((await send(x.director.as, "DELETE", `/api/grade-config/scales/${scale.id}`)).json().code).toBe("IN_USE");
    const offScale = await ok<Scale>(x.director.as, "PATCH", `/api/grade-config/scales/${scale.id}`, {
      is_active: false,
    });
    expect(offScale.is_active).toBe(false);
  });

  it("versions a levels scale the same way, colours compared case-insensitively", async () => {
    const x = await incidentSchool(t.app, t.db);
    const setup = await ok<Config>(x.director.as, "POST", "/api/grade-config/starter");
    const levels = setup.scales.find((sc) => sc.kind === "levels")!;
    const habit = setup.measures.find((m) => m.kind === "habit")!;
    await t.db.insert(ratings).values({
      schoolId: x.school.id,
      studentId: x.a1.id,
      periodId: x.period.id,
      measureId: habit.id,
      groupId: x.groupA.id,
      scaleVersionId: levels.version_id,
      value: "E",
      ratedBy: x.director.user.id,
    });
    const definition = levels.definition as { kind: "levels"; levels: { colour: string }[] };
    const upper = { ...definition, levels: definition.levels.map((l) => ({ ...l, colour: l.colour.toUpperCase() })) };
    const same = await ok<Scale>(x.director.as, "PATCH", `/api/grade-config/scales/${levels.id}`, {
      definition: upper,
    });
    expect(same.versions_count).toBe(1);
    const renamed = {
      ...definition,
      levels: definition.levels.map((l, i) => (i === 3 ? { ...l, name_es: "Necesita apoyo" } : l)),
    };
    const next = await ok<Scale>(x.director.as, "PATCH", `/api/grade-config/scales/${levels.id}`, {
      definition: renamed,
    });
    expect(next).toMatchObject({ version: 2, versions_count: 2, ratings_count: 1, current_ratings: 0 });
  });
});
