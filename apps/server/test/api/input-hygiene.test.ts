import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ERRORS } from "@convive/domain";
import { eq } from "drizzle-orm";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { observationTypes, students } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, createUser, login } from "../helpers/factories.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";
import { hygieneViolations, responseChecks, routeViolations } from "../helpers/zod-walk.ts";
import { csv, send } from "./import-helpers.ts";

/**
 * Issue 9, reproduction 4: a NUL byte anywhere a text reached PostgreSQL answered 500, and ids were coerced
 * (`DELETE /api/observation-types/0x10` deleted id 16). Every text now goes through singleLine()/multiLine()
 * and every id through Id/QueryId (packages/domain/src/schemas/fields.ts), which the first test enforces.
 */
let t: TestApp;
let s: IncidentSchool;
const REFUSED = ERRORS.CONTROL_CHARACTERS.es;

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
});
afterAll(() => t.close());

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });

describe("input hygiene by construction", () => {
  it("builds every text and id a route reads from the helpers, never from bare z.string() or z.coerce", () => {
    // The rule itself: a bare string and a coerced number are found, the helpers pass.
    expect(hygieneViolations(z.object({ a: z.string(), b: z.coerce.number() }))).toHaveLength(2);

    const { checked, violations } = routeViolations(t.app.routeCatalogue);
    expect(checked).toBeGreaterThan(100);
    expect(violations).toEqual([]);
  });

  it("keeps the request helpers out of answers, so rows stored before them are still served", async () => {
    expect(responseChecks(t.app.routeCatalogue)).toEqual([]);
    await t.db
      .update(students)
      .set({ address: { street: "Av. Juárez\t12" }, firstName: "Ana\u0001" })
      .where(eq(students.id, s.a2.id));
    const res = await s.director.as({ method: "GET", url: `/api/students/${s.a2.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.student.address.street).toBe("Av. Juárez\t12");
  });

  it("has no z.coerce left in the schemas or the modules (a coerced id reads 0x10 as 16)", () => {
    const root = new URL("../../../../", import.meta.url).pathname;
    const files = [
      ...sourceFiles(join(root, "packages/domain/src/schemas")),
      ...sourceFiles(join(root, "apps/server/src/modules")),
    ];
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((f) => /z\s*\.\s*coerce\b/.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });
});

describe("control characters", () => {
  it("refuses a NUL byte in the sign-in and forgot-password e-mail with 422, never 500", async () => {
    for (const url of ["/login", "/api/user/forgot-password"]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        payload: { email: "a\u0000@b.test", password: "x" },
        remoteAddress: "10.9.9.9",
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.email, url).toBe(REFUSED);
    }
  });

  it("refuses %00 in every search and the incidents' q, also in the export, in the reader's language", async () => {
    const searches = [
      "/api/students?search=%00",
      "/api/school-users?search=%00",
      "/api/family-members?search=%00",
      "/api/incidents?q=%00",
      "/api/incidents/export?q=%00",
      "/api/incidents/student-options?q=a%00b",
    ];
    for (const url of searches) {
      const res = await s.director.as({ method: "GET", url });
      expect(res.statusCode, url).toBe(422);
      expect(Object.values(res.json().errors), url).toEqual([REFUSED]);
    }
    const english = await s.director.as({ method: "GET", url: searches[0]!, headers: { "accept-language": "en" } });
    expect(english.json().errors.search).toBe(ERRORS.CONTROL_CHARACTERS.en);

    const root = await createUser(t.db, { root: 1 });
    const asRoot = client(t.app, await login(t.app, root.email));
    const admin = await asRoot({ method: "GET", url: "/api/admin/users?search=%00" });
    expect(admin.statusCode).toBe(422);
  });

  it("refuses NUL, other controls and lone surrogates in bodies; line breaks only in text areas", async () => {
    const bad = ["a\u0000b", "a\u0001", "a\u007f", "a\u009b", "a\ud800"];
    const bodies = [
      ["/api/sections", "name", {}],
      ["/api/subjects", "name", {}],
      ["/api/profiles", "name", {}],
      ["/api/incident-categories", "name_es", {}],
    ] as const;
    for (const [url, field, rest] of bodies) {
      for (const value of [...bad, "dos\nrenglones", "con\ttab"]) {
        const res = await s.director.as({ method: "POST", url, payload: { ...rest, [field]: value } });
        expect(res.statusCode, `${url} ${JSON.stringify(value)}`).toBe(422);
        expect(res.json().errors[field]).toBe(REFUSED);
      }
    }
    // A detail is written in a text area: line breaks and tabs are text there, a NUL is not.
    const nul = await s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, { detail: "x\u0000" }),
    });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors.detail).toBe(REFUSED);
    const lines = await s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, { detail: "Primer renglón\r\n\tSegundo renglón" }),
    });
    expect(lines.statusCode).toBe(201);
    const place = await s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, { place: "Pa\ntio" }),
    });
    expect(place.json().errors.place).toBe(REFUSED);
  });

  it("answers 4xx to control characters in the school header and in cookies", async () => {
    for (const school of ["%00", "esc\u0001", "x".repeat(300)]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/students",
        headers: { authorization: `Bearer ${s.director.token}`, "x-school-id": school },
      });
      expect(res.statusCode, school).toBe(404);
    }
    const cookies: Record<string, string>[] = [
      { convive_session: "%00" },
      { convive_session: "%E0%A4%A" },
      { convive_session: s.director.token, "XSRF-TOKEN": "%E0%A4%A" },
    ];
    for (const cookie of cookies) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/sections",
        cookies: cookie,
        headers: { "x-school-id": s.school.id, "x-xsrf-token": "%E0%A4%A" },
        payload: { name: "Secundaria" },
      });
      expect(res.statusCode, JSON.stringify(cookie)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(cookie)).toBeLessThan(500);
    }
    // The same malformed XSRF value in cookie and header is a mismatch, not a match.
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/sections",
      cookies: { convive_session: s.director.token, "XSRF-TOKEN": "%E0%A4%A" },
      headers: { "x-school-id": s.school.id, "x-xsrf-token": "%E0%A4%A" },
      payload: { name: "Secundaria" },
    });
    expect(forged.statusCode).toBe(419);
    // The refresh token travels only in its HttpOnly cookie: a NUL there is refused like any bad token.
    for (const xsrf of [{}, { "XSRF-TOKEN": "x" }] as Record<string, string>[]) {
      const refresh = await t.app.inject({
        method: "POST",
        url: "/api/auth/refresh",
        cookies: { convive_refresh: "a%00b", ...xsrf },
        headers: { "x-xsrf-token": "x" },
        payload: {},
      });
      expect(refresh.statusCode).toBeGreaterThanOrEqual(400);
      expect(refresh.statusCode).toBeLessThan(500);
    }
  });
});

describe("text that reaches PostgreSQL without a request schema", () => {
  it("refuses control characters in imported cells as row errors, as the forms would", async () => {
    const file = csv([
      ["Matrícula del alumno", "Parentesco", "Correo electrónico", "Nombre", "Observaciones"],
      [s.a1.enrollment, "Madre", "laura@example.test", "Lau\u0000ra", '"Recoge los\nviernes"'],
      [s.b1.enrollment, "Padre", "beto@example.test", "Beto", "a\u0007"],
    ]);
    const res = await send(s.director.as, "/api/imports/families/dry-run", file);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ valid: 0, invalid: 2 });
    expect(res.json().data.errors).toEqual([
      { row: 2, column: "first_name", message: REFUSED },
      { row: 3, column: "observations", message: REFUSED },
    ]);
    const commit = await send(s.director.as, "/api/imports/families/commit", file);
    expect(commit.statusCode).toBe(422);
  });

  it("reads a ZIP entry named with a NUL as an unknown enrollment, not a 500", async () => {
    const zip = Buffer.from(zipSync({ [`${s.a1.enrollment}\u0000.jpg`]: new Uint8Array([1, 2, 3]) }));
    const res = await s.director.as({
      method: "POST",
      url: "/api/students/photos",
      payload: zip,
      headers: { "content-type": "application/zip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.results.map((r: { status: string }) => r.status)).toEqual(["unknown_enrollment"]);
  });
});

describe("ids", () => {
  it("refuses every loose spelling of an id in a path instead of reading it as another id", async () => {
    const [row] = await t.db
      .insert(observationTypes)
      .values({ schoolId: s.school.id, nameEs: "Puntualidad", kind: "positive", points: 1 })
      .returning();
    const id = row!.id;
    const loose = [`0x${id.toString(16)}`, `${id}e0`, ` ${id}`, `${id}.0`, `+${id}`, `0${id}`, "-1", "0", "2147483648"];
    loose.push("99999999999999999999", `${id}%00`);
    for (const spelling of loose) {
      const res = await s.director.as({ method: "DELETE", url: `/api/observation-types/${encodeURI(spelling)}` });
      expect(res.statusCode, spelling).toBe(422);
    }
    const [still] = await t.db.select().from(observationTypes).where(eq(observationTypes.id, id));
    expect(still).toBeDefined();
  });

  it("refuses loose ids and numbers in queries and ids sent as strings in bodies", async () => {
    for (const url of [
      `/api/incidents?group_id=0x${s.groupA.id.toString(16)}`,
      "/api/incidents?page=1e1",
      "/api/students?per_page=%2020",
      `/api/grades?section_id=${s.section.id}.0`,
      "/api/notifications?cursor=-1",
    ]) {
      const res = await s.director.as({ method: "GET", url });
      expect(res.statusCode, url).toBe(422);
    }
    const asString = await s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, { type_id: String(s.type.id) }),
    });
    expect(asString.statusCode).toBe(422);
    expect(Object.keys(asString.json().errors)).toEqual(["type_id"]);
  });
});
