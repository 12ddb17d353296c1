import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { perm } from "@convive/domain";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, memberOf } from "../helpers/factories.ts";
import { png } from "../helpers/images.ts";
import { customMember, structureSnapshot } from "../helpers/master-configuration.ts";

const MB = 1024 * 1024;
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

let t: TestApp;
let uploads: string;
beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), "convive-logo-"));
  t = await createTestApp({ UPLOADS_DIR: uploads });
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

type As = Awaited<ReturnType<typeof memberOf>>["as"];
const info = async (as: As) => (await as({ method: "GET", url: "/api/school-info" })).json().data.school_info;
const patch = (as: As, payload: Record<string, unknown>, lang = "es") =>
  as({ method: "PATCH", url: "/api/school-info", payload, headers: { "accept-language": lang } });
const uploadLogo = (as: As, type: string, body: Buffer) =>
  as({ method: "POST", url: "/api/school-info/logo", headers: { "content-type": type }, payload: body });

describe("school information", () => {
  it("answers the defaults with the colour pairs below WCAG AA", async () => {
    const { as, school } = await memberOf(t.app, t.db, "director");
    expect(await info(as)).toMatchObject({
      id: school.id,
      time_zone: "America/Mexico_City",
      logo: null,
      institutional_color_1: "#090d18",
      institutional_color_2: "#ff9800",
      institutional_color_3: "#73abd6",
      institutional_color_4: "#e66465",
      max_file_size_in_mb: 2,
      privacy_notice_version: 1,
      contrast_warnings: [
        { pair: "active_title", foreground: "#e66465", background: "#73abd6", ratio: 1.33, minimum: 4.5 },
      ],
    });
  });

  it("saves the fields, normalises colours and recomputes the warnings; the layout sees it at once", async () => {
    const { as } = await memberOf(t.app, t.db, "director");
    // Read through the layout's call first so a stale cached answer would show.
    await as({ method: "GET", url: "/api/schoolInformation" });
    const res = await patch(as, {
      name: "Colegio Andes",
      legal_name: "Colegio Andes A.C.",
      cct: "09PPR0001A",
      email: "contacto@andes.mx",
      phone: "",
      time_zone: "America/Monterrey",
      institutional_color_1: "#7C7C7C",
      institutional_color_3: "#FFFFFF",
      institutional_color_4: "#0B3D91",
      max_file_size_in_mb: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data.school_info;
    expect(saved).toMatchObject({
      name: "Colegio Andes",
      phone: null,
      time_zone: "America/Monterrey",
      institutional_color_1: "#7c7c7c",
      max_file_size_in_mb: 5,
      privacy_notice_version: 1,
    });
    expect(saved.contrast_warnings.map((w: { pair: string }) => w.pair)).toEqual(["nav_text"]);
    const layout = (await as({ method: "GET", url: "/api/schoolInformation" })).json().data.SchoolInformations[0];
    expect(layout).toMatchObject({ name: "Colegio Andes", institutional_color_1: "#7c7c7c", max_file_size_in_mb: 5 });
  });

  it("raises the privacy notice version when a text changes, so members accept again", async () => {
    const director = await memberOf(t.app, t.db, "director");
    const member = await memberOf(t.app, t.db, "docente", director.school);
    const viewed = async () =>
      (await member.as({ method: "GET", url: `/api/users/${member.user.id}` })).json().data.user.privacy_notice_viewed;
    await member.as({ method: "POST", url: `/api/users/${member.user.id}`, payload: { privacy_notice_viewed: 1 } });
    expect(await viewed()).toBe(1);

    await patch(director.as, { name: "Otro nombre" });
    expect((await info(director.as)).privacy_notice_version).toBe(1);
    expect(await viewed()).toBe(1);

    const changed = await patch(director.as, {
      privacy_notice_es: "Aviso de privacidad v2",
      privacy_notice_en: "Privacy notice v2",
    });
    expect(changed.json().data.school_info).toMatchObject({
      privacy_notice_es: "Aviso de privacidad v2",
      privacy_notice_version: 2,
    });
    expect(await viewed()).toBe(0);
    // The same text again is no change.
    await patch(director.as, { privacy_notice_es: "Aviso de privacidad v2" });
    expect((await info(director.as)).privacy_notice_version).toBe(2);
    await member.as({ method: "POST", url: `/api/users/${member.user.id}`, payload: { privacy_notice_viewed: 1 } });
    expect(await viewed()).toBe(1);
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const { as, school } = await memberOf(t.app, t.db, "director");
    const before = await structureSnapshot(t.db, school.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", "empty fields"],
      [{ institutional_color_1: "red" }, "institutional_color_1", "Check the highlighted fields."],
      [{ institutional_color_2: "#fff" }, "institutional_color_2", "Check the highlighted fields."],
      [{ time_zone: "Mars/Olympus_Mons" }, "time_zone", "Check the highlighted fields."],
      [{ max_file_size_in_mb: 0 }, "max_file_size_in_mb", "empty fields"],
      [{ max_file_size_in_mb: 21 }, "max_file_size_in_mb", "Check the highlighted fields."],
      [{ max_file_size_in_mb: 2.5 }, "max_file_size_in_mb", "Check the highlighted fields."],
      [{ email: "no-es-correo" }, "email", "Check the highlighted fields."],
    ];
    for (const [body, field, message] of cases) {
      const res = await patch(as, { ...body, legal_name: "no debe guardarse" }, "en");
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(body)).toBe(message);
    }
    expect(await structureSnapshot(t.db, school.id)).toEqual(before);
  });

  it("keeps quiet hours a window: both ends or none (issue 25 §2)", async () => {
    const { as } = await memberOf(t.app, t.db, "director");
    const half = await patch(as, { quiet_hours_start: "21:00" }, "en");
    expect(half.statusCode).toBe(422);
    expect(half.json().errors.quiet_hours_end).toBe("Check the highlighted fields.");
    expect(await info(as)).toMatchObject({ quiet_hours_start: null, quiet_hours_end: null });

    expect((await patch(as, { quiet_hours_start: "21:00", quiet_hours_end: "07:00" })).statusCode).toBe(200);
    expect(await info(as)).toMatchObject({ quiet_hours_start: "21:00", quiet_hours_end: "07:00" });
    // One end moved alone is fine; one end cleared alone is not.
    expect((await patch(as, { quiet_hours_end: "06:30" })).statusCode).toBe(200);
    const cleared = await patch(as, { quiet_hours_start: null }, "en");
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().errors.quiet_hours_start).toBe("Check the highlighted fields.");
    expect((await patch(as, { quiet_hours_start: null, quiet_hours_end: null })).statusCode).toBe(200);
    expect(await info(as)).toMatchObject({ quiet_hours_start: null, quiet_hours_end: null });
  });
});

