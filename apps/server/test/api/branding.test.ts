import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { createSchool } from "../helpers/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_DOMAIN: "convive.test" });
});
afterAll(() => t.close());

describe("GET /api/school-branding (school information by domain)", () => {
  it("answers the named school's name, logo and colours, and nothing private", async () => {
    const school = await createSchool(t.db, { name: "Colegio Marca" });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/school-branding",
      headers: { host: `${school.id}.convive.test` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.school).toEqual({
      id: school.id,
      name: "Colegio Marca",
      logo: null,
      institutional_color_1: "#090d18",
      institutional_color_2: "#ff9800",
      institutional_color_3: "#73abd6",
      institutional_color_4: "#e66465",
    });
  });

  it("answers no school on the bare domain, and 404 for an unknown or inactive one", async () => {
    const bare = await t.app.inject({ method: "GET", url: "/api/school-branding", headers: { host: "convive.test" } });
    expect(bare.json()).toEqual({ data: { school: null } });
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/school-branding",
      headers: { "x-school-id": "no-existe" },
    });
    expect(unknown.statusCode).toBe(404);
    const inactive = await createSchool(t.db, { isActive: false });
    const off = await t.app.inject({
      method: "GET",
      url: "/api/school-branding",
      headers: { "x-school-id": inactive.id },
    });
    expect(off.statusCode).toBe(404);
  });
});
