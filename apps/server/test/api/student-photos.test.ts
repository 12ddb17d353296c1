import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { perm } from "@convive/domain";
import { eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schools } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf, uniq } from "../helpers/factories.ts";
import { customMember } from "../helpers/master-configuration.ts";
import { peopleSnapshot } from "./people-helpers.ts";

let t: TestApp;
let jpeg: Buffer;
let png: Buffer;
const uploads = mkdtempSync(join(tmpdir(), "convive-photos-"));
beforeAll(async () => {
  t = await createTestApp({ UPLOADS_DIR: uploads });
  // A photo as phones take them: EXIF with the camera and the place it was taken.
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: "Phone", Copyright: "Familia" }, IFD3: { GPSLatitudeRef: "N" } } })
    .toBuffer();
  png = await sharp({ create: { width: 32, height: 32, channels: 4, background: "#fff0" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

type As = Awaited<ReturnType<typeof memberOf>>["as"];
const MB = 1024 * 1024;

async function student(as: As) {
  const res = await as({
    method: "POST",
    url: "/api/students",
    payload: { enrollment: uniq("CDA"), first_name: "Sofía" },
  });
  return res.json().data.student as { id: number; enrollment: string };
}

const upload = (as: As, url: string, body: Buffer, type: string, language = "es") =>
  as({ method: "POST", url, payload: body, headers: { "content-type": type, "x-language": language } });

describe("student photos", () => {
  it("stores a re-encoded copy without metadata and serves it", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const s = await student(d.as);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(d.as, `/api/students/${s.id}/photo`, jpeg, "image/jpeg");
    expect(res.statusCode).toBe(200);
    const photo = res.json().data.student.photo as string;
    expect(photo).toMatch(/^\/private-uploads\/[a-f0-9]{32}\.jpg$/);
    // A minor's photo is never served to someone who is not signed in, nor from the public folder.
    expect((await t.app.inject({ method: "GET", url: photo })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: photo.replace("/private-uploads/", "/uploads/") })).statusCode,
    ).toBe(404);
    const served = await d.as({ method: "GET", url: photo });
    expect(served.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.exif, meta.xmp]).toEqual(["jpeg", 64, undefined, undefined]);
    // A PNG sent as JPEG is still a PNG: the bytes decide, not the label.
    const again = await upload(d.as, `/api/students/${s.id}/photo`, png, "image/jpeg");
    expect(again.json().data.student.photo).toMatch(/\.png$/);
    expect((await d.as({ method: "GET", url: photo })).statusCode).toBe(404);
    const cleared = await d.as({ method: "DELETE", url: `/api/students/${s.id}/photo` });
    expect(cleared.json().data.student.photo).toBeNull();
  });

  it("refuses a picture above the school's limit with its figure, and what is not an image", async () => {
    const d = await memberOf(t.app, t.db, "director");
    await t.db.update(schools).set({ maxFileSizeInMb: 1 }).where(eq(schools.id, d.school.id));
    const s = await student(d.as);
    const before = await peopleSnapshot(t.db, d.school.id);
    const big = Buffer.concat([jpeg, Buffer.alloc(1.5 * MB)]);
    const tooBig = await upload(d.as, `/api/students/${s.id}/photo`, big, "image/jpeg", "en");
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: "FILE_TOO_LARGE", message: "Images that exceed the size of 1mb" });
    const text = await upload(d.as, `/api/students/${s.id}/photo`, Buffer.from("hola, no soy una foto"), "image/png");
    expect([text.statusCode, text.json().code]).toEqual([422, "INVALID_IMAGE"]);
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
    expect((await upload(d.as, `/api/students/${s.id}/photo`, gif, "image/gif")).json().code).toBe("INVALID_IMAGE");
    // Right magic bytes, broken body.
    const broken = Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(200, 7)]);
    expect((await upload(d.as, `/api/students/${s.id}/photo`, broken, "image/jpeg")).json().code).toBe("INVALID_IMAGE");
    expect(await peopleSnapshot(t.db, d.school.id)).toEqual(before);
  });

  it("assigns a ZIP of photos named by enrollment and answers per file", async () => {
    const d = await memberOf(t.app, t.db, "director");
    await t.db.update(schools).set({ maxFileSizeInMb: 1 }).where(eq(schools.id, d.school.id));
    const [a, b, c, e] = [await student(d.as), await student(d.as), await student(d.as), await student(d.as)];
    const zip = Buffer.from(
      zipSync({
        [`${a.enrollment}.jpg`]: jpeg,
        [`fotos/${b.enrollment.toLowerCase()}.PNG`]: png,
        "CDA-0000-9999.jpg": jpeg,
        [`${c.enrollment}.jpg`]: strToU8("not a picture"),
        // Compresses to almost nothing: only counted bytes decide (a zip bomb stops at the limit).
        [`${e.enrollment}.jpg`]: Buffer.concat([jpeg, Buffer.alloc(2 * MB)]),
        "__MACOSX/._x.jpg": strToU8("resource fork"),
        "fotos/": new Uint8Array(),
      }),
    );
    const res = await upload(d.as, "/api/students/photos", zip, "application/zip", "en");
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const byFile = Object.fromEntries(data.results.map((r: { file: string; status: string }) => [r.file, r.status]));
    expect(byFile).toEqual({
      [`${a.enrollment}.jpg`]: "assigned",
      [`fotos/${b.enrollment.toLowerCase()}.PNG`]: "assigned",
      "CDA-0000-9999.jpg": "unknown_enrollment",
      [`${c.enrollment}.jpg`]: "bad_type",
      [`${e.enrollment}.jpg`]: "too_big",
    });
    expect([data.assigned, data.refused]).toEqual([2, 3]);
    const tooBig = data.results.find((r: { status: string }) => r.status === "too_big");
    expect(tooBig.message).toBe("Images that exceed the size of 1mb");
    const list = (await d.as({ method: "GET", url: "/api/students?per_page=10" })).json().data.students;
    const photos = Object.fromEntries(list.map((s: { id: number; photo: string | null }) => [s.id, s.photo !== null]));
    expect(photos).toEqual({ [a.id]: true, [b.id]: true, [c.id]: false, [e.id]: false });

    const notZip = await upload(d.as, "/api/students/photos", Buffer.from("PK?nope"), "application/zip");
    expect([notZip.statusCode, notZip.json().code]).toEqual([422, "INVALID_ZIP"]);
  });

  it("takes one file named by enrollment", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const s = await student(d.as);
    const res = await upload(d.as, `/api/students/photos/${s.enrollment}`, png, "image/png");
    expect(res.json().data.result).toMatchObject({ status: "assigned", student_id: s.id, message: "Foto asignada" });
    const unknown = await upload(d.as, "/api/students/photos/CDA-0000-0000", png, "image/png");
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, "UNKNOWN_ENROLLMENT"]);
  });

  it("needs the students update permission and the school's own students", async () => {
    const a = await memberOf(t.app, t.db, "director");
    const s = await student(a.as);
    const reader = await customMember(t.app, t.db, a.school, [perm("master-configuration-students", "read")]);
    const b = await memberOf(t.app, t.db, "director");
    const before = await peopleSnapshot(t.db, a.school.id);
    expect((await upload(reader.as, `/api/students/${s.id}/photo`, jpeg, "image/jpeg")).statusCode).toBe(403);
    expect(
      (await upload(reader.as, "/api/students/photos", Buffer.from(zipSync({})), "application/zip")).statusCode,
    ).toBe(403);
    expect((await upload(b.as, `/api/students/${s.id}/photo`, jpeg, "image/jpeg")).statusCode).toBe(404);
    expect((await b.as({ method: "DELETE", url: `/api/students/${s.id}/photo` })).statusCode).toBe(404);
    expect((await upload(b.as, `/api/students/photos/${s.enrollment}`, jpeg, "image/jpeg")).statusCode).toBe(404);
    const zip = Buffer.from(zipSync({ [`${s.enrollment}.jpg`]: jpeg }));
    const other = await upload(b.as, "/api/students/photos", zip, "application/zip");
    expect(other.json().data.results[0].status).toBe("unknown_enrollment");
    expect(await peopleSnapshot(t.db, a.school.id)).toEqual(before);
  });
});