describe("school logo", () => {
  it("stores a PNG, serves it, replaces it (deleting the old file) and removes it", async () => {
    const { as } = await memberOf(t.app, t.db, "director");
    const picture = png(4096);
    const res = await uploadLogo(as, "image/png", picture);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().data.school_info.logo;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ method: "GET", url });
    expect([served.statusCode, served.headers["content-type"]]).toEqual([200, "image/png"]);
    // Re-encoded before storing: still a PNG of the same picture, without what was appended to the upload.
    expect((await sharp(served.rawPayload).metadata()).format).toBe("png");
    expect(served.rawPayload.length).toBeLessThan(picture.length);
    const layout = (await as({ method: "GET", url: "/api/schoolInformation" })).json().data.SchoolInformations[0];
    expect(layout.logo).toBe(url);

    const second: string = (await uploadLogo(as, "image/png", png(128))).json().data.school_info.logo;
    expect(second).not.toBe(url);
    expect(existsSync(join(uploads, url.slice("/uploads/".length)))).toBe(false);
    const removed = await as({ method: "DELETE", url: "/api/school-info/logo" });
    expect(removed.json().data.school_info.logo).toBeNull();
    expect(existsSync(join(uploads, second.slice("/uploads/".length)))).toBe(false);
  });

  it("refuses SVG, content that is not what it claims, and files above the school's limit", async () => {
    const { as, school } = await memberOf(t.app, t.db, "director");
    await patch(as, { max_file_size_in_mb: 1 });
    const before = await structureSnapshot(t.db, school.id);
    const asSvg = await uploadLogo(as, "image/svg+xml", svg);
    expect([asSvg.statusCode, asSvg.json().code]).toEqual([422, "VALIDATION"]);
    const svgAsPng = await uploadLogo(as, "image/png", svg);
    expect([svgAsPng.statusCode, svgAsPng.json().code]).toEqual([422, "INVALID_IMAGE"]);
    const pngAsJpeg = await uploadLogo(as, "image/jpeg", png());
    expect(pngAsJpeg.json().code).toBe("INVALID_IMAGE");
    const big = await uploadLogo(as, "image/png", png(1.5 * MB));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: "FILE_TOO_LARGE", message: "Imágenes que exceden el tamaño de 1mb" });
    expect(await structureSnapshot(t.db, school.id)).toEqual(before);
  });
});

describe("school information: permissions and other schools", () => {
  it("gives a Docente 403, lets read-only read, and update-only write", async () => {
    const director = await memberOf(t.app, t.db, "director");
    const docente = await memberOf(t.app, t.db, "docente", director.school);
    const reader = await customMember(t.app, t.db, director.school, [perm("master-configuration-school-info", "read")]);
    const writer = await customMember(t.app, t.db, director.school, [
      perm("master-configuration-school-info", "update"),
    ]);
    const before = await structureSnapshot(t.db, director.school.id);
    for (const who of [docente, reader]) {
      expect((await patch(who.as, { name: "X" })).statusCode).toBe(403);
      expect((await uploadLogo(who.as, "image/png", png())).statusCode).toBe(403);
      expect((await who.as({ method: "DELETE", url: "/api/school-info/logo" })).statusCode).toBe(403);
    }
    expect((await docente.as({ method: "GET", url: "/api/school-info" })).statusCode).toBe(403);
    expect((await reader.as({ method: "GET", url: "/api/school-info" })).statusCode).toBe(200);
    expect(await structureSnapshot(t.db, director.school.id)).toEqual(before);
    expect((await writer.as({ method: "GET", url: "/api/school-info" })).statusCode).toBe(403);
    expect((await patch(writer.as, { name: "Escrito" })).statusCode).toBe(200);
  });

  it("never reaches another school: naming it is 404 and each school edits only itself", async () => {
    const a = await memberOf(t.app, t.db, "director");
    const b = await memberOf(t.app, t.db, "director");
    const before = await structureSnapshot(t.db, a.school.id);
    const intoA = client(t.app, b.token, a.school.id);
    expect((await intoA({ method: "GET", url: "/api/school-info" })).statusCode).toBe(404);
    expect((await patch(intoA, { name: "Tomada" })).statusCode).toBe(404);
    expect((await uploadLogo(intoA, "image/png", png())).statusCode).toBe(404);
    expect((await patch(b.as, { name: "Escuela B" })).statusCode).toBe(200);
    expect(await structureSnapshot(t.db, a.school.id)).toEqual(before);
  });
});
